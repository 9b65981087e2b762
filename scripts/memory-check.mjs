// Memory check (issue 7, docs/decisions/040): the production bundle under workerd answers a few
// thousand mixed requests (pages, product pages, API reads, cart posts from new and returning
// shoppers) and what the Worker keeps (its isolate's JavaScript heap, read through the V8
// inspector, compared at its low points) must stay flat once warm. workerd's resident memory is printed too:
// it grows with any traffic, static files included, which is workerd's, not the Worker's.
// Loopback only; bounded in requests and time.
import http from "node:http";
import { rssMiB, startProductionWorker, workerHeap, workerdPids } from "./lib/production-worker.mjs";

const PORT = Number(process.env.MEMCHECK_PORT || 3391);
const INSPECTOR_PORT = PORT + 1;
const REQUESTS = Number(process.env.MEMCHECK_REQUESTS || 4000);
const CONCURRENCY = 8;
const WARM_UP = Math.floor(REQUESTS / 5);
/**
 * Growth allowed between the heap's low points in the first and the last quarter of the run,
 * sampled every 100 requests. The heap saws up and down with V8's collections (about 25 to 85
 * MiB here) and a late quarter may miss its deepest collection; a leak of 10 KiB a request lifts
 * the low points by over 30 MiB in 3,400 requests.
 */
const MAX_GROWTH_MIB = Number(process.env.MEMCHECK_MAX_GROWTH_MIB || 30);
const SAMPLE_EVERY = 100;
const DEADLINE = Date.now() + 5 * 60 * 1000;

console.log("Memory check: building and starting the production bundle…");
const mf = await startProductionWorker({
  port: PORT,
  dir: ".memcheck",
  cacheTtl: "0",
  inspectorPort: INSPECTOR_PORT,
});
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function send(host, path, { method = "GET", body, cookie, type } = {}) {
  return new Promise((resolve, reject) => {
    const headers = { host };
    if (cookie) headers.cookie = cookie;
    if (body) Object.assign(headers, { "content-type": type, "content-length": Buffer.byteLength(body) });
    const req = http.request({ host: "127.0.0.1", port: PORT, path, method, agent, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode, cookies: res.headers["set-cookie"] ?? [] }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Sends requests from the mix, CONCURRENCY at a time, until `until` have been sent in all. */
async function traffic(until) {
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < until && Date.now() < DEADLINE) {
        const n = ++sent;
        const only = process.env.MEMCHECK_ONLY?.split(",").map(Number);
        const res = await (only ? mix[only[n % only.length]] : mix[n % mix.length])();
        if (res.status >= 500) failed += 1;
      }
    }),
  );
}

const devices = [];
const mix = [
  () => send("beauty.localhost", "/"),
  () => send("beauty.localhost", `/shop/view/b00${String(1 + Math.floor(Math.random() * 40)).padStart(2, "0")}`),
  () => send("picks.localhost", "/shop/list?category=0"),
  () => send("shop.example.test", "/shop/notice-list"),
  () => send("beauty.localhost", "/api/myshp/get/info?id=beauty&domain=true"),
  async () => {
    // A new shopper's first add mints a device; some come back to their cart.
    const res = await send("beauty.localhost", "/api/myshp/add/cart/v3", {
      method: "POST",
      type: "application/json",
      body: JSON.stringify({ list: [{ pid2: 1 + Math.floor(Math.random() * 6), pid3: 100, qty: 1 }] }),
    });
    const cookie = res.cookies.map((c) => c.split(";")[0]).join("; ");
    if (cookie && devices.length < 200) devices.push(cookie);
    return res;
  },
  () =>
    devices.length > 0
      ? send("beauty.localhost", "/user/checkout", { cookie: devices[Math.floor(Math.random() * devices.length)] })
      : send("beauty.localhost", "/user/checkout"),
  () => send("nowhere.localhost", "/"),
  () => send("beauty.localhost", "/", { method: "PUT" }),
  () => send("beauty.localhost", "/favicon.svg"),
];

const samples = [];
let sent = 0;
let failed = 0;
const round = (n) => Math.round(n * 10) / 10;
const rss = () => round(workerdPids().reduce((n, pid) => n + rssMiB(pid), 0));
const sample = async () => samples.push({ at: sent, heap: round(await workerHeap(INSPECTOR_PORT)), rss: rss() });

try {
  // Warm-up: every route's code loaded, caches filled.
  await traffic(WARM_UP);
  await sample();
  while (sent < REQUESTS && Date.now() < DEADLINE) {
    await traffic(Math.min(REQUESTS, sent + SAMPLE_EVERY));
    await sample();
  }
  const low = (list) => Math.min(...list.map((x) => x.heap));
  const quarter = Math.max(1, Math.floor(samples.length / 4));
  const [early, late] = [low(samples.slice(0, quarter)), low(samples.slice(-quarter))];
  console.log(
    "Worker heap / workerd resident memory (MiB) by requests sent: " +
      samples.map((x) => `${x.at}: ${x.heap} / ${x.rss}`).join("  "),
  );
  console.log(
    `${sent} requests, ${failed} server errors; the heap's low point ${early} MiB early, ${late} MiB late ` +
      `(allowed growth ${MAX_GROWTH_MIB} MiB). workerd's own resident memory grows with any traffic, ` +
      "static files included (docs/decisions/040).",
  );
  if (sent < REQUESTS) throw new Error(`only ${sent} of ${REQUESTS} requests in the time allowed`);
  if (failed > 0) throw new Error(`${failed} requests answered with a server error`);
  if (late - early > MAX_GROWTH_MIB) {
    throw new Error(`the Worker's heap grew by ${round(late - early)} MiB after warm-up`);
  }
  console.log("Memory check passed: the Worker's heap is flat after warm-up.");
} catch (error) {
  console.error(`Memory check failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  agent.destroy();
  await mf.dispose();
}
