// Benchmark (issue 14): the product page with a shop's ad and analytics tags configured, against
// the same page with none. The production bundle served by workerd (Miniflare), Chromium as a
// Pixel 7 on a throttled "slow 4G" link; the tags' own scripts are answered empty by the script
// (no network here), so what is measured is what this storefront adds. Loopback only, bounded.
//
//   node scripts/bench-tracking.mjs        (prints a table for docs/performance.md)
import { chromium, devices } from "@playwright/test";
import { startProductionWorker } from "./lib/production-worker.mjs";

const PORT = 3392;
const RUNS = Number(process.env.BENCH_RUNS || 5);
const HOST = `studio.localhost:${PORT}`;
const PATH = "/shop/view/s0001";
const TAGS = /^https:\/\/(connect\.facebook\.net|www\.googletagmanager\.com)\//;
// Lighthouse's "slow 4G": 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up.
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

console.log("Building and seeding the production bundle…");
const mf = await startProductionWorker({ port: PORT, dir: ".bench-tracking", cacheTtl: "0" });
const db = await mf.getD1Database("DB");

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One cold visit: bytes until hydration, bytes after (within 3 s), LCP, tag requests. */
async function visit(browser, consent) {
  const context = await browser.newContext({ ...devices["Pixel 7"] });
  if (consent) await context.addCookies([{ name: "mkt_consent", value: consent, url: `http://${HOST}/` }]);
  let tagRequests = 0;
  await context.route(TAGS, (route) => {
    tagRequests++;
    return route.fulfill({ contentType: "text/javascript", body: "" });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1);
      if (last) {
        window.__lcp = last.startTime;
        window.__lcpElement = `${last.element?.tagName.toLowerCase() ?? "?"} ${last.size}px²`;
      }
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  let hydratedAt = Infinity;
  let before = 0;
  let after = 0;
  cdp.on("Network.loadingFinished", (e) => {
    if (Date.now() <= hydratedAt) before += e.encodedDataLength;
    else after += e.encodedDataLength;
  });
  await page.goto(`http://${HOST}${PATH}`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 60_000 });
  hydratedAt = Date.now();
  await page.waitForTimeout(3000);
  const lcp = await page.evaluate(() => window.__lcp ?? 0);
  const lcpElement = await page.evaluate(() => window.__lcpElement ?? "");
  const bar = await page.getByTestId("consent-bar").count();
  await context.close();
  return { before, after, lcp, lcpElement, tagRequests, bar };
}

async function scenario(browser, label, consent) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await visit(browser, consent));
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  return {
    label,
    before: kb(median(runs.map((r) => r.before))),
    after: kb(median(runs.map((r) => r.after))),
    lcp: `${Math.round(median(runs.map((r) => r.lcp)))} ms`,
    element: runs[0].lcpElement,
    tags: runs[0].tagRequests,
    bar: runs[0].bar ? "shown" : "none",
  };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
try {
  // Warm the isolate.
  for (let i = 0; i < 5; i++) await fetch(`http://127.0.0.1:${PORT}${PATH}`, { headers: { host: HOST } });
  const rows = [];
  rows.push(await scenario(browser, "tags configured, not answered yet", null));
  rows.push(await scenario(browser, "tags configured, consent given", "granted"));
  rows.push(await scenario(browser, "tags configured, refused", "denied"));
  await db.prepare("UPDATE shops SET facebook_pixel = NULL, g_tagid = NULL WHERE dom = 'studio'").run();
  rows.push(await scenario(browser, "no tags configured", null));
  console.log(
    `\n| ${PATH} on studio, Pixel 7, slow 4G (median of ${RUNS}) | bytes until hydrated | bytes in the 3 s after | LCP (element) | tag script requests | consent bar |`,
  );
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const r of rows) {
    console.log(`| ${r.label} | ${r.before} | ${r.after} | ${r.lcp} (${r.element}) | ${r.tags} | ${r.bar} |`);
  }
} finally {
  await browser.close();
  await mf.dispose();
}
