import { koPayments } from "~/shared/messages/payments";
import { koReconciliation } from "~/shared/messages/reconciliation";
import { ReconciliationReport, type PaymentKeys } from "~/shared/contracts/payments";
import type { PaymentKeysRow, PaymentKeysWrite } from "../db/payment-keys";
import { readTossKeys, sealSecret } from "../payments/keys";
import { checkDay, koreanDay, UNAVAILABLE } from "../payments/ledger";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";

const t = koPayments.errors;

/** How far back an owner may check a day: a year and a month (Toss's dashboard keeps longer; this bounds what one asks). */
const OLDEST_DAY_MS = 400 * 24 * 60 * 60 * 1000;

/** The console's 정산 대사 page: the day's kept report (if any) and the latest days checked. */
async function reconciliationPage(ctx: ApiContext, shopId: number, day: string) {
  const [kept, days] = await Promise.all([
    ctx.db.reconciliations.get(shopId, day),
    ctx.db.reconciliations.recent(shopId, 30),
  ]);
  const unavailable = kept?.differences === UNAVAILABLE;
  return {
    day,
    report: kept && !unavailable ? ReconciliationReport.parse(JSON.parse(kept.report)) : null,
    days,
    unavailable,
  };
}

/** The platform's sealing secret, or the refusal: this platform keeps no payment keys. */
function requireSealing(ctx: ApiContext): string {
  const secret = ctx.config.PAYMENT_KEYS_SECRET;
  if (!secret) throw new ApiError(409, "PAYMENTS_OFF", koPayments.unavailable);
  return secret;
}

/** The keys as the console shows them: never the secret, sealed or not. */
function toKeys(row: PaymentKeysRow): PaymentKeys {
  return {
    provider: row.provider,
    family: row.family,
    mode: row.mode,
    client_key: row.client_key,
    secret_last4: row.secret_last4,
    updated_at: row.updated_at,
    escrow: { mid: row.escrow_mid, vbank: row.escrow_vbank === 1 },
  };
}

/** A shop's payment keys (issue 35 item 1, decision 101): the host shop's owner (or a platform admin) only. */
export const paymentHandlers = {
  async adminPayments(_input, ctx) {
    const { shop } = await ctx.requireOwner();
    const row = await ctx.db.paymentKeys.ofShop(shop.shopid);
    return { available: ctx.config.PAYMENT_KEYS_SECRET !== "", keys: row ? toKeys(row) : null };
  },

  async adminPaymentsSave({ body }, ctx) {
    const { shop, member } = await ctx.requireOwner();
    const sealing = requireSealing(ctx);
    const read = readTossKeys(body.client_key, body.secret_key);
    if ("problem" in read) {
      const field = read.problem === "clientFormat" ? "client_key" : "secret_key";
      throw new ApiError(400, "BAD_REQUEST", t[read.problem], field);
    }
    // A live key takes real money: only where shoppers reach the shop over https.
    if (read.mode === "live" && ctx.url.protocol !== "https:") {
      throw new ApiError(400, "BAD_REQUEST", t.liveNeedsHttps, "secret_key");
    }
    const row: PaymentKeysWrite = {
      shop_id: shop.shopid,
      provider: "toss",
      family: read.family,
      mode: read.mode,
      client_key: body.client_key,
      secret_sealed: await sealSecret(sealing, shop.shopid, body.secret_key),
      secret_last4: body.secret_key.slice(-4),
      updated_by: member.uid,
      updated_at: Date.now(),
    };
    return toKeys(await ctx.db.paymentKeys.save(row));
  },

  /** The purchase-safety service (decision 103): only on a shop with keys; the footer follows. */
  async adminPaymentsEscrow({ body }, ctx) {
    const { shop } = await ctx.requireOwner();
    const row = await ctx.db.paymentKeys.setEscrow(shop.shopid, body.mid || null, body.vbank);
    if (!row) throw new ApiError(409, "ESCROW_NEEDS_KEYS", t.escrowNeedsKeys);
    return toKeys(row);
  },

  /** 정산 대사 of a day (decision 144): the report as kept, and the days checked. */
  async adminReconciliation({ query }, ctx) {
    const { shop } = await ctx.requireOwner();
    return reconciliationPage(ctx, shop.shopid, query.day ?? koreanDay(Date.now()));
  },

  /** The owner checks a day now (today's payments, or a day the job found a difference in). */
  async adminReconcile({ body }, ctx) {
    const { shop } = await ctx.requireOwner();
    const now = Date.now();
    if (body.day > koreanDay(now)) throw new ApiError(400, "BAD_REQUEST", koReconciliation.futureDay, "day");
    if (body.day < koreanDay(now - OLDEST_DAY_MS)) {
      throw new ApiError(400, "BAD_REQUEST", koReconciliation.tooOld, "day");
    }
    // Each check asks Toss for the day's ledger and every payment in it: a day once a minute is
    // plenty, and the days an owner may ask for are bounded above.
    const kept = await ctx.db.reconciliations.get(shop.shopid, body.day);
    if (!kept || now - kept.checked_at >= 60_000) await checkDay(ctx, shop, body.day, now);
    return reconciliationPage(ctx, shop.shopid, body.day);
  },

  /** Removing the keys removes their row, and with it the escrow setting and the footer's mark. */
  async adminPaymentsRemove(_input, ctx) {
    const { shop } = await ctx.requireOwner();
    if (!(await ctx.db.paymentKeys.remove(shop.shopid))) throw new ApiError(404, "NOT_FOUND", t.none);
    return { ok: true as const };
  },
} satisfies Handlers;
