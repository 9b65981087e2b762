import { createScheduledController, env } from "cloudflare:test";
import worker from "../../../functions/worker";
import { describe, expect, it } from "vitest";
import { holdPointsStatements } from "../../../functions/db/points";
import { BEAUTY } from "../helpers/request";
import { joinNew, login, PASSWORD } from "../helpers/auth";
import { ADDRESS, Shopper } from "../helpers/shopper";
import { koOrder } from "~/shared/messages/cart";

/** Issue 9, point 2: points used on the sheet, held, returned on cancel, spent and earned at 구매확정. */

const DAY = 24 * 60 * 60 * 1000;

/** A new account, member of beauty (its 2,000-point sign-up bonus), as a browser on beauty. */
async function member() {
  const account = await joinNew(BEAUTY, "적립 회원");
  const browser = new Shopper(BEAUTY);
  for (const part of account.cookie.split("; ")) {
    const at = part.indexOf("=");
    browser.cookies.set(part.slice(0, at), part.slice(at + 1));
  }
  const joined = await browser.api("/api/myshp/join?shopid=1", { agree: true });
  expect(joined.status).toBe(200);
  return { ...account, browser };
}

async function grant(uid: number, amount: number, expiresInDays: number | null) {
  await env.DB.prepare(
    `INSERT INTO point_history (shop_id, uid, amount, reason, created_at, expires_at, rem_value)
     VALUES (1, ?, ?, 'admin', ?, ?, ?)`,
  )
    .bind(uid, amount, Date.now(), expiresInDays === null ? null : Date.now() + expiresInDays * DAY, amount)
    .run();
}

const entries = async (uid: number) =>
  (
    await env.DB.prepare(
      "SELECT amount, reason, rem_value FROM point_history WHERE shop_id = 1 AND uid = ? ORDER BY id",
    )
      .bind(uid)
      .all<{ amount: number; reason: string; rem_value: number }>()
  ).results;

const balance = async (browser: Shopper) =>
  (await browser.api<{ point: number }>("/api/myshp/ismember?shopid=1")).data.point;

type Order = { status: string; total_price: number; points_used: number; points_earned: number; paid_amount: number };

async function sheet(browser: Shopper) {
  await browser.add([{ pid2: 14, pid3: 1400 }]);
  const made = await browser.order([{ pid2: 14, pid3: 1400, qty: 1 }]);
  expect(made.status).toBe(200);
  return made.data.order_id;
}

const pay = (browser: Shopper, id: number, points: number | string) =>
  browser.api<{ order: Order & { payment: { amount: number } | null }; error?: { field?: string; message: string } }>(
    "/api/myshp/pay/my/order",
    { id, pay_method: "bank", ...ADDRESS, points },
  );

async function owner() {
  const browser = new Shopper(BEAUTY);
  for (const part of (await login(BEAUTY, "owner@beauty.example.test", PASSWORD)).split("; ")) {
    const at = part.indexOf("=");
    browser.cookies.set(part.slice(0, at), part.slice(at + 1));
  }
  return browser;
}

describe("points on an order", () => {
  it("takes the earliest-lapsing points first, holds them, and gives each entry back on cancel", async () => {
    const m = await member();
    await grant(m.uid, 500, 10);
    await grant(m.uid, 1000, 100);
    expect(await balance(m.browser)).toBe(3500);
    const id = await sheet(m.browser);
    const paid = await pay(m.browser, id, "1,200");
    expect(paid.status).toBe(200);
    expect(paid.data.order.points_used).toBe(1200);
    expect(paid.data.order.payment!.amount).toBe(paid.data.order.total_price - 1200);
    // The 10-day entry went first, then the 100-day one; the bonus (a year) is untouched.
    expect((await entries(m.uid)).map((e) => [e.reason, e.amount, e.rem_value])).toEqual([
      ["join", 2000, 2000],
      ["admin", 500, 0],
      ["admin", 1000, 300],
      ["order_use", -1200, 0],
    ]);
    expect(await balance(m.browser)).toBe(2300);
    const cancel = await m.browser.api<Order>("/api/myshp/my/order/action", { id, action: "cancel" });
    expect(cancel.data.status).toBe("CANCELED");
    expect(await balance(m.browser)).toBe(3500);
    expect((await entries(m.uid)).map((e) => [e.reason, e.amount, e.rem_value])).toEqual([
      ["join", 2000, 2000],
      ["admin", 500, 500],
      ["admin", 1000, 1000],
      ["order_use", -1200, 0],
      ["order_return", 1200, 0],
    ]);
  });

  it("the buyer's order list shows what is paid after the points, as the sheet's 총 결제 금액 does", async () => {
    const m = await member();
    const id = await sheet(m.browser);
    const paid = await pay(m.browser, id, 1000);
    expect(paid.status).toBe(200);
    expect(paid.data.order.total_price).toBe(24_000);
    const html = await (await m.browser.fetch("/myshop/order_all")).text();
    const card = html.slice(html.indexOf(`id=${id}`));
    expect(card).toContain("23,000원");
    expect(card.slice(0, card.indexOf("</li>"))).not.toContain("24,000원");
  });

  it("refuses points the shop does not allow, next to the field", async () => {
    const m = await member();
    const id = await sheet(m.browser);
    for (const [points, message] of [
      [15, "적립금은 10원 단위로 사용할 수 있습니다."],
      [3000, koOrder.points.short],
      [1_000_000, koOrder.points.overTotal],
      ["열", koOrder.points.invalid],
    ] as const) {
      const res = await pay(m.browser, id, points);
      expect(res.data.error, String(points)).toMatchObject({ field: "points", message });
    }
    expect(await balance(m.browser)).toBe(2000);
    // A guest has no points to use.
    const guest = new Shopper(BEAUTY);
    const guestSheet = await sheet(guest);
    expect((await pay(guest, guestSheet, 100)).data.error?.message).toBe(koOrder.points.membersOnly);
  });

  it("never overdraws: twenty spends at once on a 1,000-point balance", async () => {
    const m = await member();
    await env.DB.prepare("UPDATE point_history SET rem_value = 1000 WHERE uid = ? AND reason = 'join'")
      .bind(m.uid)
      .run();
    const ids = Array.from({ length: 20 }, (_, i) => 900_000_000_000 + m.uid * 100 + i);
    await env.DB.batch(
      ids.map((id) =>
        env.DB.prepare(
          `INSERT INTO orders (id, shop_id, owner, items_price, delivery_price, total_price, created_at, deadline)
           VALUES (?, 1, ?, 1000, 0, 1000, ?, ?)`,
        ).bind(id, `m:${m.uid}`, Date.now(), Date.now() + DAY),
      ),
    );
    const results = await Promise.allSettled(
      ids.map((orderId) =>
        env.DB.batch(holdPointsStatements(env.DB, { orderId, shopId: 1, uid: m.uid, points: 300, now: Date.now() })),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(results.filter((r) => r.status === "rejected").every((r) => String(r.reason).includes("GUARD_POINTS"))).toBe(
      true,
    );
    expect(await balance(m.browser)).toBe(100);
    const held = await env.DB.prepare(
      "SELECT COUNT(*) AS n, SUM(amount) AS sum FROM point_holds WHERE order_id BETWEEN ? AND ? + 19",
    )
      .bind(ids[0], ids[0])
      .first<{ n: number; sum: number }>();
    expect(held!.sum).toBe(900);
  });

  it("spends the held points for good and earns 1 % of what was paid at 구매확정, once", async () => {
    const m = await member();
    const id = await sheet(m.browser);
    const paid = await pay(m.browser, id, 1000);
    const total = paid.data.order.total_price;
    const shop = await owner();
    await shop.api("/api/myshp/admin/order/action", { id, action: "confirm_payment" });
    await shop.api("/api/myshp/admin/order/action", { id, action: "ship", courier: "cj", tracking_no: "601234567890" });
    await shop.api("/api/myshp/admin/order/action", { id, action: "deliver" });
    const done = await m.browser.api<Order>("/api/myshp/my/order/action", { id, action: "confirm" });
    expect(done.data.status).toBe("DONE");
    expect(done.data.paid_amount).toBe(total - 1000);
    expect(done.data.points_earned).toBe(Math.floor((total - 1000) / 100));
    expect(await balance(m.browser)).toBe(2000 - 1000 + done.data.points_earned);
    // Confirmed again (a replayed form): nothing more.
    await m.browser.api("/api/myshp/my/order/action", { id, action: "confirm" });
    expect((await entries(m.uid)).filter((e) => e.reason === "order_earn")).toHaveLength(1);
    // A refund after confirmation takes back what is left of the earned points, never more.
    await shop.api("/api/myshp/admin/order/action", { id, action: "refund_after_done", note: "불량" });
    expect(await balance(m.browser)).toBe(1000);
  });

  it("completes an order paid in full with points at /user/order_point, without a transfer", async () => {
    const m = await member();
    await grant(m.uid, 30_000, 30);
    const id = await sheet(m.browser);
    const total = (await m.browser.api<Order>(`/api/myshp/get/my/order?id=${id}`)).data.total_price;
    const res = await m.browser.form(`/user/order?id=${id}`, { ...ADDRESS, pay_method: "bank", points: String(total) });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/user/order_point?id=${id}`);
    const page = (await (await m.browser.fetch(res.headers.get("location")!)).text()).replace(/<!-- -->/g, "");
    expect(page).toContain(koOrder.points.paidTitle);
    expect(page).toContain(koOrder.status.CONFIRM_PAYMENT);
    const order = (await m.browser.api<Order & { payment: unknown }>(`/api/myshp/get/my/order?id=${id}`)).data;
    expect([order.status, order.payment, order.points_used, order.paid_amount]).toEqual([
      "CONFIRM_PAYMENT",
      null,
      total,
      0,
    ]);
    expect(await balance(m.browser)).toBe(2000 + 30_000 - total);
    // A placed order for the console, though no transfer was chosen.
    const listed = await (
      await owner()
    ).api<{ items: { id: number }[] }>("/api/myshp/admin/orders?status=CONFIRM_PAYMENT");
    expect(listed.data.items.map((o) => o.id)).toContain(id);
    const mail = await env.DB.prepare("SELECT to_addr, subject FROM mail_outbox WHERE subject LIKE ? ORDER BY id")
      .bind(`%${id}%`)
      .all<{ to_addr: string; subject: string }>();
    expect(mail.results.map((r) => [r.to_addr, r.subject])).toEqual([
      [m.email, `[뷰티 라운지] 주문이 완료되었습니다 (주문번호 ${id})`],
      ["owner@beauty.example.test", `[뷰티 라운지] 새 주문이 들어왔습니다 (주문번호 ${id})`],
    ]);
  });

  it("earns at an automatic 구매확정 too, through the cron", async () => {
    const m = await member();
    const id = await sheet(m.browser);
    await pay(m.browser, id, 500);
    const shop = await owner();
    await shop.api("/api/myshp/admin/order/action", { id, action: "confirm_payment" });
    await shop.api("/api/myshp/admin/order/action", { id, action: "ship", courier: "cj", tracking_no: "601234567890" });
    const cron = (at: number) =>
      worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }), env);
    await cron(Date.now() + 6 * DAY);
    await cron(Date.now() + 14 * DAY);
    const order = (await m.browser.api<Order>(`/api/myshp/get/my/order?id=${id}`)).data;
    expect(order.status).toBe("DONE");
    expect(order.points_earned).toBe(Math.floor(order.paid_amount / 100));
    expect(await balance(m.browser)).toBe(1500 + order.points_earned);
  });
});
