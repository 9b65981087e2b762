// Load on the production bundle (issue 15): requests per second and latency percentiles at 50
// concurrent connections for a trivial Worker response, home, a product page, add to cart and
// order creation, all in the same run on the same machine; then the Worker's bundle size and its
// start-up (a new workerd process until its first answer). Uses autocannon over loopback against
// workerd (Miniflare) with a freshly seeded database in .loadtest/ (its stock raised so that
// orders do not run out). Not part of `npm test`: `npm run loadtest` (LOADTEST_SECONDS, default 10).
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { benchClient } from "./lib/bench-http.mjs";
import { startProductionWorker } from "./lib/production-worker.mjs";

const PORT = Number(process.env.LOADTEST_PORT || 3395);
const SECONDS = Number(process.env.LOADTEST_SECONDS || 10);
const CONNECTIONS = 50;
const HOST = `beauty.localhost:${PORT}`;
const DIR = ".loadtest";

const started = performance.now();
const mf = await startProductionWorker({ port: PORT, dir: DIR });
const base = `http://127.0.0.1:${PORT}`;
const { request, close } = benchClient(PORT, HOST);

try {
  // Start-up: the first answer of the Worker, then a warm one (the build above is not counted).
  const { ms: coldMs } = await request("/api/storage/url");
  const { ms: warmMs } = await request("/api/storage/url");

  // The goods every write below uses, with stock enough for a run of orders.
  const db = await mf.getD1Database("DB");
  const line = await db
    .prepare(
      `SELECT p.id AS pid2, o.id AS pid3 FROM products p JOIN shops s ON s.id = p.shop_id
       JOIN product_options o ON o.product_id = p.id WHERE s.dom = 'beauty' AND p.sid = 'b0017' ORDER BY o.id LIMIT 1`,
    )
    .first();
  await db.prepare("UPDATE product_options SET stock = 10000000 WHERE id = ?").bind(line.pid3).run();

  // One device per connection, minted as a shopper's first visit mints it.
  const devices = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const res = await request("/api/myshp/add/cart/v3", { method: "POST", body: { list: [{ ...line, qty: 1 }] } });
    const cookie = (res.headers["set-cookie"] ?? []).find((c) => c.startsWith("uuid_value="));
    if (res.status !== 200 || !cookie) throw new Error(`minting a device: ${res.status} ${res.body}`);
    devices.push(cookie.split(";")[0]);
  }
  let next = 0;
  const device = () => devices[next++ % devices.length];
  // A logged-in member (the demo shopper), with a line in their cart and a product they like.
  const login = await request("/api/user/login", {
    method: "POST",
    body: { email: "shopper@example.test", password: "demo1234!" },
  });
  if (login.status !== 200) throw new Error(`logging in: ${login.status} ${login.body}`);
  const member = (login.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0])
    .filter((c) => /^(sid|skey)=/.test(c))
    .join("; ");
  await request("/api/myshp/add/cart/v3", { method: "POST", body: { list: [{ ...line, qty: 1 }] }, cookie: member });
  const asMember = (req) => ({ ...req, headers: { ...req.headers, cookie: member } });
  // The member's order sheet of that line, opened as 주문하기 opens it.
  const opened = await request("/api/myshp/make/my/order/v4", {
    method: "POST",
    body: { list: [{ ...line, qty: 1 }], key: crypto.randomUUID() },
    cookie: member,
  });
  const sheet = JSON.parse(opened.body)?.order_id;
  if (opened.status !== 200 || !sheet) throw new Error(`opening an order sheet: ${opened.status} ${opened.body}`);
  const asDevice = (req) => ({ ...req, headers: { ...req.headers, cookie: device() } });
  const json = (body) => ({
    method: "POST",
    headers: { host: HOST, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

  const rows = [
    ["trivial Worker response: `/api/storage/url` (tenant resolved, JSON)", { path: "/api/storage/url" }],
    ["home `/`, anonymous", { path: "/" }],
    // Kept at the edge (decision 077): a person's first view gets a device, and keeps its view in a
    // cookie until they come back (decision 081).
    [
      "product page `/shop/view/b0017`, a first view (device minted, view kept in a cookie)",
      { path: "/shop/view/b0017" },
    ],
    [
      "product page `/shop/view/b0017`, a search engine",
      { path: "/shop/view/b0017", headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" } },
    ],
    // A returning device's and a member's pages: the shared copy filled in for them (decision 122).
    ["product page `/shop/view/b0017`, a returning device", { path: "/shop/view/b0017", setupRequest: asDevice }],
    ["home `/`, a returning device", { path: "/", setupRequest: asDevice }],
    ["product page `/shop/view/b0017`, a logged-in member", { path: "/shop/view/b0017", setupRequest: asMember }],
    ["home `/`, a logged-in member", { path: "/", setupRequest: asMember }],
    // Personal through and through: drawn for the member on every request (issue 39's own budget).
    [
      "cart `/user/checkout`, a logged-in member (drawn per request)",
      { path: "/user/checkout", setupRequest: asMember },
    ],
    [
      "order sheet `/user/order?id=…`, a logged-in member (drawn per request)",
      { path: `/user/order?id=${sheet}`, setupRequest: asMember },
    ],
    ["my page `/myshop`, a logged-in member (drawn per request)", { path: "/myshop", setupRequest: asMember }],
    [
      "add to cart: `POST /api/myshp/add/cart/v3`, 50 devices",
      {
        path: "/api/myshp/add/cart/v3",
        ...json({ list: [{ ...line, qty: 1 }] }),
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, cookie: device() } }),
      },
    ],
    [
      "order creation: `POST /api/myshp/make/my/order/v4` (바로구매 of one line), 50 devices",
      {
        path: "/api/myshp/make/my/order/v4",
        ...json({}),
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, cookie: device() },
          body: JSON.stringify({ list: [{ ...line, qty: 1 }], key: crypto.randomUUID(), direct: true }),
        }),
      },
    ],
  ];

  const results = [];
  // LOADTEST_ONLY=cart,order runs the rows whose name contains one of these words.
  const only = process.env.LOADTEST_ONLY?.split(",");
  for (const [name, request] of rows.filter(([n]) => !only || only.some((w) => n.includes(w)))) {
    const { path, setupRequest, headers, ...rest } = request;
    /** What went wrong below HTTP (resets, refused connections), by kind, to say with the table. */
    const failures = {};
    const run = (duration) => {
      const instance = autocannon({
        url: base + path,
        connections: CONNECTIONS,
        duration,
        headers: { host: HOST, ...headers },
        ...rest,
        ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
      });
      instance.on("reqError", (error) => {
        const kind = error.code || error.message;
        failures[kind] = (failures[kind] ?? 0) + 1;
      });
      return instance;
    };
    // Two seconds first, not counted: the row's code compiled, its caches filled, as on a live edge.
    await run(2);
    for (const kind of Object.keys(failures)) delete failures[kind];
    results.push({ name, result: await run(SECONDS), failures });
  }

  // The server outlives the load (issue 33): a page is still answered after the last row.
  const after = await request("/");
  if (after.status !== 200) {
    console.error(`After the load the home page answered ${after.status}: the server did not come through.`);
    process.exitCode = 1;
  }

  const worker = readFileSync(`${DIR}/dist/worker.js`);
  const trivial = results.find(({ name }) => name.startsWith("trivial"))?.result.requests.average ?? NaN;
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s per row, ${new Date().toISOString().slice(0, 10)}; built and seeded in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
  );
  console.log("| request | requests/s | × trivial | p50 | p99 | non-2xx | errors / timeouts |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const { name, result } of results) {
    const rps = result.requests.average;
    console.log(
      `| ${name} | ${rps.toFixed(0)} | ${(trivial / rps).toFixed(1)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.non2xx} | ${result.errors} / ${result.timeouts} |`,
    );
  }
  console.log(
    `\nWorker bundle: ${(worker.length / 1024).toFixed(0)} KB, ${(gzipSync(worker).length / 1024).toFixed(0)} KB gzip. ` +
      `First answer of a new isolate ${coldMs.toFixed(0)} ms, the next ${warmMs.toFixed(1)} ms.`,
  );
  for (const { name, failures, result } of results) {
    if (Object.keys(failures).length > 0) console.error(`${name}: ${JSON.stringify(failures)}`);
    // Which answers they were, so a run's non-2xx can be read afterwards (the Worker's log above
    // has each request's status and path too).
    const codes = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => !code.startsWith("2"));
    if (codes.length > 0)
      console.error(`${name}: ${codes.map(([code, { count }]) => `${count} × ${code}`).join(", ")}`);
  }
  if (results.some(({ result }) => result.non2xx > 0 || result.errors > 0)) {
    console.error("Some requests failed: the numbers above are not all successes.");
    process.exitCode = 1;
  }
} finally {
  close();
  await mf.dispose();
}
