import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../../functions/worker";
import { OVERLAY_ATTRIBUTE } from "~/shared/personal";
import { BEAUTY, get } from "../helpers/request";

/**
 * The documents' shape that the W3C checker holds in the browser tests (test/e2e/valid-markup.spec.ts,
 * decision 161), here where it is quick to see: what a page streams comes before its end tags, and
 * the head's `<meta charset>` within the first 1024 bytes.
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

/** A page through the whole Worker with the page cache on (kept pages filled per visitor, decision 122). */
async function kept(path: string, cookie?: string): Promise<{ html: string; cookies: string[] }> {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { host: BEAUTY };
  if (cookie) headers.cookie = cookie;
  const res = await worker.fetch(
    new Request(`http://${BEAUTY}${path}`, { headers, redirect: "manual" }),
    { ...env, PAGE_CACHE_SECONDS: "60" },
    ctx,
  );
  const html = await res.text();
  await waitOnExecutionContext(ctx);
  return { html, cookies: res.headers.getSetCookie() };
}

describe("the character encoding's declaration (decision 161)", () => {
  it("stays in the first 1024 bytes with a returning visitor's overlay, which is on <body>", async () => {
    // A device with recent views: the frame's part of the overlay names them (and its cart's address).
    const first = await kept("/shop/view/b0005");
    const device = first.cookies.map((c) => c.split(";")[0]!).find((c) => c.startsWith("uuid_value="));
    expect(device).toBeTruthy();
    for (const sid of ["b0006", "b0014"]) await kept(`/shop/view/${sid}`, device);
    for (const path of ["/shop/view/b0017", "/shop/view/b0017", `/shop/search?q=${encodeURIComponent("크림")}`]) {
      const { html } = await kept(path, device);
      expect(/<body[^>]*>/.exec(html)?.[0], path).toMatch(new RegExp(`^<body ${OVERLAY_ATTRIBUTE}="[^"]{200,}">$`));
      expect(/<html[^>]*>/.exec(html)?.[0], path).not.toContain(OVERLAY_ATTRIBUTE);
      const meta = html.indexOf('<meta charSet="utf-8"/>');
      expect(meta, path).toBeGreaterThan(0);
      const end = new TextEncoder().encode(html.slice(0, meta + '<meta charSet="utf-8"/>'.length)).length;
      expect(end, path).toBeLessThanOrEqual(1024);
    }
  });
});
