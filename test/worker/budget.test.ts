import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BEAUTY, STUDIO_CUSTOM, get } from "./helpers";

/**
 * Byte budgets of issue 15, from the build this run serves (bytes, never timing): what a phone
 * must download before the product page is interactive, and the HTML React sends before the first
 * streamed part. Sizes are gzip, as the bench (scripts/bench.mjs) and docs/performance.md count.
 */
const FIRST_LOAD_JS = 100 * 1024;
const HTML_SHELL = 14 * 1024;

async function gzipSize(body: ArrayBuffer | string): Promise<number> {
  const stream = new Response(body).body!.pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

/** The page's first-load scripts: module preloads and the entry's imports (bench.mjs's rule). */
function firstLoadScripts(html: string): string[] {
  const refs = [
    ...html.matchAll(/<link rel="modulepreload" href="(\/build\/[^"]+\.js)"/g),
    ...html.matchAll(/import[^;"]*"(\/build\/[^"]+\.js)"/g),
  ].map((m) => m[1]!);
  return [...new Set(refs)];
}

async function pageBytes(host: string, path: string) {
  const res = await get(host, path);
  expect(res.status).toBe(200);
  const html = await res.text();
  const streamed = html.indexOf('<div hidden id="S:');
  const shell = streamed > 0 ? html.slice(0, streamed) : html;
  const scripts = firstLoadScripts(html);
  let js = 0;
  for (const src of scripts) {
    // Static files are answered before the Worker runs, by the assets binding (as in production).
    const asset = await env.ASSETS.fetch(`http://${host}${src}`);
    expect(asset.status, src).toBe(200);
    js += await gzipSize(await asset.arrayBuffer());
  }
  return { html, shell: await gzipSize(shell), scripts, js };
}

describe("byte budgets (issue 15)", () => {
  it("the product page's first-load JavaScript is at most 100 KB gzip and its HTML shell 14 KB", async () => {
    const page = await pageBytes(BEAUTY, "/shop/view/b0017");
    // The frame, the page and React are all there: the count cannot pass by finding nothing.
    expect(page.scripts.some((s) => s.includes("/shop-view-id-"))).toBe(true);
    expect(page.scripts.some((s) => /\/root-/.test(s))).toBe(true);
    expect(page.scripts.length).toBeGreaterThan(10);
    expect(page.js).toBeGreaterThan(60 * 1024);
    expect(page.js, `first-load JS ${(page.js / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(FIRST_LOAD_JS);
    expect(page.shell, `HTML shell ${(page.shell / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(HTML_SHELL);
  });

  it("the frame's islands are not part of the first load, and a shop with tags loads them no earlier", async () => {
    for (const host of [BEAUTY, STUDIO_CUSTOM]) {
      const page = await pageBytes(host, host === BEAUTY ? "/shop/view/b0017" : "/");
      const islands = ["Drawer", "Footer", "Header", "HeaderActions", "DrawerAccount", "Tracking", "ConsentBar"];
      for (const script of page.scripts) {
        expect(
          islands.some((name) => script.includes(`/${name}-`)),
          script,
        ).toBe(false);
      }
      // Their HTML is in the page as sent, all the same.
      expect(page.html).toContain('data-testid="drawer"');
      expect(page.html).toContain('data-testid="footer"');
      if (host === STUDIO_CUSTOM) expect(page.html).toContain('data-testid="consent-bar"');
    }
  });
});

describe("first paint (issue 15)", () => {
  it("asks for the page's largest picture first: one fetchpriority=high, on the first picture", async () => {
    for (const [path, first] of [
      ["/shop/view/b0017", "b0017"],
      ["/", null],
    ] as const) {
      const html = await (await get(BEAUTY, path)).text();
      const high = [...html.matchAll(/<img[^>]*fetchpriority="high"[^>]*>/g)].map((m) => m[0]);
      expect(high, path).toHaveLength(1);
      const firstImg = /<main[\s\S]*?(<img[^>]*>)/.exec(html)?.[1];
      expect(firstImg, path).toBe(high[0]);
      if (first) expect(high[0]).toContain(first);
    }
  });
});

describe("server time (issue 15)", () => {
  it("says in Server-Timing how many D1 round trips a request made and how long it took", async () => {
    const trips = async (path: string) => {
      const res = await get(BEAUTY, path);
      await res.arrayBuffer();
      const timing = res.headers.get("server-timing") ?? "";
      expect(timing, path).toMatch(/^d1;desc="\d+ round trips";dur=\d+, app;dur=\d+$/);
      return Number(/d1;desc="(\d+) round trips"/.exec(timing)![1]);
    };
    // The shop's own lookup (uncached in tests: SHOP_CACHE_TTL is 0) is the one trip of a trivial call.
    expect(await trips("/api/storage/url")).toBe(1);
    // Today's product page on a first visit: the shop, the frame's categories, the product with
    // its options and pictures (one batch), its details, the recent-views write and the
    // recommendations. Nothing of the device its visit mints is looked up (no cart, likes or orders
    // yet). Issue 15's goal is 3; lower this as reads merge.
    const product = await trips("/shop/view/b0017");
    expect(product).toBeGreaterThan(1);
    expect(product).toBeLessThanOrEqual(6);
  });
});
