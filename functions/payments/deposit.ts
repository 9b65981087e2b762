import { z } from "zod";
import { TOSS_WEBHOOK_PATH } from "~/shared/contracts/payments";
import type { ApiContext } from "../api/context";
import type { Door } from "../api/door-type";
import { json } from "../api/http";
import { batchFailure } from "../db/orders";
import { sendOrderMail } from "../orders/mail";
import { sha256Hex } from "./checkout";

/**
 * Toss's DEPOSIT_CALLBACK (issue 35 item 3, decision 102): a shopper paid into the virtual account
 * Toss issued for an order. Each shop registers this address on its own host in its Toss
 * developer center, so the host names the shop. Toss signs nothing here: the body's `secret` must
 * be the one Toss gave once, in the confirm answer of that very payment (only its hash is kept),
 * compared in constant time. The deposit is taken once per (order, transaction); a repeat, a late
 * retry or an order already paid answers 200 so Toss stops retrying; anything forged answers 4xx
 * and changes nothing.
 */
export { TOSS_WEBHOOK_PATH };

const MAX_BODY = 8 * 1024;

const Callback = z.object({
  secret: z.string().min(1).max(200),
  status: z.string().max(40),
  orderId: z.string().min(6).max(64),
  transactionKey: z.string().min(1).max(200),
  createdAt: z.string().max(40).optional(),
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

async function depositCallback(ctx: ApiContext): Promise<Response> {
  const shop = ctx.hostShop;
  if (!shop) return answer(404, "NO_SHOP");
  const raw = await ctx.request.text();
  if (raw.length > MAX_BODY) return answer(413, "TOO_LARGE");
  let parsed;
  try {
    parsed = Callback.safeParse(JSON.parse(raw));
  } catch {
    return answer(400, "BAD_JSON");
  }
  if (!parsed.success) return answer(400, "BAD_BODY");
  const body = parsed.data;
  const row = await ctx.db.providerPayments.byProviderOrderId(shop.shopid, body.orderId);
  // Another shop's order, none, or one that is no virtual account: the same answer.
  if (!row || !row.secret_hash) return answer(404, "NOT_FOUND");
  if (!sameText(await sha256Hex(body.secret), row.secret_hash)) {
    ctx.log.info("deposit callback with a wrong secret", { order: row.order_id });
    return answer(401, "BAD_SECRET");
  }
  // Only a deposit moves the order; Toss's other states of the account (an expiry) are the
  // deadline's to act on, as for a transfer.
  if (body.status !== "DONE" || row.status === "DONE") return answer(200, "OK");
  const now = Date.now();
  try {
    await ctx.db.providerPayments.deposit({
      orderId: row.order_id,
      shopId: shop.shopid,
      transactionKey: body.transactionKey,
      approvedAt: inKorea(body.createdAt) ?? new Date(now).toISOString(),
      now,
    });
  } catch (error) {
    const why = batchFailure(error);
    if (/UNIQUE constraint failed: provider_deposits/.test(String(error))) return answer(200, "OK");
    if (why === "state") {
      // Money arrived for an order that no longer waits for it (cancelled at its due date): the
      // owner refunds it; Toss need not retry.
      ctx.log.error("deposit for an order that does not wait for it", null, { order: row.order_id });
      return answer(200, "OK");
    }
    // D1 unreachable: Toss retries.
    throw error;
  }
  const record = await ctx.db.orders.getForShop(shop.shopid, row.order_id);
  if (record) await sendOrderMail(ctx.db, "paid", record, shop, ctx.log);
  if (record) ctx.later(ctx.db.notifier(ctx.log).order("paid", record, shop));
  return answer(200, "OK");
}

export const tossWebhookDoor: Door = { kind: "callback", methods: ["POST"], handle: depositCallback };
