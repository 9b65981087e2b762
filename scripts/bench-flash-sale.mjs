// A flash sale (선착순, issue 50 item 3; docs/performance.md "Flash sale"): the production bundle with
// the demo shops and the Toss stand-in on loopback, one option of `beauty` with 100 in stock, and
// 500 buyers let go at once, half paying by card through the stand-in's window, half by bank
// transfer, each from an address of its own (as 500 phones would be). While they buy, another
// shop's pages (studio's home and a product) are asked one after another, beside the same pages
// asked the same way before the sale. Then the reconciler runs once, and the outcome is checked:
// exactly as many orders took the stock as there was stock, none oversold, no payment kept at
// Toss without its order, every buyer answered, and the Korean message each one got. Writes its
// section of docs/performance.md between its markers. Loopback only.
//
//   npm run bench:flash-sale            (BUYERS=500 STOCK=100 to change the sale)
import http from "node:http";
import { execFileSync, fork } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import { pct, writeSection } from "./lib/bench-http.mjs";
import { startLocalPlatform } from "./lib/local-platform.mjs";
import { bundleWorker, seedState, serveBundle, workerdPids } from "./lib/production-worker.mjs";

const PORT = 3393;
/** Another workerd on the same database, for the other shop's pages (see otherShop). */
const EDGE_PORT = 3394;
const BUYERS = Number(process.env.BUYERS || 500);
const STOCK = Number(process.env.STOCK || 100);
const SHOP = "beauty.localhost";
const OTHER = "studio.localhost";
const LINE = { pid2: 14, pid3: 1400, qty: 1 };
const DIR = ".bench-flash";
const ADDRESS = {
  orderer_name: "김선착",
  orderer_phone: "010-1234-5678",
  receiver_name: "김선착",
  postcode: "04038",
  address: "서울특별시 마포구 양화로 12",
  detail: "3층",
  receiver_phone: "010-1234-5678",
  memo: "",
  agree_order: "on",
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });

/** One HTTP request to 127.0.0.1:`port` as `host`, with a browser's cookie jar; its status, headers, body, time. */
function request(port, host, path, { method = "GET", body, form, jar, ip } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers = { host };
    if (jar?.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    if (ip) headers["cf-connecting-ip"] = ip;
    let payload;
    if (body !== undefined) {
      headers["content-type"] = "application/json";
      payload = JSON.stringify(body);
    } else if (form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      payload = new URLSearchParams(form).toString();
    }
    const req = http.request({ host: "127.0.0.1", port, path, method, agent, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        for (const line of [].concat(res.headers["set-cookie"] ?? [])) {
          const [pair] = line.split(";");
          const at = pair.indexOf("=");
          if (jar && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
        resolve({
          status: res.statusCode,
          headers: res.headers,
          text: Buffer.concat(chunks).toString("utf8"),
          ms: performance.now() - started,
        });
      });
    });
    req.on("error", reject);
    req.end(payload);
  });
}

const json = (res) => {
  try {
    return JSON.parse(res.text);
  } catch {
    return {};
  }
};

/** A buyer: cart, sheet, then 결제하기 by `method`, and for a card Toss's window and its return. */
async function buyer(n, method, toss) {
  const jar = new Map();
  const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255 || 1}`;
  const api = (path, body) => request(PORT, SHOP, path, { method: body ? "POST" : "GET", body, jar, ip });
  const started = performance.now();
  const done = (outcome, extra = {}) => ({ n, method, outcome, ms: performance.now() - started, ...extra });
  const added = await api("/api/myshp/add/cart/v3", { list: [LINE] });
  if (added.status !== 200)
    return done("refused_cart", { code: json(added).error?.code, message: json(added).error?.message });
  const sheet = await api("/api/myshp/make/my/order/v4", { list: [LINE], key: crypto.randomUUID() });
  const id = json(sheet).order_id;
  if (sheet.status !== 200 || !id)
    return done("refused_sheet", { code: json(sheet).error?.code, message: json(sheet).error?.message });
  const paid = await api("/api/myshp/pay/my/order", { id, pay_method: method, ...ADDRESS });
  const answer = json(paid);
  if (paid.status !== 200) {
    return done("refused_before_paying", { code: answer.error?.code, message: answer.error?.message, id });
  }
  if (method === "bank") return done("placed", { id });
  // Toss's window, as the stand-in serves it: 결제 승인.
  const w = answer.window;
  const back = (pay) => `http://${SHOP}:${PORT}/user/order?id=${id}&pay=${pay}`;
  const fields = {
    clientKey: w.client_key,
    customerKey: w.customer_key,
    method: w.method,
    amount: String(w.amount),
    currency: "KRW",
    orderId: w.order_id,
    orderName: w.order_name,
    successUrl: back("done"),
    failUrl: back("fail"),
    action: "approve",
  };
  const approved = await request(toss.port, new URL(toss.origin).host, "/_standin/window", {
    method: "POST",
    form: fields,
  });
  const success = new URL(approved.headers.location);
  const returned = await request(PORT, SHOP, `${success.pathname}${success.search}`, { jar, ip });
  const to = returned.headers.location ?? "";
  if (/order_complete/.test(to)) return done("paid", { id, tossOrderId: w.order_id });
  const code = new URL(to, "http://x").searchParams.get("payment_error");
  if (code) {
    // What the sheet it was sent back to says (the page's notice, as the buyer reads it).
    const sheetPage = await request(PORT, SHOP, new URL(to, "http://x").pathname + new URL(to, "http://x").search, {
      jar,
      ip,
    });
    const notice = /data-testid="sheet-notice"[^>]*>([^<]+)/.exec(sheetPage.text)?.[1];
    return done("refused_after_window", { id, code, message: notice, tossOrderId: w.order_id });
  }
  return done(/check=1/.test(to) ? "checking" : "unknown", { id, tossOrderId: w.order_id, status: returned.status });
}

/** The Worker's own time for a response (Server-Timing `app;dur`, from its start to the answer), ms. */
const serverMs = (res) => Number(/app;dur=([\d.]+)/.exec(res.headers["server-timing"] ?? "")?.[1] ?? NaN);

/**
 * Another shop's pages as a returning visitor sees them (its device cookie: the page kept at the
 * edge, filled in for it from one D1 round trip), one after another until `until()` says stop:
 * the time from this machine, and the Worker's own.
 */
async function otherShop(jar, until, rounds = Infinity) {
  const times = { home: [], list: [], homeServer: [], listServer: [], homeShared: [], listShared: [] };
  for (let i = 0; i < rounds && !until(); i++) {
    // Served by a workerd of its own, on the sale's database: the edge, where another shop's
    // requests run in other isolates and share only D1 with the sale.
    const home = await request(EDGE_PORT, OTHER, "/", { jar });
    const list = await request(EDGE_PORT, OTHER, "/shop/list?category=0", { jar });
    times.home.push(home.ms);
    times.list.push(list.ms);
    times.homeServer.push(serverMs(home));
    times.listServer.push(serverMs(list));
    // Served by the sale's own workerd: one thread for everything, which the edge never is.
    times.homeShared.push((await request(PORT, OTHER, "/", { jar })).ms);
    times.listShared.push((await request(PORT, OTHER, "/shop/list?category=0", { jar })).ms);
  }
  return times;
}

/**
 * The other shop's visitor, in a process of its own (on the other shop's core, see below): one
 * returning visitor of studio asking its pages while told to.
 */
async function visitorProcess() {
  const jar = new Map();
  // A returning visitor: its device id from a first visit that added to its cart.
  await request(EDGE_PORT, OTHER, "/api/myshp/add/cart/v3", {
    method: "POST",
    body: { list: [{ pid2: 401, pid3: 40101 }] },
    jar,
  });
  let stop = false;
  process.on("message", async (m) => {
    if (m.cmd === "rounds") process.send(await otherShop(jar, () => false, m.rounds));
    if (m.cmd === "start") {
      stop = false;
      otherShop(jar, () => stop).then((times) => process.send(times));
    }
    if (m.cmd === "stop") stop = true;
    if (m.cmd === "exit") {
      agent.destroy();
      process.exit(0);
    }
  });
  process.send({ ready: true });
}

/** Asks the visitor process `message` and waits for its next answer. */
const ask = (child, message) =>
  new Promise((resolve) => {
    child.once("message", resolve);
    child.send(message);
  });

async function sale() {
  bundleWorker(`${DIR}/worker`);
  seedState(`${DIR}/state`, { shareImages: false });
  const platform = await startLocalPlatform({
    bundleDir: `${DIR}/worker`,
    state: `${DIR}/state`,
    port: PORT,
    tossPort: 0,
    vars: { SHOP_CACHE_TTL: "30" },
  });
  const toss = platform.toss;
  const saleWorkerd = workerdPids();
  // The other shop's workerd: its own local state but for the database (and the bucket), the same
  // D1 file (SQLite, in WAL), its page cache and Durable Objects its own, as another isolate's at
  // the edge are.
  rmSync(`${DIR}/edge-state`, { recursive: true, force: true });
  mkdirSync(`${DIR}/edge-state/v3`, { recursive: true });
  for (const kind of ["d1", "r2"]) symlinkSync(resolve(`${DIR}/state/v3/${kind}`), `${DIR}/edge-state/v3/${kind}`);
  const edge = await serveBundle({
    bundleDir: `${DIR}/worker`,
    state: `${DIR}/edge-state`,
    port: EDGE_PORT,
    vars: { SHOP_CACHE_TTL: "30", PLATFORM_DOMAIN: "localhost" },
  });
  const visitor = fork(fileURLToPath(import.meta.url), ["--visitor"]);
  await new Promise((r) => visitor.once("message", r));
  // At the edge the other shop's isolates and its visitor run on other machines' cores: here its
  // workerd and its visitor get a core of their own, and the sale (its workerd, the buyers and the
  // Toss stand-in in this process) the other.
  const pin = (cpu, pid) => execFileSync("taskset", ["-a", "-p", "-c", String(cpu), String(pid)], { stdio: "ignore" });
  const pinned = Number(execFileSync("nproc", { encoding: "utf8" }).trim()) >= 2;
  if (pinned) {
    for (const pid of [visitor.pid, ...workerdPids().filter((p) => !saleWorkerd.includes(p))]) pin(1, pid);
    for (const pid of [process.pid, ...saleWorkerd]) pin(0, pid);
  }
  const db = await platform.mf.getD1Database("DB");
  try {
    const page = await request(EDGE_PORT, OTHER, "/shop/list?category=0");
    if (page.status !== 200) throw new Error(`studio's list page: ${page.status}`);
    await db.prepare("UPDATE product_options SET stock = ? WHERE id = ?").bind(STOCK, LINE.pid3).run();
    // Warm: the isolates, the shops' records, the pages kept at the edge.
    await ask(visitor, { cmd: "rounds", rounds: 20 });
    const quiet = await ask(visitor, { cmd: "rounds", rounds: 100 });

    const measured = new Promise((r) => visitor.once("message", r));
    visitor.send({ cmd: "start" });
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: BUYERS }, (_, n) =>
        buyer(n + 1, n % 2 === 0 ? "card" : "bank", toss).catch((error) => ({
          n: n + 1,
          outcome: "error",
          message: String(error?.message ?? error),
          ms: 0,
        })),
      ),
    );
    const saleMs = performance.now() - started;
    visitor.send({ cmd: "stop" });
    const busy = await measured;
    visitor.send({ cmd: "exit" });

    // The reconciler's next run: nothing may be left that Toss keeps and no order records.
    const worker = await platform.mf.getWorker();
    await worker.scheduled({ cron: "* * * * *", scheduledTime: new Date(Date.now() + 61_000) });
    await report({ results, saleMs, quiet, busy, pinned, db, toss });
  } finally {
    agent.destroy();
    visitor.kill();
    await edge.dispose();
    await platform.stop();
  }
}

/** The sale's outcome, checked and written (its section of docs/performance.md). */
async function report({ results, saleMs, quiet, busy, pinned, db, toss }) {
  const stock = (await db.prepare("SELECT stock FROM product_options WHERE id = ?").bind(LINE.pid3).first()).stock;
  const placed = await db
    .prepare(
      `SELECT COUNT(*) AS n, COALESCE(SUM(l.qty), 0) AS units FROM orders o JOIN order_lines l ON l.order_id = o.id
       WHERE o.shop_id = 1 AND l.option_id = ? AND o.stock_taken = 1 AND o.status <> 'CANCELED'`,
    )
    .bind(LINE.pid3)
    .first();
  const recorded = new Set(
    (await db.prepare("SELECT provider_order_id FROM payment_attempts WHERE state = 'recorded'").all()).results.map(
      (r) => r.provider_order_id,
    ),
  );
  const listing = await (await fetch(`${toss.origin}/_standin/payments`)).json();
  const payments = listing.merchants.flatMap((m) => m.payments);
  const kept = payments.filter((p) => p.status === "DONE" && p.balanceAmount > 0);
  const orphans = kept.filter((p) => !recorded.has(p.orderId));
  const given = payments.filter((p) => p.status === "CANCELED").length;

  const count = (outcome) => results.filter((r) => r.outcome === outcome).length;
  const messages = new Map();
  for (const r of results) {
    if (!r.outcome.startsWith("refused")) continue;
    const key = `${r.outcome} · ${r.code ?? "-"} · ${r.message ?? ""}`;
    messages.set(key, (messages.get(key) ?? 0) + 1);
  }
  const answered = results.filter((r) => r.outcome !== "error" && r.outcome !== "unknown").length;
  const times = results.filter((r) => r.ms > 0).map((r) => r.ms);
  const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  const ok =
    placed.units === STOCK && stock === 0 && orphans.length === 0 && answered === BUYERS && count("checking") === 0;
  const fmt = (n) => `${n.toFixed(0)} ms`;
  const fmt1 = (n) => `${n.toFixed(1)} ms`;
  const x = (a, b, p) => `×${(pct(b, p) / pct(a, p)).toFixed(2)}`;
  const section = [
    `### Flash sale (\`npm run bench:flash-sale\`, ${new Date().toISOString().slice(0, 10)}, load ${load})`,
    "",
    `${BUYERS} buyers at once at one option with ${STOCK} in stock, half by card through the Toss stand-in, half by transfer, one address each. The sale took ${(saleMs / 1000).toFixed(1)} s. Meanwhile a returning visitor of studio asked its home and list, one after another, from a workerd of studio's own on the sale's database${pinned ? " (it and the visitor on one core, the sale on the other)" : ""}, and from the sale's own workerd.`,
    "",
    "| figure | value |",
    "| --- | --- |",
    `| answered | ${answered} of ${BUYERS} |`,
    `| orders that took the stock (card paid + transfers placed) | ${placed.n} (${count("paid")} card, ${count("placed")} transfer), ${placed.units} units |`,
    `| stock left (never below 0) | ${stock} |`,
    `| oversold | ${Math.max(0, placed.units - STOCK)} |`,
    `| payments Toss keeps without an order, after the reconciler | ${orphans.length} |`,
    `| payments Toss took and gave back | ${given} |`,
    `| refused before any window or transfer | ${count("refused_before_paying") + count("refused_cart") + count("refused_sheet")} |`,
    `| refused after the window, before Toss took money | ${count("refused_after_window")} |`,
    `| still being checked | ${count("checking")} |`,
    `| a buyer's whole journey p50 / p95 | ${fmt(pct(times, 50))} / ${fmt(pct(times, 95))} |`,
    ...[
      ["studio home, its own workerd, from the visitor", "home"],
      ["studio list, its own workerd, from the visitor", "list"],
      ["studio home, its own workerd, the Worker's own time", "homeServer"],
      ["studio list, its own workerd, the Worker's own time", "listServer"],
      ["studio home, on the sale's one workerd thread", "homeShared"],
      ["studio list, on the sale's one workerd thread", "listShared"],
    ].map(
      ([name, k]) =>
        `| ${name}: quiet p50 / p95 → during | ${fmt1(pct(quiet[k], 50))} / ${fmt1(pct(quiet[k], 95))} → ${fmt1(pct(busy[k], 50))} / ${fmt1(pct(busy[k], 95))} (${x(quiet[k], busy[k], 50)} / ${x(quiet[k], busy[k], 95)}) |`,
    ),
    "",
    "What the buyers who got nothing were told:",
    "",
    ...[...messages].map(([k, n]) => `- ${n} × ${k}`),
    "",
  ].join("\n");
  console.log(section);
  if (process.env.BENCH_WRITE !== "0") writeSection("flash-sale", section);
  if (!ok) {
    console.error("The sale did not hold: see the figures above.");
    process.exitCode = 1;
  }
}

if (process.argv[2] === "--visitor") await visitorProcess();
else await sale();
