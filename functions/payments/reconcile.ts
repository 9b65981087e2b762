import type { ShopInfo } from "~/shared/contracts";
import { koCheckout } from "~/shared/messages/checkout";
import type { Owner } from "../db/cart";
import { batchFailure } from "../db/orders";
import { liveRoom } from "../live/publisher";
import type { PaymentAttemptRow } from "../db/payment-attempts";
import { toShopInfo } from "../views/shop";
import { tossFor, type PaymentDeps } from "./checkout";
import { sendOrderMail } from "../orders/mail";
import { backoff, finish } from "./settle";
import { TossError, type TossClient, type TossPayment } from "./toss";

/**
 * The reconciler's rounds (decision 142), from the cron every minute: every attempt whose next
 * look is due is finished from what Toss holds (functions/payments/settle.ts `finish`), and every
 * virtual account waiting for its deposit is looked at now and then, in case its callback never
 * comes, and at its due date, when it is closed at Toss and its order cancelled like a transfer
 * nobody paid (the cron's own expiry leaves them to this, since only Toss knows whether money came).
 */

const MINUTE = 60_000;
/** Attempts one run looks at, at most: each asks Toss once or twice. */
const PER_RUN = 25;
/** A waiting account's looks after it was issued: an hour, then four, then sixteen, until its due date. */
const ACCOUNT_LOOKS = [60 * MINUTE, 240 * MINUTE, 960 * MINUTE];

export type ReconcileSummary = {
  looked: number;
  recorded: number;
  canceled: number;
  failed: number;
  pending: number;
  deposits: number;
  expired: number;
};

/**
 * A virtual account's deposit, however Toss told it (its callback, or the reconciler's lookup):
 * recorded once through the one order path, then the buyer's and the owner's messages. "closed":
 * the order no longer waits for it (the owner refunds it; 정산 대사 names it). Throws when D1 failed.
 */
export async function recordDeposit(
  deps: PaymentDeps,
  shop: ShopInfo,
  orderId: number,
  d: { transactionKey: string; approvedAt: string; now: number },
): Promise<"paid" | "already" | "closed"> {
  try {
    await deps.db.providerPayments.deposit({ orderId, shopId: shop.shopid, ...d });
  } catch (error) {
    if (/UNIQUE constraint failed: provider_deposits/.test(String(error))) return "already";
    if (batchFailure(error) !== "state") throw error;
    deps.log.error("deposit for an order that does not wait for it", null, { order: orderId });
    return "closed";
  }
  const record = await deps.db.orders.getForShop(shop.shopid, orderId);
  if (!record) return "paid";
  // The buyer's open order page and the owner's console follow it without a reload, as they do
  // the owner's 입금확인 (functions/api/order-life.ts); a room not told (logged) shows it on its next load.
  const o = record.order;
  const event = { type: "order" as const, id: o.id, status: o.status };
  await deps.live.publish([liveRoom.of(o.shop_id, o.owner as Owner), liveRoom.inbox(o.shop_id)], event);
  await sendOrderMail(deps.db, "paid", record, shop, deps.log);
  deps.later(deps.db.notifier(deps.log).order("paid", record, shop));
  return "paid";
}

/** One cron run's share of the attempts due. */
export async function reconcileDue(deps: PaymentDeps, now: number): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = {
    looked: 0,
    recorded: 0,
    canceled: 0,
    failed: 0,
    pending: 0,
    deposits: 0,
    expired: 0,
  };
  const due = await deps.db.paymentAttempts.due(now, PER_RUN);
  // This run's shops: a local cache, never a module's (one isolate serves every shop).
  const shops = new Map<number, ShopInfo | null>();
  for (const attempt of due) {
    summary.looked++;
    let shop = shops.get(attempt.shop_id);
    if (shop === undefined) {
      const row = await deps.db.shops.byId(attempt.shop_id);
      shop = row ? toShopInfo(row, deps.config.PLATFORM_DOMAIN) : null;
      shops.set(attempt.shop_id, shop);
    }
    try {
      if (!shop) {
        await deps.db.paymentAttempts.later(attempt.provider_order_id, null, null, now);
      } else if (attempt.state === "recorded") {
        const account = await checkAccount(deps, shop, attempt, now);
        if (account === "paid") summary.deposits++;
        if (account === "expired") summary.expired++;
        if (account === "pending") summary.pending++;
      } else {
        const outcome = await finish(deps, shop, attempt);
        if (outcome.kind === "recorded") summary.recorded++;
        else if (outcome.kind === "canceled") summary.canceled++;
        else if (outcome.kind === "failed") summary.failed++;
        else summary.pending++;
      }
    } catch (error) {
      // D1 failed mid-way: the attempt is as it was, and is looked at again.
      summary.pending++;
      deps.log.error("payment not reconciled", error, { attempt: attempt.provider_order_id });
      await deps.db.paymentAttempts
        .later(attempt.provider_order_id, now + backoff(attempt.checks), null, now)
        .catch(() => {});
    }
  }
  return summary;
}

/**
 * A virtual account recorded on its order and waiting for the buyer's deposit: a deposit Toss
 * has that its callback never brought is recorded; past its due date the account is closed at
 * Toss and the order cancelled (its stock back); otherwise it is looked at again later.
 */
export async function checkAccount(
  deps: PaymentDeps,
  shop: ShopInfo,
  attempt: PaymentAttemptRow,
  now: number,
): Promise<"paid" | "waiting" | "expired" | "pending" | "done"> {
  const attempts = deps.db.paymentAttempts;
  const id = attempt.provider_order_id;
  const record = await deps.db.orders.getForShop(shop.shopid, attempt.order_id);
  const o = record?.order;
  if (!o || o.status !== "WAITING_PAYMENT" || record?.online?.status !== "WAITING_FOR_DEPOSIT") {
    await attempts.later(id, null, null, now);
    return "done";
  }
  let toss: TossClient;
  let found: TossPayment;
  try {
    toss = await tossFor(deps, shop.shopid, attempt.via);
    found = await toss.byPaymentKey(attempt.payment_key!);
  } catch (error) {
    deps.log.info("virtual account not looked at: again later", { attempt: id, error: String(error) });
    await attempts.later(id, now + backoff(attempt.checks), null, now);
    return "pending";
  }
  if (found.status === "WAITING_FOR_DEPOSIT" && now < o.deadline) {
    const next = Math.min(o.deadline + MINUTE, now + ACCOUNT_LOOKS[Math.min(attempt.checks, 2)]!);
    await attempts.later(id, next, found.status, now);
    return "waiting";
  }
  if (found.status === "WAITING_FOR_DEPOSIT") {
    // Past its due date: closed at Toss first, so no money can come in for a cancelled order.
    try {
      found = await toss.cancel(found.paymentKey, { cancelReason: koCheckout.voidReason }, `cancel:${id}:void`);
    } catch (error) {
      const read = error instanceof TossError ? await toss.byPaymentKey(found.paymentKey).catch(() => null) : null;
      if (!read || read.status === "WAITING_FOR_DEPOSIT") {
        deps.log.error("virtual account past its due date not closed: again later", error, { attempt: id });
        await attempts.later(id, now + backoff(attempt.checks), null, now);
        return "pending";
      }
      found = read;
    }
  }
  if (found.status === "DONE") {
    // The money came in, and its callback did not (or not yet): recorded now.
    await recordDeposit(deps, shop, o.id, {
      transactionKey: found.lastTransactionKey ?? `lookup:${id}`,
      approvedAt: found.approvedAt ?? new Date(now).toISOString(),
      now,
    });
    await attempts.later(id, null, "DONE", now);
    return "paid";
  }
  try {
    await deps.db.orders.transition({
      orderId: o.id,
      shopId: shop.shopid,
      action: "expire",
      actor: "system",
      actorUid: null,
      from: "WAITING_PAYMENT",
      to: "CANCELED",
      now,
      online: {
        status: found.status,
        balance: found.balanceAmount,
        refunded: 0,
        cancels: (found.cancels ?? []).map((c) => ({
          transactionKey: c.transactionKey,
          amount: c.cancelAmount,
          reason: c.cancelReason,
          canceledAt: c.canceledAt,
        })),
      },
    });
  } catch (error) {
    // Another request moved the order first (a deposit callback): nothing to cancel.
    if (batchFailure(error) !== "state") throw error;
  }
  await attempts.later(id, null, found.status, now);
  return "expired";
}
