// Order lifecycle benchmark (docs/performance.md, "Order lifecycle", issue 9): the production
// bundle served by workerd with a freshly seeded D1 plus 1,000 bank-transfer orders of `beauty`,
// then, from this machine over loopback, one request at a time:
//   - a transition through the owner's API (입금확인 of one order after another),
//   - the console's order list (the API call, and the whole /admin page), 1,000 orders in the shop.
// Writes its section of docs/performance.md between its own markers. Loopback only.
import { benchClient, row, writeSection } from "./lib/bench-http.mjs";
import { startProductionWorker } from "./lib/production-worker.mjs";

const PORT = 3392;
const HOST = "beauty.localhost";
const ORDERS = 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS || 200);

const mf = await startProductionWorker({ port: PORT, dir: ".bench-orders" });
const { request, close } = benchClient(PORT, HOST);

try {
  // 1,000 orders waiting for a deposit, written straight into D1 (what 1,000 shoppers would leave).
  const db = await mf.getD1Database("DB");
  const now = Date.now();
  const ids = Array.from({ length: ORDERS }, (_, i) => 500_000_000_000 + i);
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100);
    await db.batch(
      chunk.flatMap((id, j) => [
        db
          .prepare(
            `INSERT INTO orders (id, shop_id, owner, items_price, delivery_price, total_price, pay_method, orderer_name,
               orderer_phone, created_at, deadline, status_at, stock_taken)
             VALUES (?, 1, ?, 21000, 3000, 24000, 'bank', ?, '010-1234-5678', ?, ?, ?, 0)`,
          )
          .bind(id, `d:bench-${id}`, `구매자${i + j}`, now - (i + j) * 60_000, now + 86_400_000, now),
        db
          .prepare(
            `INSERT INTO order_lines (order_id, product_id, option_id, sid, uid, origin_uid, name, opt_name, image,
               unit_price, qty) VALUES (?, 14, 1400, 'b0014', 1001, 1001, '딥 클렌징 오일 200ml', '', NULL, 21000, 1)`,
          )
          .bind(id),
        db
          .prepare(
            `INSERT INTO payments (order_id, method, provider, amount, status, depositor, bank_name, bank_account,
               bank_holder, deadline, created_at, updated_at)
             VALUES (?, 'bank', 'bank_transfer', 24000, 'pending', '구매자', '국민은행', '1', '뷰티', ?, ?, ?)`,
          )
          .bind(id, now + 86_400_000, now, now),
      ]),
    );
  }
  const login = await request("/api/user/login", {
    method: "POST",
    body: { email: "owner@beauty.example.test", password: "demo1234!", keep: false },
  });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  const cookie = []
    .concat(login.headers["set-cookie"])
    .map((c) => c.split(";")[0])
    .join("; ");

  // Warm the isolate and the shop cache.
  for (let i = 0; i < 10; i++) await request("/api/myshp/admin/orders", { cookie });

  const transitions = [];
  for (const id of ids.slice(0, ROUNDS)) {
    const res = await request("/api/myshp/admin/order/action", {
      method: "POST",
      body: { id, action: "confirm_payment" },
      cookie,
    });
    if (res.status !== 200) throw new Error(`confirm ${id}: ${res.status} ${res.body.slice(0, 200)}`);
    transitions.push(res.ms);
  }
  const list = [];
  const filtered = [];
  const page = [];
  for (let i = 0; i < ROUNDS; i++) {
    list.push((await request(`/api/myshp/admin/orders?page=${1 + (i % 10)}`, { cookie })).ms);
    filtered.push(
      (await request(`/api/myshp/admin/orders?status=WAITING_PAYMENT&q=${encodeURIComponent("구매자1")}`, { cookie }))
        .ms,
    );
    const html = await request("/admin", { cookie });
    if (html.status !== 200) throw new Error(`/admin: ${html.status}`);
    page.push(html.ms);
  }

  const section = `## Order lifecycle (issue 9)

Measured by \`npm run bench:orders\` on ${new Date().toISOString().slice(0, 10)}: the production bundle
served by workerd through Miniflare on this machine (2 cores), a freshly seeded local D1 with
${ORDERS.toLocaleString("en")} bank-transfer orders in \`beauty\`, one request at a time over loopback
(the time until the whole response).

| request | n | p50 | p99 |
| --- | --- | --- | --- |
${row("a transition: 입금확인 through the owner's API (one conditional D1 batch, then the order read back)", transitions)}
${row("console order list, API, 20 of 1,000 orders with counts per status", list)}
${row("console order list, API, filtered by status and searched by name", filtered)}
${row("console page \`/admin\` (SSR, the list and the counts)", page)}
`;
  writeSection("orders", section);
  console.log(section);
} finally {
  close();
  await mf.dispose();
}
