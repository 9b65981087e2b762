import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { koOrderMail } from "~/shared/messages/mail";
import { nextStatus, type OrderAction, type OrderFacts } from "~/shared/order-machine";
import type { TossStandin } from "../../../scripts/lib/toss-standin.mjs";
import { joinNew, login, PASSWORD } from "../helpers/auth";
import { BEAUTY, PICKS } from "../helpers/request";
import { ADDRESS, Shopper, stockOf } from "../helpers/shopper";
import { payOnline, routeToss } from "../helpers/toss";

/**
 * Issue 40 item 6, decision 126: the owner's 판매취소 of a paid order before shipping, with a
 * reason from a short list. The cancel is written first (stock and points back in its batch), then
 * the money: through Toss in the same press for a card, or to the account the buyer gives for a
 * transfer. Racing presses (two cancels, a cancel and a ship, the buyer's 취소요청) move money once.
 */

const LINE = { pid2: 13, pid3: 1300, qty: 2 };

let standin: TossStandin;
/** Every cancel the Worker asked Toss for. */
let tossCancels: { key: string; amount: number; reason: string }[];

beforeEach(() => {
  standin = routeToss();
  tossCancels = [];
  const routed = vi.mocked(globalThis.fetch).getMockImplementation()!;
  vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (/\/cancel$/.test(new URL(request.url).pathname)) {
      const body = (await request.clone().json()) as { cancelAmount?: number; cancelReason: string };
      tossCancels.push({
        key: request.headers.get("idempotency-key") ?? "",
        amount: body.cancelAmount ?? -1,
        reason: body.cancelReason,
      });
    }
    return routed(request);
  });
});

type View = {
  status: string;
  actions: OrderAction[];
  paid_amount: number;
  points_used: number;
  cancel_reason: string | null;
  events: { actor: string; action: string; to: string; note: string | null }[];
  refund: { account: string | null; amount: number | null; refunded_at: number | null } | null;
  online: { status: string; balance: number | null } | null;
  error?: { code: string; message: string; field?: string };
};

async function signedIn(host: string, email: string) {
  return Shopper.signedIn(host, await login(host, email, PASSWORD));
}

const ownerAct = (owner: Shopper, body: Record<string, unknown>) =>
  owner.api<View>("/api/myshp/admin/order/action", body);
const buyerAct = (buyer: Shopper, body: Record<string, unknown>) => buyer.api<View>("/api/myshp/my/order/action", body);
const cancel = (id: number, sale_reason = "stock", note = "") => ({ id, action: "seller_cancel", sale_reason, note });

/** A guest's bank-transfer order on beauty, its deposit confirmed by the owner (결제완료). */
async function transferPaid() {
  const shopper = new Shopper(BEAUTY);
  shopper.ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
  await shopper.add([LINE]);
  const id = (await shopper.order([LINE])).data.order_id;
  expect((await shopper.pay(id)).status).toBe(200);
  const owner = await signedIn(BEAUTY, "owner@beauty.example.test");
  expect((await ownerAct(owner, { id, action: "confirm_payment" })).data.status).toBe("CONFIRM_PAYMENT");
  return { shopper, owner, id };
}

/** A card-paid order (through the stand-in) and beauty's owner. */
async function cardPaid() {
  const paid = await payOnline(standin, BEAUTY, [LINE]);
  return { ...paid, owner: await signedIn(BEAUTY, "owner@beauty.example.test") };
}

const tossCancelRows = async (id: number) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM provider_cancels WHERE order_id = ?")
    .bind(id)
    .first<{ n: number }>())!.n;

describe("판매취소 in the state machine", () => {
  const facts = (more: Partial<OrderFacts>): OrderFacts => ({
    status: "CONFIRM_PAYMENT",
    paymentChosen: true,
    paidAmount: 10_000,
    claim: null,
    claimFrom: null,
    refundAccount: false,
    smartOrder: false,
    payLater: false,
    paidOnline: false,
    onlineAccount: false,
    ...more,
  });

  it("waits for the refund when money was received, closes at once when nothing was, never after shipping", () => {
    expect(nextStatus(facts({}), "seller_cancel", "owner")).toBe("REQ_BANK_REFUND");
    expect(nextStatus(facts({ status: "READY_FOR_DELIVERY", paidOnline: true }), "seller_cancel", "admin")).toBe(
      "REQ_BANK_REFUND",
    );
    // Paid with points only: nothing to send back.
    expect(nextStatus(facts({ paidAmount: 0 }), "seller_cancel", "owner")).toBe("CANCELED");
    for (const status of ["WAITING_PAYMENT", "DELIVERY", "CONFIRM_DELIVERY", "REQ_CANCEL", "DONE"] as const) {
      expect(nextStatus(facts({ status }), "seller_cancel", "owner")).toBeNull();
    }
    expect(nextStatus(facts({}), "seller_cancel", "buyer")).toBeNull();
    expect(nextStatus(facts({ smartOrder: true }), "seller_cancel", "owner")).toBeNull();
  });
});

describe("the owner's 판매취소", () => {
  it("cancels a transfer-paid order with a reason: stock back, the buyer asked for an account, mailed", async () => {
    const before = await stockOf(LINE.pid3);
    const email = `sale-${crypto.randomUUID()}@example.test`;
    const shopper = new Shopper(BEAUTY);
    shopper.ip = "192.0.2.140";
    await shopper.add([LINE]);
    const id = (await shopper.order([LINE])).data.order_id;
    expect((await shopper.pay(id, { email })).status).toBe(200);
    const owner = await signedIn(BEAUTY, "owner@beauty.example.test");
    await ownerAct(owner, { id, action: "confirm_payment" });
    expect(await stockOf(LINE.pid3)).toBe(before - LINE.qty);
    const res = await ownerAct(owner, cancel(id, "area", "제주 산간 지역은 배송할 수 없습니다"));
    expect([res.status, res.data.status, res.data.cancel_reason]).toEqual([200, "REQ_BANK_REFUND", "shop"]);
    expect(res.data.events.at(-1)).toMatchObject({
      actor: "owner",
      action: "seller_cancel",
      note: "배송 불가 지역 · 제주 산간 지역은 배송할 수 없습니다",
    });
    expect(await stockOf(LINE.pid3)).toBe(before);
    // The buyer sees it with the reason, and is asked for the account the money goes back to.
    const mine = await shopper.api<View>(`/api/myshp/get/my/order?id=${id}`);
    expect([mine.data.status, mine.data.actions]).toEqual(["REQ_BANK_REFUND", ["refund_account"]]);
    const page = (await (await shopper.fetch(`/myshop/order_view?id=${id}`)).text()).replace(/<!-- -->/g, "");
    expect(page).toContain('data-testid="sale-cancel"');
    expect(page).toContain(koLifecycle.saleCancel.reasonLine("배송 불가 지역 · 제주 산간 지역은 배송할 수 없습니다"));
    expect(page).toContain(koLifecycle.saleCancel.giveAccount);
    const mail = await env.DB.prepare("SELECT subject, body FROM mail_outbox WHERE to_addr = ? ORDER BY id")
      .bind(email)
      .all<{ subject: string; body: string }>();
    const sent = mail.results.find((m) => m.subject === koOrderMail.saleCanceled.subject("뷰티 라운지", id));
    expect(sent?.body).toContain("배송 불가 지역 · 제주 산간 지역은 배송할 수 없습니다");
    expect(sent?.body).toContain(`/myshop/order_view?id=${id}`);
    // The account given, the owner sends the money and marks it: the stock stays back once.
    await buyerAct(shopper, {
      id,
      action: "refund_account",
      refund_bank: "국민은행",
      refund_account: "123-45-6789012",
      refund_holder: "김하나",
    });
    const done = await ownerAct(owner, { id, action: "refund_done" });
    expect([done.data.status, done.data.refund?.amount]).toEqual(["REFUNDED", done.data.paid_amount]);
    expect(await stockOf(LINE.pid3)).toBe(before);
  });

  it("needs a reason from the list, and words for 기타; the form post without scripts says so", async () => {
    const { owner, id } = await transferPaid();
    let res = await ownerAct(owner, { id, action: "seller_cancel", note: "그냥요" });
    expect([res.status, res.data.error?.field]).toEqual([400, "sale_reason"]);
    res = await ownerAct(owner, cancel(id, "other"));
    expect([res.status, res.data.error?.field]).toEqual([400, "note"]);
    res = await ownerAct(owner, cancel(id, "sold-out"));
    expect(res.status).toBe(400);
    // The console's plain form: refused next to the field, then asked once more, then done.
    const form = (fields: Record<string, string>) =>
      owner.form(`/admin/order?id=${id}`, { id: String(id), action: "seller_cancel", ...fields });
    let page = await form({ sale_reason: "", note: "" });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(koLifecycle.fieldErrors.saleCancelReason);
    page = await form({ sale_reason: "discontinued", note: "" });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('role="alertdialog"');
    page = await form({ sale_reason: "discontinued", note: "", confirm: "1" });
    expect([page.status, page.headers.get("location")]).toEqual([303, `/admin/order?id=${id}&done=seller_cancel`]);
    const after = await owner.api<View>(`/api/myshp/admin/order?id=${id}`);
    expect([after.data.status, after.data.events.at(-1)?.note]).toEqual(["REQ_BANK_REFUND", "판매 중단"]);
  });

  it("is refused after shipping, to another shop's owner, and to the buyer", async () => {
    const { shopper, owner, id } = await transferPaid();
    // Not the owner: the buyer's own door has no 판매취소, the console's door is closed to them.
    let res = await buyerAct(shopper, { id, action: "seller_cancel", reason: "취소" });
    expect([res.status, res.data.error?.code]).toEqual([409, "ORDER_ACTION_REFUSED"]);
    res = await ownerAct(shopper, cancel(id));
    expect(res.status).toBe(401);
    // Another shop's owner, on this host and on their own.
    res = await ownerAct(await signedIn(BEAUTY, "owner@picks.example.test"), cancel(id));
    expect([res.status, res.data.error?.code]).toEqual([403, "NOT_SHOP_OWNER"]);
    res = await ownerAct(await signedIn(PICKS, "owner@picks.example.test"), cancel(id));
    expect([res.status, res.data.error?.code]).toEqual([404, "ORDER_NOT_FOUND"]);
    // The owner's own session, but a form posted from another site (a sibling shop): refused.
    const forged = await owner.fetch(`/admin/order?id=${id}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: `http://${PICKS}` },
      body: new URLSearchParams({ id: String(id), action: "seller_cancel", sale_reason: "stock", confirm: "1" }),
    });
    expect(forged.status).toBe(403);
    // Shipped: too late.
    await ownerAct(owner, { id, action: "ship", courier: "cj", tracking_no: "601234567890" });
    res = await ownerAct(owner, cancel(id));
    expect([res.status, res.data.error?.code]).toEqual([409, "ORDER_ACTION_REFUSED"]);
    const events = (await owner.api<View>(`/api/myshp/admin/order?id=${id}`)).data.events;
    expect(events.map((e) => e.action)).toEqual(["confirm_payment", "ship"]);
  });

  it("gives a member's points back with the stock", async () => {
    const account = await joinNew(BEAUTY, "판매취소 회원");
    const buyer = Shopper.signedIn(BEAUTY, account.cookie);
    expect((await buyer.api("/api/myshp/join?shopid=1", { agree: true })).status).toBe(200);
    const points = async () => (await buyer.api<{ point: number }>("/api/myshp/ismember?shopid=1")).data.point;
    const start = await points();
    expect(start).toBeGreaterThanOrEqual(1000);
    await buyer.add([LINE]);
    const id = (await buyer.order([LINE])).data.order_id;
    const paid = await buyer.api<{ order: { points_used: number } }>("/api/myshp/pay/my/order", {
      id,
      pay_method: "bank",
      ...ADDRESS,
      points: "1000",
    });
    expect(paid.data.order.points_used).toBe(1000);
    expect(await points()).toBe(start - 1000);
    const owner = await signedIn(BEAUTY, "owner@beauty.example.test");
    await ownerAct(owner, { id, action: "confirm_payment" });
    const res = await ownerAct(owner, cancel(id, "buyer"));
    expect(res.data.status).toBe("REQ_BANK_REFUND");
    expect(await points()).toBe(start);
  });

  it("refunds a card-paid order through Toss once, with the amount paid and the shop's reason", async () => {
    const { id, owner, providerOrderId } = await cardPaid();
    const before = await stockOf(LINE.pid3);
    const res = await ownerAct(owner, cancel(id, "stock", "입고가 취소되었습니다"));
    expect([res.status, res.data.status]).toEqual([200, "REFUNDED"]);
    expect(res.data.refund).toMatchObject({ amount: res.data.paid_amount });
    expect(res.data.online).toMatchObject({ status: "CANCELED", balance: 0 });
    expect(tossCancels).toEqual([
      {
        key: expect.stringMatching(new RegExp(`^cancel:${providerOrderId}:1:`)),
        amount: res.data.paid_amount,
        reason: "재고 부족 · 입고가 취소되었습니다",
      },
    ]);
    expect(res.data.events.map((e) => `${e.action}:${e.to}`).slice(-2)).toEqual([
      "seller_cancel:REQ_BANK_REFUND",
      "refund_done:REFUNDED",
    ]);
    expect(await stockOf(LINE.pid3)).toBe(before + LINE.qty);
    // Pressed again (a replayed form): done, nothing asked of Toss.
    const again = await ownerAct(owner, cancel(id, "stock", "입고가 취소되었습니다"));
    expect([again.status, again.data.status]).toEqual([200, "REFUNDED"]);
    expect(tossCancels).toHaveLength(1);
    expect(await tossCancelRows(id)).toBe(1);
  });

  it("keeps the cancel when Toss does not answer; 환불완료 asks again with the same key", async () => {
    const { id, owner } = await cardPaid();
    standin.addFault({ path: "/v1/payments/*/cancel", kind: "drop", delayMs: 0 });
    let res = await ownerAct(owner, cancel(id, "discontinued"));
    expect([res.status, res.data.status, res.data.actions]).toEqual([200, "REQ_BANK_REFUND", ["refund_done"]]);
    expect(await tossCancelRows(id)).toBe(0);
    const page = (await (await owner.fetch(`/admin/order?id=${id}`)).text()).replace(/<!-- -->/g, "");
    expect(page).toContain(koLifecycle.saleCancel.refundRetry);
    res = await ownerAct(owner, { id, action: "refund_done" });
    expect([res.status, res.data.status]).toEqual([200, "REFUNDED"]);
    expect(tossCancels.map((c) => c.reason)).toEqual(["판매 중단", "판매 중단"]);
    expect(tossCancels[1]!.key).toBe(tossCancels[0]!.key);
    expect(await tossCancelRows(id)).toBe(1);
  });

  it("refunds once when two presses race", async () => {
    const { id, owner } = await cardPaid();
    const before = await stockOf(LINE.pid3);
    const both = await Promise.all([ownerAct(owner, cancel(id)), ownerAct(owner, cancel(id))]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const after = await owner.api<View>(`/api/myshp/admin/order?id=${id}`);
    expect(after.data.status).toBe("REFUNDED");
    expect(new Set(tossCancels.map((c) => c.key)).size).toBe(1);
    expect(await tossCancelRows(id)).toBe(1);
    expect(await stockOf(LINE.pid3)).toBe(before + LINE.qty);
    expect(after.data.events.filter((e) => e.action === "seller_cancel")).toHaveLength(1);
  });

  it("moves money only when the cancel wins a race with a ship or the buyer's 취소요청", async () => {
    for (const rival of ["ship", "request_cancel"] as const) {
      const { id, owner, shopper } = await cardPaid();
      tossCancels = [];
      const [cancelled, other] = await Promise.all([
        ownerAct(owner, cancel(id)),
        rival === "ship"
          ? ownerAct(owner, { id, action: "ship", courier: "cj", tracking_no: "601234567890" })
          : buyerAct(shopper, { id, action: "request_cancel", reason: "마음이 바뀌었어요" }),
      ]);
      expect([cancelled, other].filter((r) => r.status === 200)).toHaveLength(1);
      const after = (await owner.api<View>(`/api/myshp/admin/order?id=${id}`)).data;
      if (cancelled.status === 200) {
        expect(after.status).toBe("REFUNDED");
        expect(tossCancels).toHaveLength(1);
      } else {
        expect([cancelled.status, after.status]).toEqual([409, rival === "ship" ? "DELIVERY" : "REQ_CANCEL"]);
        expect(tossCancels).toEqual([]);
        expect(after.online).toMatchObject({ status: "DONE" });
      }
      expect(await tossCancelRows(id)).toBe(tossCancels.length);
    }
  });
});
