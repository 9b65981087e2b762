import type { ShopInfo } from "~/shared/contracts";
import type { PaymentWindow } from "~/shared/contracts/cart";
import { METHOD_OF_CHOICE, type ProviderChoice } from "~/shared/limits";
import { koCheckout } from "~/shared/messages/checkout";
import { escrowOffered } from "~/shared/escrow";
import { koOrder } from "~/shared/messages/cart";
import type { RemoteAreaKind } from "~/shared/money";
import type { Owner } from "../db/cart";
import { batchFailure, type OrderRecord } from "../db/orders";
import type { BuyerDetails } from "../db/provider-payments";
import type { ConfirmedDetails, IssuedAccount } from "../db/order-batch";
import type { ApiContext } from "../api/context";
import { ApiError } from "../api/http";
import { openSecret } from "./keys";
import { TossClient, TossError, WINDOW_METHOD, type TossPayment } from "./toss";
import { bankName, cardCompanyName } from "./toss-codes";

/**
 * Card, wallet and virtual-account payments through the shop's own Toss Payments contract
 * (issue 35, decision 102), the embedded API's side: 결제하기 records an attempt and answers with
 * what the page opens Toss's window with; the window's success comes back to `confirm`, which
 * checks everything against D1 before asking Toss to approve, then places the order through the
 * one order path; its failure comes back to `fail`. The shop's secret key is opened only here,
 * for the call to Toss.
 */

const f = koCheckout.failures;
const refused = (status: number, code: string, message: string) => new ApiError(status, code, message);

/** The sheet's total moved under the buyer (a 제주/도서산간 postcode): shown again, never charged silently. */
export const amountChanged = () => new ApiError(409, "AMOUNT_CHANGED", koOrder.amountChanged, "postcode");

/** The shop takes cards when it has a pair of Toss API keys (the standard window's) and the platform can open them. */
export async function cardTermsOf(
  ctx: ApiContext,
  shopId: number,
): Promise<{ clientKey: string; mode: "test" | "live" } | null> {
  if (!ctx.config.PAYMENT_KEYS_SECRET) return null;
  const keys = await ctx.db.paymentKeys.ofShop(shopId);
  if (!keys || keys.family !== "api") return null;
  return { clientKey: keys.client_key, mode: keys.mode };
}

export async function tossFor(ctx: ApiContext, shopId: number): Promise<TossClient> {
  const keys = await ctx.db.paymentKeys.ofShop(shopId);
  if (!keys || !ctx.config.PAYMENT_KEYS_SECRET) throw refused(409, "PAYMENT_UNAVAILABLE", f.CONFIG);
  const secret = await openSecret(ctx.config.PAYMENT_KEYS_SECRET, shopId, keys.secret_sealed);
  return new TossClient(ctx.config.TOSS_API_BASE, secret);
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** SHA-256 (hex): a virtual account's callback secret is kept only so. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/**
 * Toss's customerKey: not guessable and not personal (no e-mail, phone or serial number), the
 * same for a member each time; a guest is ANONYMOUS, as Toss asks.
 */
async function customerKey(ctx: ApiContext, shopId: number, owner: Owner): Promise<string> {
  if (!owner.startsWith("m:")) return "ANONYMOUS";
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(ctx.config.PAYMENT_KEYS_SECRET),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`customer:${shopId}:${owner}`));
  return `c_${hex(mac).slice(0, 40)}`;
}

/** Hours a virtual account stays open: until the transfer deadline this buyer would get (Toss: at most 720). */
function validHours(deadline: number | null, now: number): number {
  const hours = deadline ? Math.ceil((deadline - now) / 3_600_000) : 72;
  return Math.min(720, Math.max(1, hours));
}

/** The window stays open long enough to pay in: the sheet is not closed under a shopper paying. */
const WINDOW_MS = 30 * 60 * 1000;

/**
 * 결제하기 with a card, a wallet or a virtual account: the attempt recorded (the amount from D1),
 * and what the page opens Toss's window with.
 */
export async function openWindow(
  ctx: ApiContext,
  shop: ShopInfo,
  owner: Owner,
  record: OrderRecord,
  a: {
    choice: ProviderChoice;
    points: number;
    escrow: boolean;
    details: BuyerDetails;
    email: string | null;
    transferDeadline: number | null;
    area?: RemoteAreaKind | null;
    shownTotal?: number | null;
  },
): Promise<PaymentWindow> {
  const terms = await cardTermsOf(ctx, shop.shopid);
  if (!terms) throw refused(409, "PAYMENT_UNAVAILABLE", koOrder.paymentUnavailable);
  const now = Date.now();
  let row;
  try {
    row = await ctx.db.providerPayments.recordAttempt({
      orderId: record.order.id,
      shopId: shop.shopid,
      owner,
      mode: terms.mode,
      choice: a.choice,
      points: a.points,
      // Only where the sheet offered it (the shop's Toss escrow on virtual accounts).
      escrow: a.escrow && escrowOffered(shop, a.choice),
      now,
      openUntil: now + WINDOW_MS,
      details: a.details,
      area: a.area,
      shownTotal: a.shownTotal,
    });
  } catch (error) {
    if (batchFailure(error) === "state") throw refused(409, "ORDER_CLOSED", koOrder.closed);
    if (batchFailure(error) === "amount") throw amountChanged();
    throw error;
  }
  const kind = WINDOW_METHOD[a.choice];
  const first = record.lines[0]?.name ?? shop.name;
  return {
    sdk_url: ctx.config.TOSS_SDK_URL,
    client_key: terms.clientKey,
    customer_key: await customerKey(ctx, shop.shopid, owner),
    method: kind.method,
    easy_pay: "easyPay" in kind ? kind.easyPay : null,
    order_id: row.provider_order_id,
    order_name: koCheckout.orderName(first, record.lines.length - 1).slice(0, 100),
    amount: row.amount,
    customer_name: a.details.orderer_name,
    customer_email: a.email,
    customer_mobile_phone: a.details.orderer_phone.replace(/\D/g, "") || null,
    valid_hours: a.choice === "vbank" ? validHours(a.transferDeadline, now) : null,
    use_escrow: row.escrow === 1,
    test: terms.mode === "test",
  };
}

/** Toss's dates carry their offset (+09:00); a deadline is kept in ms. */
const toMs = (iso: string | null | undefined): number | null => {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(ms) ? ms : null;
};

async function detailsOf(
  p: TossPayment,
  shopName: string,
): Promise<{ details: ConfirmedDetails; account: IssuedAccount | null }> {
  const va = p.virtualAccount;
  const account =
    p.status === "WAITING_FOR_DEPOSIT" && va
      ? {
          bank: bankName(va.bankCode) ?? va.bankCode ?? "",
          account: va.accountNumber,
          // Toss's accounts pay the shop: its name is what the shopper's bank app shows.
          holder: shopName,
          depositor: va.customerName ?? "",
          deadline: toMs(va.dueDate) ?? Date.now() + 72 * 3_600_000,
          due: va.dueDate ?? "",
          secretHash: p.secret ? await sha256Hex(p.secret) : "",
        }
      : null;
  return {
    account,
    details: {
      status: p.status === "WAITING_FOR_DEPOSIT" ? "WAITING_FOR_DEPOSIT" : "DONE",
      method: p.method ?? null,
      approvedAt: p.approvedAt ?? null,
      cardCompany: cardCompanyName(p.card?.issuerCode) ?? null,
      cardNumber: p.card?.number ?? null,
      installmentMonths: p.card?.installmentPlanMonths ?? null,
      easyPay: p.easyPay?.provider ?? null,
      receiptUrl: p.receipt?.url ?? null,
      balance: p.balanceAmount,
    },
  };
}

/**
 * Asks Toss what became of an attempt whose confirm got no clear answer (a timeout, a 5xx, or
 * ALREADY_PROCESSED_PAYMENT): the payment of that orderId, or null when there is none.
 */
async function paymentOf(toss: TossClient, orderId: string): Promise<TossPayment | null> {
  try {
    return await toss.byOrderId(orderId);
  } catch (error) {
    if (error instanceof TossError && error.kind === "refused" && error.status === 404) return null;
    throw error;
  }
}

/** Confirms with Toss; a confirm without a clear answer is reconciled, never taken for a failure. */
async function confirmWithToss(
  ctx: ApiContext,
  toss: TossClient,
  c: { paymentKey: string; orderId: string; amount: number },
): Promise<TossPayment> {
  // Per window as well as per attempt: Toss keeps a refusal under its key, and a key of the
  // orderId alone would refuse every later approval of it.
  const key = `confirm:${c.orderId}:${c.paymentKey}`;
  try {
    return await toss.confirm(c, key);
  } catch (error) {
    if (!(error instanceof TossError)) throw error;
    if (error.kind === "config") {
      ctx.log.error("toss refused the shop's keys", error, { code: error.code });
      throw refused(502, "PAYMENT_UNAVAILABLE", f.CONFIG);
    }
    if (error.kind === "refused" && error.code !== "ALREADY_PROCESSED_PAYMENT") throw error;
    ctx.log.info("toss confirm without a clear answer: reconciling", { code: error.code, status: error.status });
    const found = await paymentOf(toss, c.orderId).catch(() => null);
    if (found && found.paymentKey === c.paymentKey && found.status !== "READY" && found.status !== "IN_PROGRESS") {
      return found;
    }
    // Not approved yet as far as Toss says: the same key once more (Toss answers a repeat with the
    // first answer, so this cannot approve twice).
    try {
      return await toss.confirm(c, key);
    } catch (again) {
      if (again instanceof TossError && again.kind === "refused" && again.code !== "ALREADY_PROCESSED_PAYMENT") {
        throw again;
      }
      throw refused(503, "PAYMENT_PENDING", f.PENDING);
    }
  }
}

/** The shopper's words for Toss refusing a confirm. */
function refusalOf(error: TossError): ApiError {
  if (error.code === "NOT_FOUND_PAYMENT_SESSION" || error.code === "EXPIRED_PAYMENT") {
    return refused(409, "PAYMENT_EXPIRED", f.EXPIRED);
  }
  if (error.code === "REJECT_CARD_COMPANY") return refused(402, "PAYMENT_REFUSED", f.REJECT_CARD_COMPANY);
  return refused(402, "PAYMENT_REFUSED", f.OTHER);
}

/** Why an order could not take a confirmed payment, in the shopper's words (Toss cancelled it). */
const AUTO_CANCEL: Record<string, [string, string]> = {
  stock: ["CHECK_QTY_INFO", f.STOCK_CANCELED],
  points: ["BAD_POINTS", f.POINTS_CANCELED],
  unpaid: ["TOO_MANY_UNPAID", f.UNPAID_CANCELED],
  hold: ["HOLD_TOO_LARGE", f.UNPAID_CANCELED],
  state: ["PAYMENT_CANCELED", f.CLOSED_CANCELED],
};

/**
 * The window's success: `paymentKey`, `orderId` and `amount` as Toss put them in the address,
 * which anyone can edit. The attempt must be this order's open one, of this shop and buyer, for
 * exactly this amount, or nothing is confirmed. Then Toss approves (idempotently), and the order
 * is placed in one batch; if it cannot be (stock gone meanwhile), Toss cancels the payment at
 * once. A repeat (a refresh, a second tab, a replayed address) finds the payment placed and
 * changes nothing.
 */
export async function confirm(
  ctx: ApiContext,
  shop: ShopInfo,
  owner: Owner,
  record: OrderRecord,
  body: { payment_key: string; order_id: string; amount: number },
): Promise<"placed" | "already"> {
  const attempt = record.online;
  const mismatch = refused(400, "PAYMENT_MISMATCH", f.MISMATCH);
  if (!attempt || attempt.provider_order_id !== body.order_id) throw mismatch;
  if (attempt.payment_key) {
    if (attempt.payment_key === body.payment_key) return "already";
    throw mismatch;
  }
  const now = Date.now();
  if (attempt.status !== "READY") throw refused(409, "ORDER_CLOSED", koOrder.closed);
  if (body.amount !== attempt.amount) {
    await ctx.db.providerPayments.recordFailure(
      shop.shopid,
      attempt.provider_order_id,
      "AMOUNT_MISMATCH",
      f.MISMATCH,
      now,
    );
    throw mismatch;
  }
  const o = record.order;
  if (o.status !== "WAITING_PAYMENT" || record.payment || o.pay_method !== null || o.deadline <= now) {
    throw refused(409, "ORDER_CLOSED", koOrder.closed);
  }

  const toss = await tossFor(ctx, shop.shopid);
  let payment: TossPayment;
  try {
    payment = await confirmWithToss(ctx, toss, {
      paymentKey: body.payment_key,
      orderId: attempt.provider_order_id,
      amount: attempt.amount,
    });
  } catch (error) {
    if (!(error instanceof TossError)) throw error;
    await ctx.db.providerPayments.recordFailure(shop.shopid, attempt.provider_order_id, error.code, error.message, now);
    throw refusalOf(error);
  }
  const expected = attempt.choice === "vbank" ? "WAITING_FOR_DEPOSIT" : "DONE";
  if (
    payment.paymentKey !== body.payment_key ||
    payment.orderId !== attempt.provider_order_id ||
    payment.totalAmount !== attempt.amount ||
    payment.status !== expected
  ) {
    // Toss approved something else than was asked: it does not become this order's payment.
    ctx.log.error("toss confirmed a payment unlike the attempt", null, { order: o.id, status: payment.status });
    await cancelAtToss(ctx, toss, shop.shopid, attempt.provider_order_id, payment.paymentKey, "mismatch");
    throw mismatch;
  }

  const { details, account } = await detailsOf(payment, shop.name);
  const uid = owner.startsWith("m:") ? Number(owner.slice(2)) : null;
  try {
    await ctx.db.orders.takeStockAndMarkPaid({
      orderId: o.id,
      shopId: shop.shopid,
      owner,
      providerOrderId: attempt.provider_order_id,
      paymentKey: payment.paymentKey,
      method: METHOD_OF_CHOICE[attempt.choice],
      amount: attempt.amount,
      points: attempt.points,
      uid,
      ip: o.ip,
      now,
      details,
      account,
    });
  } catch (error) {
    const why = batchFailure(error);
    // Anything else (D1 unreachable): the attempt stays open, and the same address confirms
    // again later with the same idempotency key, getting the same approval back.
    if (!why) throw error;
    const again = await ctx.db.providerPayments.ofOrder(shop.shopid, o.id);
    // Another request (a second tab) placed the order with this very payment first.
    if (again?.payment_key === payment.paymentKey) return "already";
    await cancelAtToss(ctx, toss, shop.shopid, attempt.provider_order_id, payment.paymentKey, why);
    const [code, message] = AUTO_CANCEL[why] ?? AUTO_CANCEL.state!;
    throw refused(409, code, message);
  }
  return "placed";
}

/** A confirmed payment the order could not take goes back at once, all of it. */
async function cancelAtToss(
  ctx: ApiContext,
  toss: TossClient,
  shopId: number,
  providerOrderId: string,
  paymentKey: string,
  why: string,
): Promise<void> {
  try {
    await toss.cancel(paymentKey, { cancelReason: koCheckout.autoCancelReason }, `cancel:${providerOrderId}:auto`);
    await ctx.db.providerPayments.markCanceled(
      shopId,
      providerOrderId,
      paymentKey,
      koCheckout.autoCancelReason,
      Date.now(),
    );
  } catch (error) {
    // The money is Toss's to give back now: the owner sees the attempt and Toss's dashboard.
    ctx.log.error("toss payment not cancelled after the order refused it", error, { why, providerOrderId });
  }
}

/** The window came back without a payment: the refusal is kept for the owner; the sheet stays as it was. */
export async function fail(
  ctx: ApiContext,
  shop: ShopInfo,
  record: OrderRecord,
  body: { order_id: string; code: string; message: string },
): Promise<void> {
  const attempt = record.online;
  if (!attempt || attempt.provider_order_id !== body.order_id || attempt.status !== "READY") return;
  await ctx.db.providerPayments.recordFailure(
    shop.shopid,
    attempt.provider_order_id,
    body.code || "UNKNOWN",
    body.message,
    Date.now(),
  );
}
