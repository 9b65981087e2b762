import { describe, expect, it } from "vitest";
import { BEAUTY, get } from "../helpers/request";

/**
 * Decision 141: the browser paints nothing before the page's markup is all parsed (`<link
 * rel="expect" blocking="render">` naming an element after it), and the scripts that follow the
 * markup are not waited for.
 */
describe("the first paint waits for the page's markup, not its scripts", () => {
  it.each(["/", "/shop/list?category=0", "/shop/view/b0017", "/shop/view/no-such-product"])("%s", async (path) => {
    const html = await (await get(BEAUTY, path)).text();
    const link = html.indexOf('<link rel="expect" href="#page-end" blocking="render"/>');
    const end = html.indexOf('<div id="page-end" hidden="">');
    expect(link).toBeGreaterThan(0);
    expect(link).toBeLessThan(html.indexOf("</head>"));
    // After everything the page shows (the shop's business details close its footer)…
    expect(html).toContain("사업자등록번호");
    expect(end).toBeGreaterThan(html.lastIndexOf("사업자등록번호"));
    // …and before every script the body runs.
    expect(end).toBeLessThan(html.indexOf("<script", html.indexOf("<body")));
    expect(html.match(/id="page-end"/g)).toHaveLength(1);
  });
});
