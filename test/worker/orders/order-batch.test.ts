import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { takeStockAndMarkPaid, takeStockAndMarkPaidStatements } from "../../../functions/db/order-batch";
import { batchFailure, OrderStore } from "../../../functions/db/orders";
import { ProviderPaymentStore } from "../../../functions/db/provider-payments";
import { BEAUTY } from "../helpers/request";
import { Shopper, setStock, stockOf } from "../helpers/shopper";

/**
 * Issue 34, point 1: the one order write path's "take stock and mark paid", the step a card
 * provider's confirmation calls (through the real D1: one batch, guarded by SQL conditions).
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

/**
 * A fresh order sheet of two units of option 1400 on beauty, with a card attempt recorded as
 * 결제하기 records it (functions/db/provider-payments.ts).
 */
async function sheet(): Promise<Sheet> {
  const browser = new Shopper(BEAUTY);
  await browser.add([{ pid2: 14, pid3: 1400, qty: 2 }]);
  const made = await browser.order([{ pid2: 14, pid3: 1400, qty: 2 }]);
  expect(made.status).toBe(200);
  const id = made.data.order_id;
  const { owner } = (await env.DB.prepare("SELECT owner FROM orders WHERE id = ?")
    .bind(id)
    .first<{ owner: string }>())!;
  const now = Date.now();
  const attempt = await new ProviderPaymentStore(env.DB).recordAttempt({
    orderId: id,
    shopId: 1,
    owner,
    mode: "test",
    choice: "card",
    points: 0,
    escrow: false,
    now,
    openUntil: now + 30 * 60 * 1000,
    details: DETAILS,
  });
  return { id, total: attempt.amount, owner, providerOrderId: attempt.provider_order_id };
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => batchFailure(error),
  );

const confirm = (s: Sheet, amount = s.total, now = Date.now()) => ({
  orderId: s.id,
  shopId: 1,
  owner: s.owner,
  providerOrderId: s.providerOrderId,
  paymentKey: `tpk_${s.id}`,
  method: "card" as const,
  amount,
  points: 0,
  uid: null,
  ip: null,
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
    balance: amount,
  },
  account: null,
});

describe("take stock and mark paid (a provider's confirmation)", () => {
  it("takes the stock, records the payment and marks the order paid through the state machine, at once", async () => {
    await setStock(1400, 10);
    const made = await sheet();
    const { id, total } = made;
    await takeStockAndMarkPaid(env.DB, confirm(made));

    expect(await stockOf(1400)).toBe(8);
    const row = await orderRow(id);
    expect(row).toMatchObject({ status: "CONFIRM_PAYMENT", pay_method: "card", stock_taken: 1, paid_amount: total });
    expect(row!.paid_at).not.toBeNull();
    expect(await paymentOf(id)).toEqual({ method: "card", provider: "toss", amount: total, status: "paid" });
    expect(await eventsOf(id)).toEqual([
      { actor: "system", action: "pay_provider", from_status: "WAITING_PAYMENT", to_status: "CONFIRM_PAYMENT" },
    ]);

    // The same confirmation again (a provider's retry) changes nothing: the order is no longer a sheet.
    expect(await failureOf(takeStockAndMarkPaid(env.DB, confirm(made)))).toBe("state");
    expect(await stockOf(1400)).toBe(8);
  });

  it("refuses, changing nothing, when the stock is short", async () => {
    await setStock(1400, 10);
    const made = await sheet();
    const { id } = made;
    await setStock(1400, 1);
    expect(await failureOf(takeStockAndMarkPaid(env.DB, confirm(made)))).toBe("stock");

    expect(await stockOf(1400)).toBe(1);
    expect(await orderRow(id)).toMatchObject({ status: "WAITING_PAYMENT", pay_method: null, stock_taken: 0 });
    expect(await paymentOf(id)).toBeNull();
    expect(await eventsOf(id)).toEqual([]);
  });

  it("refuses an order that is not an open sheet, and an amount that is not the amount due", async () => {
    await setStock(1400, 10);
    // Charged another amount than the order leaves to pay.
    const wrong = await sheet();
    expect(await failureOf(takeStockAndMarkPaid(env.DB, confirm(wrong, wrong.total - 1_000)))).toBe("state");
    expect(await orderRow(wrong.id)).toMatchObject({ status: "WAITING_PAYMENT", stock_taken: 0 });

    // Past its deadline.
    const late = await sheet();
    const afterDeadline = Date.now() + 2 * 60 * 60 * 1000;
    expect(await failureOf(takeStockAndMarkPaid(env.DB, confirm(late, late.total, afterDeadline)))).toBe("state");

    // Cancelled by the buyer.
    const canceled = await sheet();
    await env.DB.prepare("UPDATE orders SET status = 'CANCELED' WHERE id = ?").bind(canceled.id).run();
    expect(await failureOf(takeStockAndMarkPaid(env.DB, confirm(canceled)))).toBe("state");

    // Another shop's order.
    const other = await sheet();
    expect(await failureOf(takeStockAndMarkPaid(env.DB, { ...confirm(other), shopId: 2 }))).toBe("state");
    expect(await stockOf(1400)).toBe(10);
    expect(await paymentOf(other.id)).toBeNull();
  });

  it("is the order store's step too, for a provider's handler", async () => {
    await setStock(1400, 10);
    const made = await sheet();
    const { id } = made;
    await new OrderStore(env.DB).takeStockAndMarkPaid(confirm(made));
    expect(await orderRow(id)).toMatchObject({ status: "CONFIRM_PAYMENT", stock_taken: 1 });
    expect(await stockOf(1400)).toBe(8);
  });

  it("is a fixed number of statements whatever the order", async () => {
    const made = await sheet();
    // Order, guard, stock (2), payment, Toss's details, cart (2), a table's cart (3, decision 105),
    // transition (3 with its payment row).
    expect(takeStockAndMarkPaidStatements(env.DB, confirm(made))).toHaveLength(15);
  });
});
