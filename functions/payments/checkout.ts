import type { ShopInfo } from "~/shared/contracts";
import type { PaymentWindow } from "~/shared/contracts/cart";
import type { ProviderChoice } from "~/shared/limits";
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
import { TossClient, WINDOW_METHOD, type TossPayment } from "./toss";
import { bankName, cardCompanyName } from "./toss-codes";

/**
 * Card, wallet and virtual-account payments through the shop's own Toss Payments contract
 * (issue 35, decision 102), the window's side: 결제하기 records an attempt (decision 142) and
 * answers with what the page opens Toss's window with; its failure comes back to `fail`. The
 * window's success is confirmed and recorded by functions/payments/settle.ts. The shop's secret
 * key is opened only here, for a call to Toss.
 */

const f = koCheckout.failures;
const refused = (status: number, code: string, message: string) => new ApiError(status, code, message);

/** What the payment code needs of a request, or of the cron that finishes what requests left (decision 142). */
export type PaymentDeps = Pick<ApiContext, "db" | "config" | "log" | "later" | "live">;

/**
 * A payment of this sheet is being confirmed (another tab, or a confirm Toss has not answered):
 * no new window opens until the reconciler knows what Toss did.
 */
export const paymentPending = () => refused(409, "PAYMENT_PENDING", f.PENDING);

/** The sheet's total moved under the buyer (a 제주/도서산간 postcode): shown again, never charged silently. */
export const amountChanged = () => new ApiError(409, "AMOUNT_CHANGED", koOrder.amountChanged, "postcode");

/** Whose Toss contract a payment goes through: the shop's own (decision 101) or the platform's (decision 178). */
export type PayRoute = "own" | "platform";

/** The platform's own contract, when all of it is configured. */
export function platformContract(config: ApiContext["config"]) {
  const { PLATFORM_TOSS_CLIENT_KEY: clientKey, PLATFORM_TOSS_SECRET_KEY: secretKey } = config;
  if (!clientKey || !secretKey || !config.PLATFORM_TOSS_SECURITY_KEY) return null;
  return { clientKey, secretKey, mode: clientKey.startsWith("live_") ? ("live" as const) : ("test" as const) };
}

export type CardTerms = { clientKey: string; mode: "test" | "live"; via: PayRoute; feeBps: number };

/**
 * The shop takes cards when it is paid through the platform's contract and registered as its
 * seller (decision 178), or has a pair of its own Toss API keys (the standard window's) that the
 * platform can open. A shop paid through the platform takes no virtual accounts (`vbankOf`).
 */
export async function cardTermsOf(ctx: Pick<ApiContext, "db" | "config">, shopId: number): Promise<CardTerms | null> {
  const route = await ctx.db.payouts.route(shopId);
  if (route?.pay_via === "platform") {
    const platform = platformContract(ctx.config);
    if (!platform || !route.seller_status) return null;
    return { clientKey: platform.clientKey, mode: platform.mode, via: "platform", feeBps: ctx.config.PLATFORM_FEE_BPS };
  }
  if (!ctx.config.PAYMENT_KEYS_SECRET || route?.family !== "api" || !route.client_key || !route.mode) return null;
  return { clientKey: route.client_key, mode: route.mode, via: "own", feeBps: 0 };
}

/**
 * A virtual account pays into the contract's own account and is confirmed by its deposit
 * callback to the shop's host: only on a shop's own contract (decision 178).
 */
export const takesVirtualAccounts = (terms: CardTerms | null) => terms !== null && terms.via === "own";

/** Toss, with the secret of the contract that took (or takes) the payment. */
export async function tossFor(
  ctx: Pick<ApiContext, "db" | "config">,
  shopId: number,
  via: PayRoute = "own",
): Promise<TossClient> {
  if (via === "platform") {
    const platform = platformContract(ctx.config);
    if (!platform) throw refused(409, "PAYMENT_UNAVAILABLE", f.CONFIG);
    return new TossClient(ctx.config.TOSS_API_BASE, platform.secretKey);
  }
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
  if (!terms || (a.choice === "vbank" && !takesVirtualAccounts(terms))) {
    throw refused(409, "PAYMENT_UNAVAILABLE", koOrder.paymentUnavailable);
  }
  const now = Date.now();
  let row;
  try {
    row = await ctx.db.paymentAttempts.open({
      orderId: record.order.id,
      shopId: shop.shopid,
      owner,
      mode: terms.mode,
      choice: a.choice,
      via: terms.via,
      feeBps: terms.feeBps,
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
    const why = batchFailure(error);
    if (why === "pending") throw paymentPending();
    if (why === "stock") throw refused(409, "CHECK_QTY_INFO", koOrder.stockGone);
    if (why === "state") throw refused(409, "ORDER_CLOSED", koOrder.closed);
    if (why === "amount") throw amountChanged();
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
export const toMs = (iso: string | null | undefined): number | null => {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(ms) ? ms : null;
};

/** What the order records of a payment Toss confirmed: the receipt's details and a virtual account's. */
export async function detailsOf(
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

/** The window came back without a payment: the refusal is kept for the owner; the sheet stays as it was. */
export async function fail(
  ctx: ApiContext,
  shop: ShopInfo,
  record: OrderRecord,
  body: { order_id: string; code: string; message: string },
): Promise<void> {
  const attempt = await ctx.db.paymentAttempts.byProviderOrderId(shop.shopid, body.order_id);
  if (!attempt || attempt.order_id !== record.order.id) return;
  await ctx.db.paymentAttempts.failWindow(
    shop.shopid,
    attempt.provider_order_id,
    body.code || "UNKNOWN",
    body.message,
    Date.now(),
  );
}
