import type { ShopInfo } from "~/shared/contracts";
import type { PayoutSeller, SettlementPage } from "~/shared/contracts/payouts";
import type { SellerBody, SellerType } from "~/shared/forms/payout-seller";
import { koSettlement } from "~/shared/messages/settlement";
import { TOSS_SELLER_TYPE } from "~/shared/seller";
import type { ApiContext } from "../api/context";
import { ApiError } from "../api/http";
import type { PayoutRow, PayoutSellerRow } from "../db/payouts";
import { platformContract, sha256Hex, type PaymentDeps } from "./checkout";
import { dayBounds, koreanDay } from "./ledger";
import { bankCodeOf } from "./refunds";
import { BANKS, bankName } from "./toss-codes";
import { TossError } from "./toss";
import { TossPayoutsClient, type SellerRegistration } from "./toss-payouts";

/**
 * Being paid through the platform's Toss contract (issue 52 item 1, decision 178). A shop
 * registers as the platform's seller at Toss (지급대행 v2) with its details and settlement
 * account, and from then on takes cards on the platform's contract (functions/payments/checkout.ts
 * cardTermsOf). Each payment keeps the fee rate it was taken at; the 정산 ledger is read from the
 * payments and Toss's cancels (functions/db/payouts.ts). Every Korean morning the daily job asks
 * Toss to pay each shop what it earned up to HOLD_DAYS before, less what payouts already hold: a
 * refund after a payout is simply less owed, so the next payout is smaller. Payouts' states come
 * back by Toss's signed webhooks (functions/payments/payout-webhook.ts).
 */

const t = koSettlement;

/** Days a sale waits before it is paid out: Toss settles the platform D+2 (its `pendingAmount`). */
export const HOLD_DAYS = 2;
/** What Toss pays a seller out before its KYC review: 1천만원 in all. */
export const KYC_LIMIT = 10_000_000;
/** Shops asked for in one run of the daily job (ten minutes apart through the early morning). */
const PAYOUTS_PER_RUN = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The client of the platform's payouts, or null when the platform's contract is not configured. */
export function payoutsClient(config: ApiContext["config"], fetcher?: typeof fetch): TossPayoutsClient | null {
  const platform = platformContract(config);
  if (!platform) return null;
  return new TossPayoutsClient(config.TOSS_API_BASE, platform.secretKey, config.PLATFORM_TOSS_SECURITY_KEY, fetcher);
}

/** The last Korean day whose sales are paid out on `day`. */
export const lastPayableDay = (day: string) => koreanDay(dayBounds(day).from - HOLD_DAYS * DAY_MS);

function toSeller(row: PayoutSellerRow): PayoutSeller {
  return {
    business_type: row.business_type,
    status: row.status,
    name: row.name,
    bank: bankName(row.bank_code) ?? row.bank_code,
    account_last4: row.account_last4,
    holder: row.holder,
  };
}

/** What Toss's seller registration takes, from the form. */
function registrationOf(shopId: number, body: SellerBody, ref: string): SellerRegistration {
  const account = { bankCode: body.bank_code, accountNumber: body.account_number, holderName: body.holder };
  if (body.business_type === "INDIVIDUAL") {
    return {
      refSellerId: ref,
      businessType: "INDIVIDUAL",
      individual: { name: body.name, email: body.email, phone: body.phone },
      account,
    };
  }
  return {
    refSellerId: ref,
    businessType: body.business_type,
    company: {
      name: body.name,
      representativeName: body.representative,
      businessRegistrationNumber: body.business_number,
      email: body.email,
      phone: body.phone,
    },
    account,
  };
}

/**
 * The shop registered as the platform's seller, and paid through the platform from now on. A
 * shop registers once (Toss never takes a reference twice); a refusal says Toss's reason in
 * Korean and changes nothing; no answer asks the owner to press again (the same request, the
 * same key, so Toss answers what it did).
 */
export async function registerSeller(ctx: ApiContext, shop: ShopInfo, uid: number, body: SellerBody) {
  const client = payoutsClient(ctx.config);
  if (!client) throw new ApiError(409, "PAYOUTS_OFF", t.errors.unavailable);
  if (!Object.hasOwn(BANKS, body.bank_code)) throw new ApiError(400, "BAD_REQUEST", t.errors.bank, "bank_code");
  const existing = await ctx.db.payouts.seller(shop.shopid);
  if (existing) return toSeller(existing);
  const ref = `shop-${shop.shopid}`;
  const request = registrationOf(shop.shopid, body, ref);
  const key = `seller:${ref}:${(await sha256Hex(JSON.stringify(request))).slice(0, 16)}`;
  let seller;
  try {
    seller = await client.registerSeller(request, key);
  } catch (error) {
    if (!(error instanceof TossError)) throw error;
    if (error.kind === "refused")
      throw new ApiError(409, "SELLER_REFUSED", t.errors.refused(error.message || error.code));
    if (error.kind === "config") {
      ctx.log.error("toss refused the platform's payout keys", null, { code: error.code });
      throw new ApiError(409, "PAYOUTS_OFF", t.errors.unavailable);
    }
    ctx.log.info("seller registration without a clear answer", { shop: shop.shopid, code: error.code });
    throw new ApiError(503, "PAYOUTS_LATER", t.errors.later);
  }
  const now = Date.now();
  const row: PayoutSellerRow = {
    shop_id: shop.shopid,
    seller_id: seller.id,
    ref_seller_id: ref,
    business_type: seller.businessType,
    status: seller.status,
    name: body.name,
    bank_code: body.bank_code,
    account_last4: body.account_number.slice(-4),
    holder: body.holder,
    registered_by: uid,
    created_at: now,
    updated_at: now,
  };
  await ctx.db.payouts.saveSeller(row);
  return toSeller(row);
}

/** The shop's seller type as its business details say (decision 175), else as they suggest. */
function typeOf(shop: ShopInfo): SellerType {
  if (shop.seller_type) return TOSS_SELLER_TYPE[shop.seller_type];
  if (!shop.idnum) return "INDIVIDUAL";
  return /법인/.test(shop.corp ?? "") ? "CORPORATE" : "INDIVIDUAL_BUSINESS";
}

/** The console's 정산: the seller, the ledger of the last 60 days, the payouts and what is owed. */
export async function settlementPage(ctx: ApiContext, shop: ShopInfo, now: number): Promise<SettlementPage> {
  const store = ctx.db.payouts;
  const today = koreanDay(now);
  const since = koreanDay(now - 60 * DAY_MS);
  const [route, seller, bank, days, payouts, all] = await Promise.all([
    store.route(shop.shopid),
    store.seller(shop.shopid),
    ctx.db.shops.bank(shop.shopid),
    store.ledger(shop.shopid, since),
    store.payouts(shop.shopid),
    store.balance(shop.shopid, "9999-12-31"),
  ]);
  // Owed from the days the latest payout (or today) has passed: a payout covers its day's hold.
  const latest = payouts[0]?.day;
  const due = await store.balance(shop.shopid, lastPayableDay(latest && latest > today ? latest : today));
  const paid = payouts.filter((p) => p.status === "COMPLETED").reduce((n, p) => n + p.amount, 0);
  return {
    available: platformContract(ctx.config) !== null,
    pay_via: route?.pay_via ?? null,
    fee_bps: ctx.config.PLATFORM_FEE_BPS,
    hold_days: HOLD_DAYS,
    seller: seller ? toSeller(seller) : null,
    prefill: {
      business_type: typeOf(shop),
      // An individual's own name is kept as 대표자 (decision 175); a business's name is its 상호.
      name: (typeOf(shop) === "INDIVIDUAL" ? shop.ceo : shop.corpname) ?? "",
      representative: shop.ceo ?? "",
      business_number: shop.idnum ?? "",
      email: shop.email ?? "",
      phone: shop.tel ?? "",
      bank_code: bankCodeOf(bank?.name ?? null) ?? "",
      account_number: bank?.account ?? "",
      holder: bank?.holder ?? "",
    },
    days: days.map((d) => ({
      day: d.day,
      sales: d.sales,
      fees: d.sale_fees - d.refund_fees,
      refunds: d.refunds,
      net: d.sales - d.sale_fees - (d.refunds - d.refund_fees),
    })),
    payouts: payouts.map((p) => ({
      day: p.day,
      amount: p.amount,
      status: p.status,
      error: p.status === "FAILED" ? (p.error_message ?? p.error_code) : null,
    })),
    balance: { payable: due.earned - due.held, waiting: all.earned - due.earned, paid },
  };
}

/** One payout asked of Toss; a clear refusal fails it (its money is owed again), no answer leaves it to ask again. */
async function send(
  deps: PaymentDeps,
  client: TossPayoutsClient,
  row: PayoutRow,
  sellerId: string,
  now: number,
): Promise<void> {
  try {
    const [answer] = await client.requestPayouts(
      [
        {
          refPayoutId: row.ref_payout_id,
          destination: sellerId,
          scheduleType: "SCHEDULED",
          payoutDate: row.day,
          amount: { currency: "KRW", value: row.amount },
          transactionDescription: "정산금",
        },
      ],
      `payout:${row.ref_payout_id}`,
    );
    if (!answer) throw new TossError("unavailable", 200, "BAD_ANSWER", "no payout in the answer");
    await deps.db.payouts.advance(row.ref_payout_id, answer.status, {
      payoutId: answer.id,
      code: answer.error?.code,
      message: answer.error?.message,
      now,
    });
  } catch (error) {
    if (!(error instanceof TossError)) throw error;
    if (error.kind === "unavailable") {
      deps.log.info("payout without a clear answer: asked again next run", { payout: row.ref_payout_id });
      return;
    }
    deps.log.error("toss refused a payout", null, { payout: row.ref_payout_id, code: error.code });
    await deps.db.payouts.advance(row.ref_payout_id, "FAILED", { code: error.code, message: error.message, now });
  }
}

/**
 * The morning's payouts: payouts no answer came for are asked again (same reference, same key),
 * then each shop through the platform that has none today is paid what it is owed, within the
 * KYC limit while its seller is only partly approved.
 */
export async function runPayouts(deps: PaymentDeps, now: number): Promise<{ requested: number; retried: number }> {
  const result = { requested: 0, retried: 0 };
  const client = payoutsClient(deps.config);
  if (!client) return result;
  const store = deps.db.payouts;
  for (const row of await store.unsent(PAYOUTS_PER_RUN)) {
    const seller = await store.seller(row.shop_id);
    if (!seller) continue;
    result.retried++;
    await send(deps, client, row, seller.seller_id, now);
  }
  const today = koreanDay(now);
  for (const s of await store.due(today, PAYOUTS_PER_RUN)) {
    const { earned, held } = await store.balance(s.shop_id, lastPayableDay(today));
    let amount = earned - held;
    if (s.status === "PARTIALLY_APPROVED") amount = Math.min(amount, KYC_LIMIT - held);
    if (amount <= 0) continue;
    const row = await store.begin(s.shop_id, today, amount, now);
    if (!row) continue;
    result.requested++;
    await send(deps, client, row, s.seller_id, now);
  }
  return result;
}
