import { describe, expect, it } from "vitest";
import { BEAUTY, get } from "../helpers/request";

/**
 * The documents' shape that the W3C checker holds in the browser tests (test/e2e/valid-markup.spec.ts,
 * decision 161), here where it is quick to see: what a page streams comes before its end tags.
 */

/** The body read chunk by chunk as it arrives, so that a test can tell a streamed page from a buffered one. */
async function chunks(res: Response): Promise<string[]> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const parts: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

describe("the document's end (decision 161)", () => {
  it("comes after the streamed part of a product page, which is still streamed", async () => {
    const parts = await chunks(await get(BEAUTY, "/shop/view/b0017"));
    const html = parts.join("");
    const streamed = html.indexOf('<div hidden id="S:');
    // The recommendations came after the shell (the product page defers them), and the data Remix
    // sends on came with them…
    expect(streamed).toBeGreaterThan(html.indexOf("</main>"));
    expect(html.indexOf("window.__remixContext.streamController", streamed)).toBeGreaterThan(streamed);
    // …all of it inside the body: the document ends once, at the very end.
    expect(html.endsWith("</body></html>")).toBe(true);
    expect(html.match(/<\/body>/g)).toHaveLength(1);
    expect(html.match(/<\/html>/g)).toHaveLength(1);
    // The shell reached the reader before the streamed part: nothing waited for the end.
    const shell = parts.findIndex((part, i) =>
      parts
        .slice(0, i + 1)
        .join("")
        .includes("</main>"),
    );
    const rest = parts.findIndex((part, i) =>
      parts
        .slice(0, i + 1)
        .join("")
        .includes('<div hidden id="S:'),
    );
    expect(shell).toBeGreaterThanOrEqual(0);
    expect(rest).toBeGreaterThan(shell);
  });

  it("is the same on a page sent whole (a crawler's) and on a page without a streamed part", async () => {
    const crawler = {
      headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    };
    for (const [path, init] of [
      ["/shop/view/b0017", crawler],
      ["/user/login", {}],
      ["/shop/view/no-such-product", {}],
    ] as const) {
      const html = await (await get(BEAUTY, path, init)).text();
      expect(html.endsWith("</body></html>"), path).toBe(true);
      expect(html.match(/<\/body>/g), path).toHaveLength(1);
    }
  });
});
