import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { markPaidStatements, reserveStatements } from "../../../functions/db/order-batch";
import { batchFailure } from "../../../functions/db/orders";
import { PaymentAttemptStore } from "../../../functions/db/payment-attempts";
import { BEAUTY } from "../helpers/request";
import { joinNew } from "../helpers/auth";
import { Shopper, setStock, stockOf } from "../helpers/shopper";

/**
 * Issue 34, point 1, and issue 50 (decision 142): the one order write path's steps of a card
 * provider's payment: reserve before Toss is asked, record what it took, release what it did not
 * take (through the real D1: each one batch, guarded by SQL conditions).
 */

type Row = {
  status: string;
  pay_method: string | null;
  stock_taken: number;
  paid_amount: number;
  paid_at: number | null;
  total_price: number;
  points_used: number;
};

const orderRow = (id: number) =>
  env.DB.prepare(
    "SELECT status, pay_method, stock_taken, paid_amount, paid_at, total_price, points_used FROM orders WHERE id = ?",
  )
    .bind(id)
    .first<Row>();

const paymentOf = (id: number) =>
  env.DB.prepare("SELECT method, provider, amount, status FROM payments WHERE order_id = ?")
    .bind(id)
    .first<{ method: string; provider: string; amount: number; status: string }>();

const eventsOf = async (id: number) =>
  (
    await env.DB.prepare(
      "SELECT actor, action, from_status, to_status FROM order_events WHERE order_id = ? ORDER BY id",
    )
      .bind(id)
      .all()
  ).results;

const DETAILS = {
  orderer_name: "김하나",
  orderer_phone: "010-1234-5678",
  receiver_name: "김하나",
  postcode: "06236",
  address: "서울 강남구 테헤란로 1",
  detail: "101호",
  receiver_phone: "010-1234-5678",
  memo: "",
  email: null,
  thirdPartyAgreed: false,
};

type Sheet = { id: number; total: number; owner: string; providerOrderId: string };

const attempts = () => new PaymentAttemptStore(env.DB);

/** A card window of sheet `id` opened as 결제하기 opens it (functions/db/payment-attempts.ts), with `points`. */
function windowOf(id: number, owner: string, points = 0) {
  const now = Date.now();
  return attempts().open({
    orderId: id,
    shopId: 1,
    owner,
    via: "own",
    feeBps: 0,
    mode: "test",
    choice: "card",
    points,
    escrow: false,
    now,
    openUntil: now + 30 * 60 * 1000,
    details: DETAILS,
  });
}

/**
 * A fresh order sheet of two units of option 1400 on beauty, with a card window opened as
 * 결제하기 opens it (functions/db/payment-attempts.ts).
 */
async function sheet(points = 0): Promise<Sheet> {
  const browser = new Shopper(BEAUTY);
  await browser.add([{ pid2: 14, pid3: 1400, qty: 2 }]);
  const made = await browser.order([{ pid2: 14, pid3: 1400, qty: 2 }]);
  expect(made.status).toBe(200);
  const id = made.data.order_id;
  const { owner } = (await env.DB.prepare("SELECT owner FROM orders WHERE id = ?")
    .bind(id)
    .first<{ owner: string }>())!;
  const attempt = await windowOf(id, owner, points);
  return { id, total: attempt.amount, owner, providerOrderId: attempt.provider_order_id };
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => batchFailure(error),
  );

const reservation = (s: Sheet, amount = s.total, now = Date.now()) => ({
  orderId: s.id,
  shopId: 1,
  owner: s.owner,
  providerOrderId: s.providerOrderId,
  paymentKey: `tpk_${s.id}`,
  choice: "card" as const,
  amount,
  points: 0,
  uid: null,
  ip: null,
  now,
  holdUntil: now + 30 * 60 * 1000,
  checkAt: now + 60_000,
});

const recording = (s: Sheet, now = Date.now()) => ({
  orderId: s.id,
  shopId: 1,
  providerOrderId: s.providerOrderId,
  paymentKey: `tpk_${s.id}`,
  attempt: { mode: "test" as const, choice: "card" as const, amount: s.total, points: 0, escrow: false },
  now,
  details: {
    status: "DONE" as const,
    method: "카드",
    approvedAt: new Date(now).toISOString(),
    cardCompany: "현대",
    cardNumber: "43301234****123*",
    installmentMonths: 0,
    easyPay: null,
    receiptUrl: null,
    balance: s.total,
  },
  account: null,
  checkAt: null,
});

/** Toss took nothing for the sheet's attempt (a card refused): it ends failed, its reservation given back. */
const released = (s: Pick<Sheet, "id" | "providerOrderId">) =>
  attempts().release({
    orderId: s.id,
    providerOrderId: s.providerOrderId,
    state: "failed",
    reason: "REJECT_CARD_COMPANY",
    message: null,
    tossStatus: null,
    captured: 0,
    refunded: 0,
    now: Date.now(),
  });

const stateOf = async (s: Sheet) =>
  (await env.DB.prepare("SELECT state FROM payment_attempts WHERE provider_order_id = ?")
    .bind(s.providerOrderId)
    .first<{ state: string }>())!.state;

describe("a Toss payment through the one order path (decision 142)", () => {
  it("reserves the stock before Toss is asked, then records the payment and marks the order paid, once", async () => {
    await setStock(1400, 10);
    const made = await sheet();
    const { id, total } = made;
    await attempts().reserve(reservation(made));
    // Confirming: the stock is the order's, nothing is paid yet.
    expect(await stockOf(1400)).toBe(8);
    expect(await orderRow(id)).toMatchObject({ status: "WAITING_PAYMENT", pay_method: null, stock_taken: 1 });
    expect(await stateOf(made)).toBe("confirming");

    await attempts().markPaid(recording(made));
    expect(await stockOf(1400)).toBe(8);
    const row = await orderRow(id);
    expect(row).toMatchObject({ status: "CONFIRM_PAYMENT", pay_method: "card", stock_taken: 1, paid_amount: total });
    expect(row!.paid_at).not.toBeNull();
    expect(await paymentOf(id)).toEqual({ method: "card", provider: "toss", amount: total, status: "paid" });
    expect(await stateOf(made)).toBe("recorded");
    expect(await eventsOf(id)).toEqual([
      { actor: "system", action: "pay_provider", from_status: "WAITING_PAYMENT", to_status: "CONFIRM_PAYMENT" },
    ]);

    // The same again (a second tab, the reconciler) changes nothing.
    expect(await failureOf(attempts().markPaid(recording(made)))).toBe("state");
    expect(await failureOf(attempts().reserve(reservation(made)))).toBe("state");
    expect(await stockOf(1400)).toBe(8);
  });

  it("refuses to reserve, changing nothing, when the stock is short", async () => {
    await setStock(1400, 10);
    const made = await sheet();
    const { id } = made;
    await setStock(1400, 1);
    expect(await failureOf(attempts().reserve(reservation(made)))).toBe("stock");

    expect(await stockOf(1400)).toBe(1);
    expect(await orderRow(id)).toMatchObject({ status: "WAITING_PAYMENT", pay_method: null, stock_taken: 0 });
    expect(await stateOf(made)).toBe("window");
    expect(await paymentOf(id)).toBeNull();
  });

  it("refuses an order that is not an open sheet, and an amount that is not the window's", async () => {
    await setStock(1400, 10);
    const wrong = await sheet();
    expect(await failureOf(attempts().reserve(reservation(wrong, wrong.total - 1_000)))).toBe("state");
    expect(await orderRow(wrong.id)).toMatchObject({ status: "WAITING_PAYMENT", stock_taken: 0 });

    // Past its deadline.
    const late = await sheet();
    const afterDeadline = Date.now() + 2 * 60 * 60 * 1000;
    expect(await failureOf(attempts().reserve(reservation(late, late.total, afterDeadline)))).toBe("state");

    // Cancelled by the buyer.
    const canceled = await sheet();
    await env.DB.prepare("UPDATE orders SET status = 'CANCELED' WHERE id = ?").bind(canceled.id).run();
    expect(await failureOf(attempts().reserve(reservation(canceled)))).toBe("state");

    // Another shop's order.
    const other = await sheet();
    expect(await failureOf(attempts().reserve({ ...reservation(other), shopId: 2 }))).toBe("state");
    expect(await stockOf(1400)).toBe(10);
    expect(await paymentOf(other.id)).toBeNull();
  });

  it("lets one payment of a sheet be under way at a time, and a new window supersedes the old one", async () => {
    await setStock(1400, 10);
    const made = await sheet();
    await attempts().reserve(reservation(made));
    // A second window of the same sheet cannot open while the first is being confirmed.
    const again = windowOf(made.id, made.owner);
    expect(await failureOf(again)).toBe("pending");
    // Released (Toss refused the card): the stock is back, the sheet opens a window again, and
    // the older window can no longer be confirmed.
    await released(made);
    expect(await stockOf(1400)).toBe(10);
    expect(await orderRow(made.id)).toMatchObject({ status: "WAITING_PAYMENT", stock_taken: 0 });
    const second = await windowOf(made.id, made.owner);
    expect(second.provider_order_id).toBe(`${made.id}-2`);
    expect(await stateOf(made)).toBe("failed");
    // A release of an attempt already ended changes nothing.
    expect(await failureOf(released(made))).toBe("state");
  });

  it("gives a released sheet's points back as if never held, but not what it held of a reward taken back meanwhile", async () => {
    await setStock(1400, 10);
    const account = await joinNew(BEAUTY, "포인트 회원");
    const member = Shopper.signedIn(BEAUTY, account.cookie);
    expect((await member.api("/api/myshp/join?shopid=1", { agree: true })).status).toBe(200);
    await member.add([{ pid2: 14, pid3: 1400, qty: 2 }]);
    const id = (await member.order([{ pid2: 14, pid3: 1400, qty: 2 }])).data.order_id;
    const owner = `m:${account.uid}`;
    const balance = async () =>
      (await env.DB.prepare("SELECT COALESCE(SUM(rem_value), 0) AS n FROM point_history WHERE shop_id = 1 AND uid = ?")
        .bind(account.uid)
        .first<{ n: number }>())!.n;
    const before = await balance();
    const opened = await windowOf(id, owner, 1000);
    const made = { id, total: opened.amount, owner, providerOrderId: opened.provider_order_id };
    await attempts().reserve({ ...reservation(made), points: 1000, uid: account.uid });
    expect(await balance()).toBe(before - 1000);
    // The entry the points came from (the join bonus here) is taken back meanwhile, as a deleted
    // review's reward is (decision 155): its clawback found nothing left to take.
    await env.DB.prepare(
      "UPDATE point_history SET revoked_at = ? WHERE id IN (SELECT entry_id FROM point_holds WHERE order_id = ?)",
    )
      .bind(Date.now(), id)
      .run();
    await released(made);
    // Nothing comes back from the revoked entry: the member keeps no points they were denied.
    expect(await balance()).toBe(before - 1000);
    const rows = await env.DB.prepare("SELECT reason, amount FROM point_history WHERE order_id = ? ORDER BY id")
      .bind(id)
      .all<{ reason: string; amount: number }>();
    expect(rows.results).toEqual([{ reason: "revoked_return", amount: -1000 }]);
    expect(await orderRow(id)).toMatchObject({ status: "WAITING_PAYMENT", stock_taken: 0, points_used: 0 });
    expect(await stockOf(1400)).toBe(10);
  });

  it("is a fixed number of statements whatever the order", async () => {
    const made = await sheet();
    // Guard, attempt and guard, order and guard, stock (2), a table's cart guard.
    expect(reserveStatements(env.DB, reservation(made))).toHaveLength(8);
    // Attempt and guard, order and guard, payment, Toss's details, cart (2), a table's cart (3),
    // transition (3 with its payment row).
    expect(markPaidStatements(env.DB, recording(made))).toHaveLength(15);
  });
});
