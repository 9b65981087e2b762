import { koPayments } from "~/shared/messages/payments";
import type { PaymentKeys } from "~/shared/contracts/payments";
import type { PaymentKeysRow, PaymentKeysWrite } from "../db/payment-keys";
import { readTossKeys, sealSecret } from "../payments/keys";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";

const t = koPayments.errors;

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

  /** Removing the keys removes their row, and with it the escrow setting and the footer's mark. */
  async adminPaymentsRemove(_input, ctx) {
    const { shop } = await ctx.requireOwner();
    if (!(await ctx.db.paymentKeys.remove(shop.shopid))) throw new ApiError(404, "NOT_FOUND", t.none);
    return { ok: true as const };
  },
} satisfies Handlers;
