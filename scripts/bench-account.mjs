// Account area benchmark (docs/performance.md, "The shopper's own corner", issue 10): the
// production bundle served by workerd with a freshly seeded D1 plus 300 orders of one member in
// `beauty` (all lists filled), then, over loopback, one request at a time:
//   - /myshop: time to first byte and to the end (the summary's counts come with the frame: one
//     D1 round trip beside the categories, decision 060),
//   - the summary API alone (get/my/summary) and an order list page (/myshop/order_all),
//   - a product page for that member, which records the view after answering (waitUntil).
// Writes its section of docs/performance.md between its own markers. Loopback only.
import { benchClient, row, writeSection } from "./lib/bench-http.mjs";
import { startProductionWorker } from "./lib/production-worker.mjs";

const PORT = 3393;
const HOST = "beauty.localhost";
const ORDERS = 300;
const ROUNDS = Number(process.env.BENCH_ROUNDS || 200);
const STATUSES = ["WAITING_PAYMENT", "CONFIRM_PAYMENT", "DELIVERY", "CONFIRM_DELIVERY", "CANCELED", "DONE"];

const mf = await startProductionWorker({ port: PORT, dir: ".bench-account" });
const { request, close } = benchClient(PORT, HOST);

try {
  const login = await request("/api/user/login", {
    method: "POST",
    body: { email: "shopper@example.test", password: "demo1234!", keep: false },
  });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  const uid = JSON.parse(login.body).uid;
  const cookie = []
    .concat(login.headers["set-cookie"])
    .map((c) => c.split(";")[0])
    .join("; ");

  // The member's orders in every list, written straight into D1.
  const db = await mf.getD1Database("DB");
  const now = Date.now();
  for (let i = 0; i < ORDERS; i += 100) {
    await db.batch(
      Array.from({ length: 100 }, (_, j) => {
        const n = i + j;
        const id = 600_000_000_000 + n;
        return db
          .prepare(
            `INSERT INTO orders (id, shop_id, owner, items_price, delivery_price, total_price, pay_method, orderer_name,
               orderer_phone, created_at, deadline, status, status_at, stock_taken)
             VALUES (?, 1, ?, 21000, 3000, 24000, 'bank', '한지민', '010-1234-5678', ?, ?, ?, ?, 0)`,
          )
          .bind(id, `m:${uid}`, now - n * 60_000, now + 86_400_000, STATUSES[n % STATUSES.length], now);
      }),
    );
  }

  for (let i = 0; i < 10; i++) await request("/myshop", { cookie });
  const page = { ttfb: [], ms: [] };
  const summary = [];
  const list = [];
  const product = { ttfb: [], ms: [] };
  for (let i = 0; i < ROUNDS; i++) {
    const res = await request("/myshop", { cookie });
    if (res.status !== 200) throw new Error(`/myshop: ${res.status}`);
    page.ttfb.push(res.ttfb);
    page.ms.push(res.ms);
    summary.push((await request("/api/myshp/get/my/summary", { cookie })).ms);
    const orders = await request("/myshop/order_all", { cookie });
    if (orders.status !== 200) throw new Error(`/myshop/order_all: ${orders.status}`);
    list.push(orders.ms);
    const view = await request(`/shop/view/b${String(1 + (i % 20)).padStart(4, "0")}`, { cookie });
    if (view.status !== 200) throw new Error(`product page: ${view.status}`);
    product.ttfb.push(view.ttfb);
    product.ms.push(view.ms);
  }
  const recorded = await db.prepare("SELECT COUNT(*) AS n FROM recent_views WHERE owner = ?").bind(`m:${uid}`).first();

  const section = `## The shopper's own corner (issue 10)

Measured by \`npm run bench:account\` on ${new Date().toISOString().slice(0, 10)}: the production bundle
served by workerd through Miniflare on this machine (2 cores), a freshly seeded local D1 with
${ORDERS} orders of one member in \`beauty\` across every list, one request at a time over loopback.

| request | n | p50 | p99 |
| --- | --- | --- | --- |
${row("\`/myshop\`, first byte (session, categories and the summary's one D1 round trip)", page.ttfb)}
${row("\`/myshop\`, whole page", page.ms)}
${row("\`get/my/summary\`, API (orders per list, cart, membership and points)", summary)}
${row("\`/myshop/order_all\`, first page of 300 orders with the lists' counts", list)}
${row("product page, first byte (the recently-viewed write runs after the answer)", product.ttfb)}
${row("product page, whole page (streamed recommendations included)", product.ms)}

The product pages left ${recorded?.n ?? 0} recently viewed products for the member (20 distinct pages viewed).
`;
  writeSection("account", section);
  console.log(section);
} finally {
  close();
  await mf.dispose();
}
