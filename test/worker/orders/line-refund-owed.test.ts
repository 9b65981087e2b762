import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { formatKRW } from "~/shared/format";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { koOrderMail } from "~/shared/messages/mail";
import { keptAmount } from "~/shared/money";
import type { TossStandin } from "../../../scripts/lib/toss-standin.mjs";
import { login, PASSWORD } from "../helpers/auth";
import { BEAUTY, PICKS } from "../helpers/request";
import { Shopper, stockOf } from "../helpers/shopper";
import { payOnline, routeToss } from "../helpers/toss";

/**
 * Issue 52 item 5, decision 179: the owner's 판매취소 of one line of an order paid by 무통장입금 or
 * by a deposited virtual account. The line is cancelled at once (stock back, sales down) and its
 * money is owed to the buyer for that line: the buyer gives a refund account on the live order,
 * then the owner marks a transfer's sent, or Toss gives a virtual account's back to that account.
 * The order's status stays; nobody else can do any of it.
 */

const LINE_A = { pid2: 13, pid3: 1300, qty: 2 };
const LINE_B = { pid2: 14, pid3: 1400, qty: 1 };
const ACCOUNT = { refund_bank: "신한은행", refund_account: "110-123-456789", refund_holder: "김하나" };

let standin: TossStandin;
/** Every cancel the Worker asked Toss for, with the account it named. */
let tossCancels: {
  key: string;
  amount: number;
  account: { bank: string; accountNumber: string; holderName: string } | null;
}[];
/** Toss answers the next cancel with a 5xx (no clear answer): the refund waits for another press. */
let tossDown = false;

beforeEach(() => {
  standin = routeToss();
  tossCancels = [];
  tossDown = false;
  const routed = vi.mocked(globalThis.fetch).getMockImplementation()!;
  vi.mocked(globalThis.fetch).mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (/\/cancel$/.test(new URL(request.url).pathname)) {
      const body = (await request.clone().json()) as {
        cancelAmount?: number;
        refundReceiveAccount?: { bank: string; accountNumber: string; holderName: string };
      };
      tossCancels.push({
        key: request.headers.get("idempotency-key") ?? "",
        amount: body.cancelAmount ?? -1,
        account: body.refundReceiveAccount ?? null,
      });
      if (tossDown) {
        tossDown = false;
        return Response.json({ code: "PROVIDER_ERROR", message: "일시적인 오류입니다." }, { status: 500 });
      }
    }
    return routed(request);
  });
});

type Line = {
  name: string;
  price: number;
  qty: number;
  canceled: { reason: string; amount: number; owed: boolean } | null;
};
type View = {
  status: string;
  paid_amount: number;
  line_cancel: boolean;
  line_refund: boolean;
  actions: string[];
  groups: { lines: Line[] }[];
  events: { actor: string; action: string; note: string | null }[];
  refund: { account: string | null; amount: number | null; refunded_at: number | null; owed: number } | null;
  online: { status: string; balance: number | null } | null;
  error?: { code: string; message: string; field?: string };
};

const signedIn = async (host: string, email: string) => Shopper.signedIn(host, await login(host, email, PASSWORD));
const ownerAct = (owner: Shopper, body: Record<string, unknown>) =>
  owner.api<View>("/api/myshp/admin/order/action", body);
const buyerAct = (buyer: Shopper, body: Record<string, unknown>) => buyer.api<View>("/api/myshp/my/order/action", body);
const cancelLine = (id: number, line: number) => ({
  id,
  action: "seller_cancel_line",
  line,
  sale_reason: "stock",
  note: "입고 지연",
});
const refundLine = (id: number, line: number) => ({ id, action: "line_refund_done", line });
const lines = (v: View) => v.groups.flatMap((g) => g.lines);

const orderRow = async (id: number) =>
  (await env.DB.prepare(
    "SELECT status, total_price, points_used, paid_amount, return_amount, refund_amount, refunded_at FROM orders WHERE id = ?",
  )
    .bind(id)
    .first<Parameters<typeof keptAmount>[0] & { refunded_at: number | null }>())!;
const mailTo = async (email: string) =>
  (
    await env.DB.prepare("SELECT subject, body FROM mail_outbox WHERE to_addr = ? ORDER BY id")
      .bind(email)
      .all<{ subject: string; body: string }>()
  ).results;
const pageOf = async (shopper: Shopper, id: number) =>
  (await (await shopper.fetch(`/myshop/order_view?id=${id}`)).text()).replace(/<!-- -->/g, "");

/** A two-line order on beauty paid by 무통장입금 (the owner confirmed the deposit), and the owner. */
async function transferOrder() {
  const email = `owed-${crypto.randomUUID()}@example.test`;
  const buyer = new Shopper(BEAUTY);
  buyer.ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
  expect((await buyer.add([LINE_A, LINE_B])).status).toBe(200);
  const id = (await buyer.order([LINE_A, LINE_B])).data.order_id;
  expect((await buyer.pay(id, { email })).status).toBe(200);
  const owner = await signedIn(BEAUTY, "owner@beauty.example.test");
  expect((await ownerAct(owner, { id, action: "confirm_payment" })).data.status).toBe("CONFIRM_PAYMENT");
  const view = (await owner.api<View>(`/api/myshp/admin/order?id=${id}`)).data;
  return { buyer, id, owner, email, view };
}

describe("판매취소 of one line whose money goes back later", () => {
  it("a transfer's line: cancelled at once and owed; the buyer gives an account; the owner marks it sent", async () => {
    const stockA = await stockOf(LINE_A.pid3);
    const { buyer, id, owner, email, view } = await transferOrder();
    expect(view.line_cancel).toBe(true);
    const [a] = lines(view) as [Line];
    const lineA = a.price * a.qty;
    const sales = async () =>
      (await owner.api<{ today: { sales: number } }>("/api/myshp/admin/dashboard")).data.today.sales;
    const salesBefore = await sales();
    const keptBefore = keptAmount(await orderRow(id));
    expect(keptBefore).toBe(view.paid_amount);

    const res = await ownerAct(owner, cancelLine(id, 0));
    expect(res.status, JSON.stringify(res.data.error)).toBe(200);
    // Cancelled at once: the order goes on, the line marked with its reason, its money owed.
    expect(res.data.status).toBe("CONFIRM_PAYMENT");
    expect(lines(res.data).map((l) => l.canceled)).toEqual([
      { reason: "재고 부족 · 입고 지연", amount: lineA, owed: true },
      null,
    ]);
    expect(res.data.refund).toMatchObject({ owed: lineA, amount: 0, refunded_at: null, account: null });
    expect(res.data.line_refund).toBe(false);
    expect(tossCancels).toHaveLength(0);
    expect(await stockOf(LINE_A.pid3)).toBe(stockA);
    // The shop does not keep it: the sales drop now.
    expect(keptAmount(await orderRow(id))).toBe(keptBefore - lineA);
    expect(await sales()).toBe(salesBefore - lineA);
    // The buyer reads what is owed and is asked for an account, on the page and by mail.
    let page = await pageOf(buyer, id);
    expect(page).toContain(koLifecycle.saleCancel.lineOwed(formatKRW(lineA)));
    expect(page).toContain(koLifecycle.saleCancel.lineGiveAccount);
    expect(page).toContain('name="refund_account"');
    const canceledMail = (await mailTo(email)).find(
      (m) => m.subject === koOrderMail.lineCanceled.subject("뷰티 라운지", id),
    );
    expect(canceledMail?.body).toContain(`환불 예정 금액: ${formatKRW(lineA)}`);

    // Nobody marks it sent before the account: not the owner, not the buyer, not another shop.
    let no = await ownerAct(owner, refundLine(id, 0));
    expect([no.status, no.data.error?.message]).toEqual([409, koLifecycle.errors.lineRefundAccount]);
    no = await buyerAct(buyer, refundLine(id, 0));
    expect([no.status, no.data.error?.code]).toEqual([409, "ORDER_ACTION_REFUSED"]);
    // Another buyer cannot give (or read) this order's account.
    const stranger = new Shopper(BEAUTY);
    stranger.ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    no = await buyerAct(stranger, { id, action: "refund_account", ...ACCOUNT });
    expect(no.status).toBe(404);
    // A line that is not cancelled has nothing owed.
    no = await ownerAct(owner, refundLine(id, 1));
    expect([no.status, no.data.error?.message]).toEqual([400, koLifecycle.errors.lineRefundUnknown]);

    // The buyer gives the account on the live order; the status stays.
    const given = await buyerAct(buyer, { id, action: "refund_account", ...ACCOUNT });
    expect(given.status, JSON.stringify(given.data.error)).toBe(200);
    expect(given.data.status).toBe("CONFIRM_PAYMENT");
    expect(given.data.refund).toMatchObject({ account: "110-123-456789", owed: lineA });
    expect(tossCancels).toHaveLength(0);
    page = await pageOf(buyer, id);
    expect(page).toContain(koLifecycle.saleCancel.waitRefund);

    // Another shop's owner: no such order.
    no = await ownerAct(await signedIn(PICKS, "owner@picks.example.test"), refundLine(id, 0));
    expect(no.status).toBe(404);
    const before = (await owner.api<View>(`/api/myshp/admin/order?id=${id}`)).data;
    expect(before.line_refund).toBe(true);

    // The owner sent it by hand and says so: recorded for that line, the buyer told, the status stays.
    const sent = await ownerAct(owner, refundLine(id, 0));
    expect(sent.status, JSON.stringify(sent.data.error)).toBe(200);
    expect(sent.data.status).toBe("CONFIRM_PAYMENT");
    expect(lines(sent.data)[0]!.canceled).toEqual({ reason: "재고 부족 · 입고 지연", amount: lineA, owed: false });
    expect(sent.data.refund).toMatchObject({ owed: 0, amount: lineA });
    expect(sent.data.refund?.refunded_at).toBeGreaterThan(0);
    expect(sent.data.events.at(-1)).toMatchObject({ action: "line_refund_done", actor: "owner" });
    expect(tossCancels).toHaveLength(0);
    expect(keptAmount(await orderRow(id))).toBe(keptBefore - lineA);
    expect(await sales()).toBe(salesBefore - lineA);
    const refundedMail = (await mailTo(email)).filter(
      (m) => m.subject === koOrderMail.refunded.subject("뷰티 라운지", id),
    );
    expect(refundedMail).toHaveLength(1);
    expect(refundedMail[0]!.body).toContain(formatKRW(lineA));
    expect(refundedMail[0]!.body).toContain("110-123-456789");
    // Once only.
    no = await ownerAct(owner, refundLine(id, 0));
    expect([no.status, no.data.error?.message]).toEqual([409, koLifecycle.errors.lineRefundedAlready]);

    // The last line is the whole order's 판매취소; its refund is the rest only.
    const last = await ownerAct(owner, cancelLine(id, 1));
    expect(last.data.status).toBe("REQ_BANK_REFUND");
    const done = await ownerAct(owner, { id, action: "refund_done" });
    expect(done.status, JSON.stringify(done.data.error)).toBe(200);
    expect(done.data.status).toBe("REFUNDED");
    expect((await orderRow(id)).refund_amount).toBe(view.paid_amount);
    expect(keptAmount(await orderRow(id))).toBe(0);
  });

  it("uses an account the buyer gave before, and a cancelled line still owed outlives the order's shipping", async () => {
    const { buyer, id, owner, email, view } = await transferOrder();
    const [a] = lines(view) as [Line];
    // Not asked for on a live order with nothing owed.
    const early = await buyerAct(buyer, { id, action: "refund_account", ...ACCOUNT });
    expect([early.status, early.data.error?.code]).toEqual([409, "ORDER_ACTION_REFUSED"]);
    // Given for a 취소요청 the owner then refused: the order keeps it.
    expect((await buyerAct(buyer, { id, action: "request_cancel", reason: "주소를 바꾸고 싶어요" })).status).toBe(200);
    expect((await buyerAct(buyer, { id, action: "refund_account", ...ACCOUNT })).status).toBe(200);
    const refused = await ownerAct(owner, { id, action: "refuse_claim", note: "곧 발송됩니다" });
    expect(refused.data.status).toBe("CONFIRM_PAYMENT");
    // The line's money is owed to that account at once: the owner may record it, the buyer is told where.
    const canceled = await ownerAct(owner, cancelLine(id, 0));
    expect([canceled.status, canceled.data.line_refund]).toEqual([200, true]);
    const mail = (await mailTo(email)).find((m) => m.subject === koOrderMail.lineCanceled.subject("뷰티 라운지", id));
    expect(mail?.body).toContain("입력하신 계좌 신한은행 110-123-456789(으)로 보내 드립니다");
    // The rest ships; the line's refund is still the owner's to record.
    const shipped = await ownerAct(owner, { id, action: "ship", courier: "cj", tracking_no: "601234567890" });
    expect([shipped.data.status, shipped.data.line_refund]).toEqual(["DELIVERY", true]);
    const sent = await ownerAct(owner, refundLine(id, 0));
    expect([sent.status, sent.data.status]).toEqual([200, "DELIVERY"]);
    expect(sent.data.refund).toMatchObject({ owed: 0, amount: a.price * a.qty });
  });

  it("a paid virtual account's line: owed until the buyer gives an account, then refunded at Toss to it", async () => {
    const email = `owed-va-${crypto.randomUUID()}@example.test`;
    const paid = await payOnline(standin, BEAUTY, [LINE_A, LINE_B], "vbank", email);
    const deposit = await standin.deposit({ orderId: paid.providerOrderId });
    expect("error" in deposit ? deposit.error : deposit.status).toBe("DONE");
    const owner = await signedIn(BEAUTY, "owner@beauty.example.test");
    const view = (await owner.api<View>(`/api/myshp/admin/order?id=${paid.id}`)).data;
    expect([view.status, view.line_cancel]).toEqual(["CONFIRM_PAYMENT", true]);
    const [a] = lines(view) as [Line];
    const lineA = a.price * a.qty;

    const res = await ownerAct(owner, cancelLine(paid.id, 0));
    expect(res.status, JSON.stringify(res.data.error)).toBe(200);
    // No account yet: Toss is not asked, the money is owed.
    expect(tossCancels).toHaveLength(0);
    expect(lines(res.data)[0]!.canceled).toMatchObject({ amount: lineA, owed: true });
    expect(res.data.line_refund).toBe(false);
    expect(res.data.online).toMatchObject({ status: "DONE", balance: view.paid_amount });

    // The buyer gives the account; Toss has no clear answer the first time: still owed.
    tossDown = true;
    const given = await buyerAct(paid.shopper, { id: paid.id, action: "refund_account", ...ACCOUNT });
    expect(given.status, JSON.stringify(given.data.error)).toBe(200);
    expect(lines(given.data)[0]!.canceled?.owed).toBe(true);
    expect(tossCancels).toHaveLength(1);
    // The owner presses again: the same cancel (one key), to the buyer's account, of that line only.
    const sent = await ownerAct(owner, refundLine(paid.id, 0));
    expect(sent.status, JSON.stringify(sent.data.error)).toBe(200);
    expect(tossCancels).toHaveLength(2);
    expect(tossCancels[1]!.key).toBe(tossCancels[0]!.key);
    expect(tossCancels[1]).toMatchObject({
      amount: lineA,
      account: { bank: "88", accountNumber: "110123456789", holderName: "김하나" },
    });
    expect(sent.data.status).toBe("CONFIRM_PAYMENT");
    expect(sent.data.online).toMatchObject({ status: "PARTIAL_CANCELED", balance: view.paid_amount - lineA });
    expect(lines(sent.data)[0]!.canceled).toMatchObject({ amount: lineA, owed: false });
    const row = await orderRow(paid.id);
    expect([row.status, row.refund_amount]).toEqual(["CONFIRM_PAYMENT", lineA]);
    const refunded = (await mailTo(email)).find(
      (m) => m.subject === koOrderMail.refunded.subject("뷰티 라운지", paid.id),
    );
    expect(refunded?.body).toContain(formatKRW(lineA));
  });

  it("a paid virtual account's line goes to Toss as soon as the buyer gives the account", async () => {
    const paid = await payOnline(standin, BEAUTY, [LINE_A, LINE_B], "vbank");
    await standin.deposit({ orderId: paid.providerOrderId });
    const owner = await signedIn(BEAUTY, "owner@beauty.example.test");
    const view = (await owner.api<View>(`/api/myshp/admin/order?id=${paid.id}`)).data;
    const [a] = lines(view) as [Line];
    expect((await ownerAct(owner, cancelLine(paid.id, 0))).status).toBe(200);
    const given = await buyerAct(paid.shopper, { id: paid.id, action: "refund_account", ...ACCOUNT });
    expect(given.status, JSON.stringify(given.data.error)).toBe(200);
    expect(tossCancels).toEqual([
      expect.objectContaining({
        amount: a.price * a.qty,
        account: { bank: "88", accountNumber: "110123456789", holderName: "김하나" },
      }),
    ]);
    expect(lines(given.data)[0]!.canceled?.owed).toBe(false);
    expect(given.data.events.at(-1)).toMatchObject({ action: "line_refund_done", actor: "system" });
    expect(given.data.status).toBe("CONFIRM_PAYMENT");
    expect(given.data.online).toMatchObject({
      status: "PARTIAL_CANCELED",
      balance: view.paid_amount - a.price * a.qty,
    });
    // Done: the owner's press finds nothing owed.
    const again = await ownerAct(owner, refundLine(paid.id, 0));
    expect([again.status, again.data.error?.message]).toEqual([409, koLifecycle.errors.lineRefundedAlready]);
    expect(tossCancels).toHaveLength(1);
  });

  it("a paid virtual account's line goes to Toss in the same press when the buyer gave the account before", async () => {
    const paid = await payOnline(standin, BEAUTY, [LINE_A, LINE_B], "vbank");
    await standin.deposit({ orderId: paid.providerOrderId });
    const owner = await signedIn(BEAUTY, "owner@beauty.example.test");
    const { id, shopper } = paid;
    expect((await buyerAct(shopper, { id, action: "request_cancel", reason: "주소를 바꾸고 싶어요" })).status).toBe(
      200,
    );
    expect((await buyerAct(shopper, { id, action: "refund_account", ...ACCOUNT })).status).toBe(200);
    expect((await ownerAct(owner, { id, action: "refuse_claim", note: "곧 발송됩니다" })).data.status).toBe(
      "CONFIRM_PAYMENT",
    );
    const res = await ownerAct(owner, cancelLine(id, 0));
    expect(res.status, JSON.stringify(res.data.error)).toBe(200);
    const [a] = lines(res.data) as [Line];
    expect(tossCancels).toEqual([
      expect.objectContaining({
        amount: a.price * a.qty,
        account: { bank: "88", accountNumber: "110123456789", holderName: "김하나" },
      }),
    ]);
    expect(a.canceled).toMatchObject({ owed: false });
    expect(res.data.refund?.owed).toBe(0);
  });
});
