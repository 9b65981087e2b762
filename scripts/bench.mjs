// Benchmark: the production bundle served by workerd (Miniflare, no dev server in between),
// with a fresh seeded database. Measures bytes shipped and server time, writes docs/performance.md.
// Loopback only; every loop is bounded in time.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { gzipSync } from "node:zlib";
import { startProductionWorker } from "./lib/production-worker.mjs";

const PORT = 3390;
const DURATION_MS = Number(process.env.BENCH_SECONDS || 8) * 1000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 8);

console.log("Building the production bundle…");
const mf = await startProductionWorker({ port: PORT, dir: ".bench" });

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
function request(host, path) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    let firstByte = 0;
    const req = http.request({ host: "127.0.0.1", port: PORT, path, agent, headers: { host } }, (res) => {
      const chunks = [];
      res.on("data", (c) => {
        if (!firstByte) firstByte = Number(process.hrtime.bigint() - started) / 1e6;
        chunks.push(c);
      });
      res.on("end", () =>
        resolve({
          status: res.statusCode,
          body: Buffer.concat(chunks),
          ttfb: firstByte,
          total: Number(process.hrtime.bigint() - started) / 1e6,
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const gz = (buf) => gzipSync(buf, { level: 6 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function pageWeight(host, path) {
  const page = await request(host, path);
  if (page.status !== 200) throw new Error(`${path}: ${page.status}`);
  const html = page.body.toString("utf8");
  // The shell is what React sends before the first streamed (deferred) segment.
  const streamed = html.indexOf('<div hidden id="S:');
  const shell = streamed > 0 ? html.slice(0, streamed) : html;
  // What the browser really loads first: stylesheets, module preloads and the entry's imports.
  // (The inlined route manifest also names modules of other routes; those are not fetched.)
  // The module preloads are held until after the paint, their addresses on the held module script
  // (app/lib/after-paint.server.ts, decision 160).
  const refs = [
    ...[...html.matchAll(/<link rel="(?:stylesheet|modulepreload)" href="(\/build\/[^"]+)"/g)].map((m) => m[1]),
    ...(/ data-preload="([^"]*)"/.exec(html)?.[1].split(" ") ?? []),
    ...[...html.matchAll(/import[^;"]*"(\/build\/[^"]+\.js)"/g)].map((m) => m[1]),
  ].filter(Boolean);
  const assets = [...new Set(refs)];
  let js = 0;
  let css = 0;
  for (const asset of assets) {
    const res = await request(host, asset);
    if (asset.endsWith(".css")) css += gz(res.body);
    else js += gz(res.body);
  }
  return {
    html: gz(page.body),
    shell: gz(Buffer.from(shell)),
    js,
    css,
    scripts: assets.filter((a) => a.endsWith(".js")).length,
  };
}

async function load(host, path) {
  const latencies = [];
  const ttfbs = [];
  const end = Date.now() + DURATION_MS;
  const worker = async () => {
    while (Date.now() < end) {
      const res = await request(host, path);
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      latencies.push(res.total);
      ttfbs.push(res.ttfb);
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (Date.now() - started) / 1000;
  const pct = (arr, p) => arr.sort((a, b) => a - b)[Math.min(arr.length - 1, Math.floor((arr.length * p) / 100))];
  return {
    rps: latencies.length / seconds,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    ttfb50: pct(ttfbs, 50),
    n: latencies.length,
  };
}

try {
  const host = "beauty.localhost";
  // Warm the isolate and the shop cache before measuring.
  for (let i = 0; i < 20; i++) await request(host, "/shop/view/b0017");

  const home = await pageWeight(host, "/");
  const product = await pageWeight(host, "/shop/view/b0017");
  console.log("Measuring throughput…");
  const trivial = await load(host, "/favicon.svg");
  const api = await load(host, "/api/storage/url");
  const pdp = await load(host, "/shop/view/b0017");

  const ms = (n) => `${n.toFixed(1)} ms`;
  const report = `# Performance

Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: the production bundle
(\`wrangler deploy --dry-run --minify\`) served by workerd through Miniflare on this machine
(2 cores), a freshly seeded local D1, ${CONCURRENCY} concurrent keep-alive connections for
${DURATION_MS / 1000} s per row, loopback only. Sizes are gzip (level 6) of what the browser downloads.
Numbers on a laptop or at the edge differ; compare runs on the same machine.

## Bytes (budgets from issue 2)

| page | HTML | HTML shell (before streamed parts) | CSS | first-load JS (${product.scripts} modules on the product page) |
| --- | --- | --- | --- | --- |
| home \`/\` | ${kb(home.html)} | ${kb(home.shell)} | ${kb(home.css)} | ${kb(home.js)} |
| product \`/shop/view/b0017\` | ${kb(product.html)} | ${kb(product.shell)} (budget 14 KB) | ${kb(product.css)} | ${kb(product.js)} (budget 100 KB) |

## Server time

| request | requests/s | p50 | p99 | first byte p50 |
| --- | --- | --- | --- | --- |
| trivial: static \`/favicon.svg\` | ${trivial.rps.toFixed(0)} | ${ms(trivial.p50)} | ${ms(trivial.p99)} | ${ms(trivial.ttfb50)} |
| trivial Worker response: \`/api/storage/url\` (tenant resolved, JSON) | ${api.rps.toFixed(0)} | ${ms(api.p50)} | ${ms(api.p99)} | ${ms(api.ttfb50)} |
| product page, streamed SSR with 30 recommendations | ${pdp.rps.toFixed(0)} | ${ms(pdp.p50)} | ${ms(pdp.p99)} | ${ms(pdp.ttfb50)} |

The product page's loader awaits the product and its additional info and returns the
recommendations as a promise; the shell (header, gallery, price, buy form) is flushed first and
the recommendations follow in the same response, so a slow recommendation query delays only that
section, never the first byte.
`;
  const path = "docs/performance.md";
  let existing = "";
  try {
    existing = readFileSync(path, "utf8");
  } catch {}
  // Sections other features add after the generated part are kept.
  const marker = "\n<!-- end of generated section -->\n";
  const rest = existing.includes(marker) ? existing.slice(existing.indexOf(marker) + marker.length) : "";
  writeFileSync(path, report + marker + rest);
  execFileSync("npx", ["prettier", "--write", path], { stdio: "ignore" });
  console.log(report);
  if (product.js > 100 * 1024 || product.shell > 14 * 1024) {
    console.error("Over budget: see above.");
    process.exitCode = 1;
  }
} finally {
  agent.destroy();
  await mf.dispose();
}
