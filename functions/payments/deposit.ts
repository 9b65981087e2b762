import { z } from "zod";
import type { ShopInfo } from "~/shared/contracts";
import { TOSS_WEBHOOK_PATH } from "~/shared/contracts/payments";
import type { ApiContext } from "../api/context";
import type { Door } from "../api/door-type";
import { json } from "../api/http";
import { UNDER_WAY } from "../db/payment-attempts";
import { sha256Hex } from "./checkout";
import { checkAccount, recordDeposit } from "./reconcile";
import { finish } from "./settle";

/**
 * Toss's webhooks, on each shop's own host (each shop registers this address in its Toss
 * developer center, so the host names the shop), always answered: a suspended shop's storefront
 * is closed, never its provider's callbacks (functions/worker.ts).
 *
 * - DEPOSIT_CALLBACK (issue 35 item 3, decision 102): a shopper paid into a virtual account. Toss
 *   signs nothing here: the body's `secret` must be the one Toss gave once, in the confirm answer
 *   of that very payment (only its hash is kept), compared in constant time. The deposit is taken
 *   once per (order, transaction); a repeat, a late retry or an order already paid answers 200 so
 *   Toss stops retrying; anything forged answers 4xx and changes nothing.
 * - PAYMENT_STATUS_CHANGED (decision 142): a payment of one of the shop's attempts changed. Its
 *   body is never believed: it only says which attempt to finish, and the reconciler asks Toss
 *   (functions/payments/settle.ts). Lost, repeated or out of order, it changes nothing the
 *   reconciler would not; 200 unless D1 failed, so Toss tries again (1, 4, 16 … minutes).
 */
export { TOSS_WEBHOOK_PATH };

/** A PAYMENT_STATUS_CHANGED carries a whole payment (a few kB); nothing Toss sends is larger. */
const MAX_BODY = 32 * 1024;

const Deposit = z.object({
  secret: z.string().min(1).max(200),
  status: z.string().max(40),
  orderId: z.string().min(6).max(64),
  transactionKey: z.string().min(1).max(200),
  createdAt: z.string().max(40).optional(),
});

const StatusChanged = z.object({
  eventType: z.literal("PAYMENT_STATUS_CHANGED"),
  createdAt: z.string().max(40).optional(),
  data: z.object({ orderId: z.string().min(6).max(64) }),
});

/** Equal strings, in time that does not depend on where they differ. */
function sameText(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/** Toss writes the callback's createdAt in Korea's time without an offset: it is given one. */
function inKorea(createdAt: string | undefined): string | null {
  if (!createdAt || Number.isNaN(Date.parse(createdAt))) return null;
  return /(Z|[+-]\d\d:?\d\d)$/i.test(createdAt) ? createdAt : `${createdAt}+09:00`;
}

const answer = (status: number, result: string) => json({ result }, { status });

async function depositCallback(ctx: ApiContext, shop: ShopInfo, raw: unknown): Promise<Response> {
  const parsed = Deposit.safeParse(raw);
  if (!parsed.success) return answer(400, "BAD_BODY");
  const body = parsed.data;
  const row = await ctx.db.providerPayments.byProviderOrderId(shop.shopid, body.orderId);
  // Another shop's order, none, or one that is no virtual account: the same answer.
  if (!row || row.choice !== "vbank") return answer(404, "NOT_FOUND");
  if (!row.secret_hash) {
    // Recorded from a lookup (the confirm's answer, the only one with the secret, was lost):
    // nothing to check the body against, so Toss itself is asked.
    const attempt = await ctx.db.paymentAttempts.byProviderOrderId(shop.shopid, body.orderId);
    if (attempt?.state === "recorded") await checkAccount(ctx, shop, attempt, Date.now());
    return answer(200, "OK");
  }
  if (!sameText(await sha256Hex(body.secret), row.secret_hash)) {
    ctx.log.info("deposit callback with a wrong secret", { order: row.order_id });
    return answer(401, "BAD_SECRET");
  }
  // Only a deposit moves the order; Toss's other states of the account (an expiry) are the
  // deadline's to act on, as for a transfer.
  if (body.status !== "DONE" || row.status === "DONE") return answer(200, "OK");
  const now = Date.now();
  await recordDeposit(ctx, shop, row.order_id, {
    transactionKey: body.transactionKey,
    approvedAt: inKorea(body.createdAt) ?? new Date(now).toISOString(),
    now,
  });
  return answer(200, "OK");
}

async function statusChanged(ctx: ApiContext, shop: ShopInfo, raw: unknown): Promise<Response> {
  const parsed = StatusChanged.safeParse(raw);
  if (!parsed.success) return answer(400, "BAD_BODY");
  const attempt = await ctx.db.paymentAttempts.byProviderOrderId(shop.shopid, parsed.data.data.orderId);
  // Not one of this shop's windows, or one with nothing left to finish: Toss may stop.
  if (!attempt) return answer(200, "IGNORED");
  if (UNDER_WAY.includes(attempt.state)) await finish(ctx, shop, attempt);
  else if (attempt.state === "recorded" && attempt.toss_status === "WAITING_FOR_DEPOSIT") {
    await checkAccount(ctx, shop, attempt, Date.now());
  }
  return answer(200, "OK");
}

async function tossWebhook(ctx: ApiContext): Promise<Response> {
  const shop = ctx.hostShop;
  if (!shop) return answer(404, "NO_SHOP");
  const raw = await ctx.request.text();
  if (raw.length > MAX_BODY) return answer(413, "TOO_LARGE");
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return answer(400, "BAD_JSON");
  }
  const isEvent = typeof body === "object" && body !== null && "eventType" in body;
  return isEvent ? statusChanged(ctx, shop, body) : depositCallback(ctx, shop, body);
}

export const tossWebhookDoor: Door = { kind: "callback", methods: ["POST"], handle: tossWebhook };
