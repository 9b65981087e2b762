// Memory check (issue 7): the production bundle under workerd answers a few thousand mixed
// requests (pages, product pages, API reads, cart posts from new and returning shoppers) and its
// resident memory must stay flat once warm. Loopback only; bounded in requests and time.
import http from "node:http";
import { rssMiB, startProductionWorker, workerdPids } from "./lib/production-worker.mjs";

const PORT = Number(process.env.MEMCHECK_PORT || 3391);
const REQUESTS = Number(process.env.MEMCHECK_REQUESTS || 3000);
const CONCURRENCY = 8;
const WARM_UP = Math.floor(REQUESTS / 5);
/** Growth allowed after warm-up: V8 heaps breathe, a leak keeps climbing past this. */
const MAX_GROWTH_MIB = Number(process.env.MEMCHECK_MAX_GROWTH_MIB || 48);
const DEADLINE = Date.now() + 5 * 60 * 1000;

console.log("Memory check: building and starting the production bundle…");
const mf = await startProductionWorker({ port: PORT, dir: ".memcheck", cacheTtl: "0" });
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
const sample = () => {
  const pids = workerdPids();
  const mib = pids.reduce((n, pid) => n + rssMiB(pid), 0);
  samples.push({ at: sent, mib: Math.round(mib * 10) / 10 });
};

try {
  sample();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < REQUESTS && Date.now() < DEADLINE) {
        const n = ++sent;
        const only = process.env.MEMCHECK_ONLY?.split(",").map(Number);
        const res = await (only ? mix[only[n % only.length]] : mix[n % mix.length])();
        if (res.status >= 500) failed += 1;
        if (n % Math.floor(REQUESTS / 10) === 0) sample();
      }
    }),
  );
  sample();
  const warm = samples.find((s) => s.at >= WARM_UP) ?? samples[0];
  const last = samples.at(-1);
  const peakAfterWarm = Math.max(...samples.filter((s) => s.at >= warm.at).map((s) => s.mib));
  console.log(`workerd resident memory (MiB) by requests sent: ${samples.map((s) => `${s.at}:${s.mib}`).join("  ")}`);
  console.log(
    `${sent} requests, ${failed} server errors; after warm-up (${warm.at}) ${warm.mib} MiB, ` +
      `at the end ${last.mib} MiB, peak ${peakAfterWarm} MiB (allowed growth ${MAX_GROWTH_MIB} MiB).`,
  );
  if (sent < REQUESTS) throw new Error(`only ${sent} of ${REQUESTS} requests in the time allowed`);
  if (failed > 0) throw new Error(`${failed} requests answered with a server error`);
  if (last.mib - warm.mib > MAX_GROWTH_MIB) {
    throw new Error(`the Worker's memory grew by ${Math.round(last.mib - warm.mib)} MiB after warm-up`);
  }
  console.log("Memory check passed: flat after warm-up.");
} catch (error) {
  console.error(`Memory check failed: ${error.message}`);
  process.exitCode = 1;
} finally {
  agent.destroy();
  await mf.dispose();
}
