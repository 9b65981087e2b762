import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../../functions/worker";
import { BEAUTY } from "../helpers/request";
import { joinNew, login, PASSWORD } from "../helpers/auth";
import { ADDRESS, Shopper } from "../helpers/shopper";

/**
 * Issue 50 item 4 (decision 155): a reward taken back while an unpaid order holds some of it is
 * taken when that order lets the points go (the buyer's cancel, the cron's expiry), never more
 * than the order held of it and never below zero; the same for a refunded order's earnings.
 */

const DAY = 24 * 60 * 60 * 1000;
const LONG = "향이 은은하고 발림성이 좋아서 매일 쓰고 있어요. 재구매 의사 있습니다.";

/** A member of beauty whose sign-up bonus is spent, so their points are only what a test gives. */
async function member() {
  const account = await joinNew(BEAUTY, "회수 회원");
  const browser = Shopper.signedIn(BEAUTY, account.cookie);
  expect((await browser.api("/api/myshp/join?shopid=1", { agree: true })).status).toBe(200);
  await env.DB.prepare("UPDATE point_history SET rem_value = 0 WHERE uid = ? AND reason = 'join'")
    .bind(account.uid)
    .run();
  return { ...account, browser };
}

async function owner() {
  return Shopper.signedIn(BEAUTY, await login(BEAUTY, "owner@beauty.example.test", PASSWORD));
}

const pay = (b: Shopper, id: number, points = 0) =>
  b.api<{ order: { status: string; points_used: number } }>("/api/myshp/pay/my/order", {
    id,
    pay_method: "bank",
    ...ADDRESS,
    points,
  });

async function sheet(b: Shopper) {
  await b.add([{ pid2: 14, pid3: 1400 }]);
  const made = await b.order([{ pid2: 14, pid3: 1400, qty: 1 }]);
  expect(made.status).toBe(200);
  return made.data.order_id;
}

/** An order of product 14 paid by transfer and moved by the owner as far as `until`. */
async function bought(b: Shopper, until: "delivered" | "done") {
  const id = await sheet(b);
  expect((await pay(b, id)).status).toBe(200);
  const shop = await owner();
  await shop.api("/api/myshp/admin/order/action", { id, action: "confirm_payment" });
  await shop.api("/api/myshp/admin/order/action", { id, action: "ship", courier: "cj", tracking_no: "601234567890" });
  await shop.api("/api/myshp/admin/order/action", { id, action: "deliver" });
  if (until === "done") {
    const done = await b.api<{ status: string }>("/api/myshp/my/order/action", { id, action: "confirm" });
    expect(done.data.status).toBe("DONE");
  }
  return id;
}

/** A review of a delivered order, its text reward (100) paid. */
async function rewarded(b: Shopper) {
  const orderId = await bought(b, "delivered");
  const saved = await b.api<{ id: number; reward: number }>("/api/myshp/review/save", {
    order_id: orderId,
    product_id: 14,
    option_id: 1400,
    rating: 5,
    body: LONG,
    repurchase: true,
  });
  expect(saved.data.reward).toBe(100);
  return saved.data.id;
}

async function grant(uid: number, amount: number, expiresInDays: number) {
  await env.DB.prepare(
    `INSERT INTO point_history (shop_id, uid, amount, reason, created_at, expires_at, rem_value)
     VALUES (1, ?, ?, 'admin', ?, ?, ?)`,
  )
    .bind(uid, amount, Date.now(), Date.now() + expiresInDays * DAY, amount)
    .run();
}

const balance = async (b: Shopper) => (await b.api<{ point: number }>("/api/myshp/ismember?shopid=1")).data.point;

const history = async (uid: number) =>
  (
    await env.DB.prepare(
      "SELECT reason, amount, rem_value FROM point_history WHERE shop_id = 1 AND uid = ? AND reason <> 'join' ORDER BY id",
    )
      .bind(uid)
      .all<{ reason: string; amount: number; rem_value: number }>()
  ).results.map((e) => [e.reason, e.amount, e.rem_value]);

describe("a reward taken back while an unpaid order holds it", () => {
  it("is taken when the buyer cancels that order: all of it, and nothing of the other points", async () => {
    const m = await member();
    const review = await rewarded(m.browser);
    // Lapsing after the reward, so the order holds the reward first and 200 of these.
    await grant(m.uid, 1000, 400);
    const id = await sheet(m.browser);
    const paid = await pay(m.browser, id, 300);
    expect(paid.data.order).toMatchObject({ status: "WAITING_PAYMENT", points_used: 300 });
    expect(await balance(m.browser)).toBe(800);

    // Deleted while held: nothing is left of it to take back now.
    expect((await m.browser.api("/api/myshp/review/delete", { id: review })).status).toBe(200);
    expect(await balance(m.browser)).toBe(800);

    const cancel = await m.browser.api<{ status: string }>("/api/myshp/my/order/action", { id, action: "cancel" });
    expect(cancel.data.status).toBe("CANCELED");
    // The 200 of the grant come back; the reward's 100 does not.
    expect(await balance(m.browser)).toBe(1000);
    expect(await history(m.uid)).toEqual([
      ["review_reward", 100, 0],
      ["admin", 1000, 1000],
      ["order_use", -300, 0],
      ["order_return", 300, 0],
      ["revoked_return", -100, 0],
    ]);
    // Cancelled again (a replayed form): nothing more is taken.
    await m.browser.api("/api/myshp/my/order/action", { id, action: "cancel" });
    expect(await balance(m.browser)).toBe(1000);
  });

  it("takes, at the cron's expiry, only what the clawback could not, never below zero", async () => {
    const m = await member();
    const review = await rewarded(m.browser);
    const id = await sheet(m.browser);
    expect((await pay(m.browser, id, 60)).status).toBe(200);
    expect(await balance(m.browser)).toBe(40);

    // The author deletes it: the 40 left are taken now, the 60 held are not there to take.
    expect((await m.browser.api("/api/myshp/review/delete", { id: review })).status).toBe(200);
    expect(await balance(m.browser)).toBe(0);

    // The transfer never comes: the scheduled job cancels the order after its deadline.
    const deadline = await env.DB.prepare("SELECT deadline FROM orders WHERE id = ?")
      .bind(id)
      .first<{ deadline: number }>();
    await worker.scheduled(
      createScheduledController({ scheduledTime: deadline!.deadline + 60_000, cron: "*/5 * * * *" }),
      env,
    );
    const order = await env.DB.prepare("SELECT status, points_held FROM orders WHERE id = ?").bind(id).first();
    expect(order).toEqual({ status: "CANCELED", points_held: 0 });
    expect(await balance(m.browser)).toBe(0);
    expect(await history(m.uid)).toEqual([
      ["review_reward", 100, 0],
      ["order_use", -60, 0],
      ["review_revoke", -40, 0],
      ["order_return", 60, 0],
      ["revoked_return", -60, 0],
    ]);
    // What was taken in all is the reward, no more.
    const taken = await env.DB.prepare(
      "SELECT -SUM(amount) AS n FROM point_history WHERE uid = ? AND reason IN ('review_revoke', 'revoked_return')",
    )
      .bind(m.uid)
      .first<{ n: number }>();
    expect(taken!.n).toBe(100);
  });

  it("does the same for what a refunded order earned", async () => {
    const m = await member();
    const first = await bought(m.browser, "done");
    const earned = (await env.DB.prepare("SELECT points_earned FROM orders WHERE id = ?")
      .bind(first)
      .first<{ points_earned: number }>())!.points_earned;
    expect(earned).toBeGreaterThan(0);
    const id = await sheet(m.browser);
    expect((await pay(m.browser, id, earned)).status).toBe(200);
    expect(await balance(m.browser)).toBe(0);

    const shop = await owner();
    await shop.api("/api/myshp/admin/order/action", { id: first, action: "refund_after_done", note: "불량" });
    expect(await balance(m.browser)).toBe(0);
    await m.browser.api("/api/myshp/my/order/action", { id, action: "cancel" });
    expect(await balance(m.browser)).toBe(0);
    expect((await history(m.uid)).slice(-2)).toEqual([
      ["order_return", earned, 0],
      ["revoked_return", -earned, 0],
    ]);
  });

  it("gives a reward still standing back as before", async () => {
    const m = await member();
    await rewarded(m.browser);
    const id = await sheet(m.browser);
    expect((await pay(m.browser, id, 100)).status).toBe(200);
    expect(await balance(m.browser)).toBe(0);
    await m.browser.api("/api/myshp/my/order/action", { id, action: "cancel" });
    expect(await balance(m.browser)).toBe(100);
  });
});
