import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { formatKRW } from "~/shared/format";
import { koCheckout } from "~/shared/messages/checkout";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { nextStatus, type OrderAction, type OrderFacts } from "~/shared/order-machine";
import { DEMO_TOSS_KEYS } from "../../../functions/seed/demo";
import { TossClient } from "../../../functions/payments/toss";
import type { TossStandin } from "../../../scripts/lib/toss-standin.mjs";
import { login, PASSWORD } from "../helpers/auth";
import { BEAUTY, PICKS } from "../helpers/request";
import { Shopper, stockOf } from "../helpers/shopper";
import { payOnline, routeToss } from "../helpers/toss";

/**
 * Issue 35 item 4, decision 104: money back through Toss. The owner's 취소승인 and 환불완료 cancel
 * the payment at the stand-in before the order's batch; a return may cover some lines; a refusal
 * leaves the order as it was and the console says why; a cancel without an answer is reconciled.
 */

const LINE_A = { pid2: 13, pid3: 1300, qty: 1 };
const LINE_B = { pid2: 14, pid3: 1400, qty: 2 };

let standin: TossStandin;
/** The Idempotency-Key of every cancel the Worker sent to Toss, in order. */
let cancelKeys: string[];
/** Makes the next cancel go through at Toss but its answer never arrive (a timeout). */
let loseNextCancelAnswer: boolean;

beforeEach(() => {
  standin = createRouted();
});

function createRouted(): TossStandin {
  const s = routeToss();
  cancelKeys = [];
  loseNextCancelAnswer = false;
  const routed = vi.mocked(globalThis.fetch).getMockImplementation()!;
  vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!/\/cancel$/.test(new URL(request.url).pathname)) return routed(request);
    cancelKeys.push(request.headers.get("idempotency-key") ?? "");
    const answer = await routed(request);
    if (loseNextCancelAnswer) {
      loseNextCancelAnswer = false;
      throw new DOMException("The operation was aborted due to timeout", "TimeoutError");
    }
    return answer;
  });
  return s;
}

async function ownerOf(host: string, email: string) {
  return Shopper.signedIn(host, await login(host, email, PASSWORD));
}

type View = {
  status: string;
  actions: OrderAction[];
  paid_amount: number;
  total_price: number;
  refund: { amount: number | null; refunded_at: number | null } | null;
  online: { status: string; balance: number | null; cancels: { amount: number; reason: string }[] } | null;
  error?: { code: string; message: string; field?: string };
};

const ownerAct = (owner: Shopper, body: Record<string, unknown>) =>
  owner.api<View>("/api/myshp/admin/order/action", body);
const buyerAct = (buyer: Shopper, body: Record<string, unknown>) => buyer.api<View>("/api/myshp/my/order/action", body);

/** The stand-in's own record of a payment (its 개발자센터). */
function atToss(orderId: string) {
  const payments = standin.listing().flatMap((m) => m.payments) as {
    orderId: string;
    status: string;
    balanceAmount: number;
    cancels: { cancelAmount: number; cancelReason: string }[] | null;
  }[];
  return payments.find((p) => p.orderId === orderId)!;
}

const row = (id: number) =>
  env.DB.prepare(
    `SELECT o.status, o.refund_amount, o.refunded_at, o.return_amount, p.status AS toss_status, p.balance_amount,
       p.failure_code, (SELECT COUNT(*) FROM provider_cancels c WHERE c.order_id = o.id) AS cancels
     FROM orders o JOIN provider_payments p ON p.order_id = o.id WHERE o.id = ?`,
  )
    .bind(id)
    .first<{
      status: string;
      refund_amount: number | null;
      refunded_at: number | null;
      return_amount: number | null;
      toss_status: string;
      balance_amount: number;
      failure_code: string | null;
      cancels: number;
    }>();

/** A card-paid order whose buyer asked to cancel it (취소요청). */
async function cancelRequested(lines = [LINE_A]) {
  const paid = await payOnline(standin, BEAUTY, lines);
  const res = await buyerAct(paid.shopper, { id: paid.id, action: "request_cancel", reason: "마음이 바뀌었어요" });
  expect(res.data.status).toBe("REQ_CANCEL");
  return paid;
}

/** A card-paid order of two lines, delivered, whose buyer asked for a return (반품요청). */
async function returnRequested() {
  const paid = await payOnline(standin, BEAUTY, [LINE_A, LINE_B]);
  const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
  await ownerAct(owner, { id: paid.id, action: "ship", courier: "cj", tracking_no: "601234567890" });
  await ownerAct(owner, { id: paid.id, action: "deliver" });
  const res = await buyerAct(paid.shopper, { id: paid.id, action: "request_refund", reason: "사이즈가 맞지 않아요" });
  expect(res.data.status).toBe("REQ_REFUND");
  return { ...paid, owner };
}

describe("the state machine with Toss", () => {
  const facts = (more: Partial<OrderFacts>): OrderFacts => ({
    status: "REQ_CANCEL",
    paymentChosen: true,
    paidAmount: 15_000,
    claim: "cancel",
    claimFrom: "CONFIRM_PAYMENT",
    refundAccount: false,
    smartOrder: false,
    payLater: false,
    paidOnline: true,
    onlineAccount: false,
    ...more,
  });

  it("closes a card's cancel at once, a deposited account's once the buyer gave an account", () => {
    expect(nextStatus(facts({}), "accept_cancel", "owner")).toBe("CANCELED");
    expect(nextStatus(facts({ paidOnline: false }), "accept_cancel", "owner")).toBe("REQ_BANK_REFUND");
    expect(nextStatus(facts({ onlineAccount: true }), "accept_cancel", "owner")).toBe("REQ_BANK_REFUND");
    expect(nextStatus(facts({ onlineAccount: true, refundAccount: true }), "accept_cancel", "owner")).toBe("CANCELED");
    // A card needs no account from the buyer; 환불완료 goes through Toss without one.
    expect(nextStatus(facts({ status: "REQ_BANK_REFUND" }), "refund_account", "buyer")).toBeNull();
    expect(nextStatus(facts({ status: "REFUND_ACCEPTED", claim: "refund" }), "refund_done", "owner")).toBe("REFUNDED");
    expect(
      nextStatus(facts({ status: "REFUND_ACCEPTED", claim: "refund", onlineAccount: true }), "refund_done", "owner"),
    ).toBeNull();
  });
});

describe("money back through Toss", () => {
  it("the owner cancels a paid order before shipping (판매취소) with a reason: Toss refunds it in the same press", async () => {
    const { id, providerOrderId } = await payOnline(standin, BEAUTY, [LINE_A]);
    const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
    // The reason is required: the buyer is told why.
    const bare = await ownerAct(owner, { id, action: "seller_cancel" });
    expect(bare.status).toBe(400);
    expect(atToss(providerOrderId).status).toBe("DONE");
    const res = await ownerAct(owner, {
      id,
      action: "seller_cancel",
      sale_reason: "stock",
      note: "재고가 모두 소진되었습니다",
    });
    // Cancelled first, then refunded (decision 126): 환불완료 with the money back at once.
    expect([res.status, res.data.status]).toEqual([200, "REFUNDED"]);
    expect(res.data.online).toMatchObject({ status: "CANCELED", balance: 0 });
    expect(atToss(providerOrderId)).toMatchObject({ status: "CANCELED", balanceAmount: 0 });
    expect(atToss(providerOrderId).cancels![0]!.cancelReason).toBe("재고 부족 · 재고가 모두 소진되었습니다");
    expect(await row(id)).toMatchObject({ status: "REFUNDED", refund_amount: res.data.paid_amount, cancels: 1 });
  });

  it("refunds a card-paid order the owner cancels (취소승인): Toss cancels it, the order is CANCELED with its refund", async () => {
    const { id, providerOrderId, shopper } = await cancelRequested();
    const stock = await stockOf(LINE_A.pid3);
    const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
    const res = await ownerAct(owner, { id, action: "accept_cancel" });
    expect([res.status, res.data.status]).toEqual([200, "CANCELED"]);
    expect(res.data.refund).toMatchObject({ amount: res.data.paid_amount });
    expect(res.data.online).toMatchObject({ status: "CANCELED", balance: 0 });
    expect(res.data.online!.cancels).toEqual([
      { amount: res.data.paid_amount, reason: "마음이 바뀌었어요", canceled_at: expect.any(String) },
    ]);
    const toss = atToss(providerOrderId);
    expect(toss.status).toBe("CANCELED");
    expect(toss.cancels).toHaveLength(1);
    expect(toss.cancels![0]).toMatchObject({ cancelAmount: res.data.paid_amount, cancelReason: "마음이 바뀌었어요" });
    expect(await row(id)).toMatchObject({ status: "CANCELED", refund_amount: res.data.paid_amount, cancels: 1 });
    expect(await stockOf(LINE_A.pid3)).toBe(stock + LINE_A.qty);
    expect(cancelKeys).toEqual([expect.stringMatching(new RegExp(`^cancel:${providerOrderId}:1:[0-9a-f]{12}$`))]);
    // The same press again (a replayed form) changes nothing and asks Toss nothing.
    expect((await ownerAct(owner, { id, action: "accept_cancel" })).data.status).toBe("CANCELED");
    expect(cancelKeys).toHaveLength(1);
    // The buyer's page and the owner's console show the refund, on the receipt and the timeline.
    const amount = koCheckout.receipt.canceled(formatKRW(res.data.paid_amount));
    for (const page of [
      await (await owner.fetch(`/admin/order?id=${id}`)).text(),
      await (await shopper.fetch(`/myshop/order_view?id=${id}`)).text(),
    ]) {
      expect(page.replace(/<!-- -->/g, "")).toContain(amount);
      expect(page).toContain('data-testid="timeline-cancel"');
    }
  });

  it("refunds the returned lines of a partial return: PARTIAL_CANCELED with the rest left", async () => {
    const { id, owner, providerOrderId } = await returnRequested();
    const before = { a: await stockOf(LINE_A.pid3), b: await stockOf(LINE_B.pid3) };
    // The console's form without scripts: a quantity per line; one of two lines comes back.
    let res = await owner.form(`/admin/order?id=${id}`, [
      ["id", String(id)],
      ["action", "accept_refund"],
      ["return_qty", "1"],
      ["return_qty", "0"],
      ["confirm", "1"],
    ]);
    expect(res.status).toBe(303);
    const price = (await env.DB.prepare("SELECT unit_price FROM order_lines WHERE order_id = ? AND option_id = ?")
      .bind(id, LINE_A.pid3)
      .first<{ unit_price: number }>())!.unit_price;
    expect(await row(id)).toMatchObject({ status: "REFUND_ACCEPTED", return_amount: price, toss_status: "DONE" });
    expect(await stockOf(LINE_A.pid3)).toBe(before.a + 1);
    expect(await stockOf(LINE_B.pid3)).toBe(before.b);
    // The console says what comes back and what it refunds before 환불완료, and asks with Toss's words.
    const accepted = (await (await owner.fetch(`/admin/order?id=${id}`)).text()).replace(/<!-- -->/g, "");
    expect(accepted).toContain('data-testid="returned"');
    expect(accepted).toContain(`${koLifecycle.returns.amount}</dt><dd>${formatKRW(price)}`);
    const asked = await owner.form(`/admin/order?id=${id}`, { id: String(id), action: "refund_done" });
    expect(await asked.text()).toContain(koLifecycle.confirmsOnline.refund_done);
    const done = await ownerAct(owner, { id, action: "refund_done" });
    expect([done.status, done.data.status]).toEqual([200, "REFUNDED"]);
    expect(done.data.refund).toMatchObject({ amount: price });
    const toss = atToss(providerOrderId);
    expect(toss.status).toBe("PARTIAL_CANCELED");
    expect(toss.balanceAmount).toBe(done.data.paid_amount - price);
    expect(done.data.online).toMatchObject({ status: "PARTIAL_CANCELED", balance: done.data.paid_amount - price });
    expect(await row(id)).toMatchObject({ refund_amount: price, cancels: 1 });
    res = await owner.fetch(`/admin/order?id=${id}`);
    expect((await res.text()).replace(/<!-- -->/g, "")).toContain(
      koCheckout.receipt.balance(formatKRW(done.data.paid_amount - price)),
    );
  });

  it("refuses a return of nothing or of more than was ordered, next to the quantities", async () => {
    const { id, owner } = await returnRequested();
    for (const qty of [[0, 0], [2, 0], [1]]) {
      const res = await ownerAct(owner, { id, action: "accept_refund", return_qty: qty });
      expect([res.status, res.data.error?.field]).toEqual([400, "return_qty"]);
    }
    expect((await row(id))!.status).toBe("REQ_REFUND");
  });

  it("leaves the order as it was when Toss refuses, and the console shows Toss's reason", async () => {
    const { id, providerOrderId, paymentKey } = await cancelRequested();
    // Part of it was cancelled in Toss's own dashboard meanwhile: the full amount is no longer there.
    await new TossClient(env.TOSS_API_BASE!, DEMO_TOSS_KEYS.beauty.secretKey, ((i: RequestInfo, n?: RequestInit) =>
      standin.handle(i, n)) as typeof fetch).cancel(
      paymentKey,
      { cancelReason: "대시보드 취소", cancelAmount: 1000 },
      "dash-1",
    );
    const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
    const res = await owner.form(`/admin/order?id=${id}`, { id: String(id), action: "accept_cancel", confirm: "1" });
    expect(res.status).toBe(409);
    const page = (await res.text()).replace(/<!-- -->/g, "");
    expect(page).toContain(koLifecycle.errors.refundRefused("취소 할 수 없는 금액 입니다."));
    expect(await row(id)).toMatchObject({
      status: "REQ_CANCEL",
      refund_amount: null,
      cancels: 0,
      failure_code: "NOT_CANCELABLE_AMOUNT",
    });
    expect(atToss(providerOrderId).cancels).toHaveLength(1);
    // The receipt in the console keeps the last refusal.
    const console = (await (await owner.fetch(`/admin/order?id=${id}`)).text()).replace(/<!-- -->/g, "");
    expect(console).toContain("취소 할 수 없는 금액 입니다.");
  });

  it("records a cancel whose answer never came, read back from Toss", async () => {
    const { id, providerOrderId } = await cancelRequested();
    const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
    loseNextCancelAnswer = true;
    const res = await ownerAct(owner, { id, action: "accept_cancel" });
    expect([res.status, res.data.status]).toEqual([200, "CANCELED"]);
    expect(atToss(providerOrderId).cancels).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "CANCELED", toss_status: "CANCELED", balance_amount: 0, cancels: 1 });
  });

  it("asks the owner to try again when Toss did not cancel, and the retry uses the same key", async () => {
    const { id, providerOrderId } = await cancelRequested();
    const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
    standin.addFault({ path: "/v1/payments/*/cancel", kind: "drop", delayMs: 0 });
    let res = await ownerAct(owner, { id, action: "accept_cancel" });
    expect([res.status, res.data.error?.message]).toEqual([409, koLifecycle.errors.refundPending]);
    expect(await row(id)).toMatchObject({ status: "REQ_CANCEL", cancels: 0 });
    expect(atToss(providerOrderId).cancels ?? []).toHaveLength(0);
    res = await ownerAct(owner, { id, action: "accept_cancel" });
    expect(res.data.status).toBe("CANCELED");
    expect(cancelKeys).toHaveLength(2);
    expect(cancelKeys[1]).toBe(cancelKeys[0]);
    expect(atToss(providerOrderId).cancels).toHaveLength(1);
  });

  it("refunds a paid virtual account only to the account the buyer gives", async () => {
    const paid = await payOnline(standin, BEAUTY, [LINE_A], "vbank", "va-refund@example.test");
    const deposit = await standin.deposit({ orderId: paid.providerOrderId });
    expect("error" in deposit ? deposit.error : deposit.status).toBe("DONE");
    expect((await row(paid.id))!.status).toBe("CONFIRM_PAYMENT");
    await buyerAct(paid.shopper, { id: paid.id, action: "request_cancel", reason: "다른 상품으로 살게요" });
    const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
    let res = await ownerAct(owner, { id: paid.id, action: "accept_cancel" });
    // No account yet: the money waits for one (환불대기), Toss is not asked.
    expect(res.data.status).toBe("REQ_BANK_REFUND");
    expect(res.data.actions).not.toContain("refund_done");
    expect(cancelKeys).toHaveLength(0);
    res = await buyerAct(paid.shopper, {
      id: paid.id,
      action: "refund_account",
      refund_bank: "신한은행",
      refund_account: "110-123-456789",
      refund_holder: "김하나",
    });
    expect(res.status).toBe(200);
    res = await ownerAct(owner, { id: paid.id, action: "refund_done" });
    expect([res.status, res.data.status]).toEqual([200, "REFUNDED"]);
    const toss = atToss(paid.providerOrderId) as unknown as {
      status: string;
      virtualAccount: { refundReceiveAccount: { bankCode: string; holderName: string } };
    };
    expect(toss.status).toBe("CANCELED");
    expect(toss.virtualAccount.refundReceiveAccount).toMatchObject({ bankCode: "88", holderName: "김하나" });
    const mail = await env.DB.prepare("SELECT body FROM mail_outbox WHERE to_addr = ? ORDER BY id DESC LIMIT 1")
      .bind("va-refund@example.test")
      .first<{ body: string }>();
    expect(mail?.body).toContain("입력하신 계좌");
    expect(mail?.body).toContain("110-123-456789");
  });

  it("voids a virtual account the buyer cancels before paying into it", async () => {
    const paid = await payOnline(standin, BEAUTY, [LINE_A], "vbank");
    const res = await buyerAct(paid.shopper, { id: paid.id, action: "cancel" });
    expect([res.status, res.data.status]).toEqual([200, "CANCELED"]);
    expect(atToss(paid.providerOrderId).status).toBe("CANCELED");
    expect(await row(paid.id)).toMatchObject({ toss_status: "CANCELED", refund_amount: null, cancels: 1 });
  });

  it("lets the buyer cancel a virtual account Toss already closed at its due date", async () => {
    const paid = await payOnline(standin, BEAUTY, [LINE_A], "vbank");
    await standin.expire({ orderId: paid.providerOrderId });
    const res = await buyerAct(paid.shopper, { id: paid.id, action: "cancel" });
    expect([res.status, res.data.status]).toEqual([200, "CANCELED"]);
    expect(await row(paid.id)).toMatchObject({ toss_status: "EXPIRED", cancels: 0 });
  });

  it("tells the buyer by mail that the money went back to their card", async () => {
    const { id } = await cancelRequested();
    const owner = await ownerOf(BEAUTY, "owner@beauty.example.test");
    expect((await ownerAct(owner, { id, action: "accept_cancel" })).data.status).toBe("CANCELED");
    const mail = await env.DB.prepare("SELECT body FROM mail_outbox WHERE to_addr = ? ORDER BY id DESC LIMIT 1")
      .bind("guest-toss@example.test")
      .first<{ body: string }>();
    expect(mail?.body).toMatch(/결제하신 .*카드/);
  });

  it("refuses other shops' owners and asks Toss nothing", async () => {
    const { id, providerOrderId } = await cancelRequested();
    const stranger = await ownerOf(BEAUTY, "owner@picks.example.test");
    expect([403, 404]).toContain((await ownerAct(stranger, { id, action: "accept_cancel" })).status);
    const picks = await ownerOf(PICKS, "owner@picks.example.test");
    expect((await ownerAct(picks, { id, action: "accept_cancel" })).status).toBe(404);
    expect(cancelKeys).toHaveLength(0);
    expect(atToss(providerOrderId).status).toBe("DONE");
    expect((await row(id))!.status).toBe("REQ_CANCEL");
  });
});
