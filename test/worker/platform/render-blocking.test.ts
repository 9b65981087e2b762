import { describe, expect, it } from "vitest";
import { BEAUTY, get } from "../helpers/request";

/**
 * What the browser's first paint waits for: the head's stylesheet, and nothing else. Decision 141
 * made it wait for the whole markup too (`<link rel="expect" href="#page-end" blocking="render">`,
 * a marker after the page's content); decision 161 took that out: the W3C checker (behind the HTML
 * Standard here) refuses `blocking` on any link but a stylesheet, and nothing it accepts waits for a
 * place in the parse. What must not come in its stead: a paint held for scripts, or for a page's
 * streamed data (a product page's recommendations come up to seconds after its shell).
 */
describe("the first paint waits for the stylesheet alone", () => {
  it.each(["/", "/shop/list?category=0", "/shop/view/b0017", "/shop/view/no-such-product"])("%s", async (path) => {
    const html = await (await get(BEAUTY, path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain("<head>");
    // Nothing asks the browser to hold its paint for a script, a style or a place in the markup…
    expect(html).not.toMatch(/<[a-z]+ [^>]*\bblocking=/);
    expect(html).not.toMatch(/<link [^>]*rel="expect"/);
    // …no script in the head but data (the browser would run one before painting; a deferred or
    // module script would wait for the whole stream)…
    expect(head).not.toMatch(/<script(?![^>]* type="application\/ld\+json")/);
    // …and one stylesheet, the page's one render-blocking resource.
    expect(head.match(/<link [^>]*rel="stylesheet"/g)).toHaveLength(1);
    expect(html.slice(head.length).match(/<link [^>]*rel="stylesheet"/g)).toBeNull();
  });
});
