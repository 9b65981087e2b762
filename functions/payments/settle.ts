import type { ShopInfo } from "~/shared/contracts";
import { koCheckout } from "~/shared/messages/checkout";
import { paymentFailureText } from "~/shared/payment-failures";
import { PAYMENT_CHECK_SPACING_MS } from "~/shared/limits";
import { batchFailure, type BatchFailure, type OrderRecord } from "../db/orders";
import { UNDER_WAY, type PaymentAttemptRow } from "../db/payment-attempts";
import { ApiError } from "../api/http";
import { liveRoom } from "../live/publisher";
import { sendOrderMail } from "../orders/mail";
import { detailsOf, paymentPending, tossFor, type PaymentDeps } from "./checkout";
import { TossError, type TossClient, type TossPayment } from "./toss";

/**
 * A Toss payment's life after its window approved it (decision 142): confirmed and recorded
 * through the one order path, or given back, whatever fails in between. The window's return
 * (`confirmReturn`) reserves the order's stock and points and marks the attempt `confirming`
 * before Toss is asked to take the money; from then on only `finish` ends the attempt: the
 * return itself, the sheet checking again, the cron, or Toss's webhook. Each asks Toss what it
 * holds (never trusting an address or a webhook's body) and either records the payment, or,
 * when the order can no longer take it, cancels it at Toss and tells the buyer. Every write is a
 * guarded batch, so two of them racing end the attempt once.
 */

/** How an attempt stands after a step. */
export type Settled =
  | { kind: "recorded"; fresh: boolean }
  | { kind: "pending" }
  | { kind: "failed"; code: string }
  | { kind: "canceled"; code: string };

const MINUTE = 60_000;
/**
 * The sheet of a payment being confirmed stays open at least this long: the reconciler's time to
 * learn what Toss did. A payment it learns of only after the sheet expired goes back.
 */
export const HOLD_MS = 30 * MINUTE;
/** The reconciler's looks at an unfinished attempt: 1, 2, 4 … minutes apart, at most an hour. */
export const backoff = (checks: number) => Math.min(60, 2 ** Math.min(checks, 6)) * MINUTE;

const f = koCheckout.failures;
const mismatch = () => new ApiError(400, "PAYMENT_MISMATCH", f.MISMATCH);

/** A step's outcome as the API answers it: nothing when recorded, else the refusal the pages word. */
export function requireRecorded(s: Settled): void {
  if (s.kind === "recorded") return;
  if (s.kind === "pending") throw paymentPending();
  const status = s.code === "REJECT_CARD_COMPANY" || s.code === "PAYMENT_REFUSED" ? 402 : 409;
  throw new ApiError(status, s.code, paymentFailureText(s.code));
}

/**
 * The sheet (or a table's order check) asks again what became of its payment under way: the
 * reconciler's step, at most once every few seconds per payment however often the page asks.
 */
export async function checkAgain(deps: PaymentDeps, shop: ShopInfo, record: OrderRecord): Promise<Settled | null> {
  const a = record.attempt;
  if (!a || !UNDER_WAY.includes(a.state)) return null;
  const now = Date.now();
  if (!(await deps.db.paymentAttempts.claimPageCheck(a.provider_order_id, now - PAYMENT_CHECK_SPACING_MS, now)))
    return null;
  return finish(deps, shop, a, { byPage: true });
}

/** Why a confirming batch refused, as the code the pages word; none of these took any money. */
const RESERVE_REFUSAL: Partial<Record<BatchFailure, string>> = {
  stock: "CHECK_QTY_INFO",
  points: "BAD_POINTS",
  unpaid: "TOO_MANY_UNPAID",
  hold: "HOLD_TOO_LARGE",
  cart: "TABLE_ORDERED",
  state: "ORDER_CLOSED",
};

/** Toss refusing a confirm, as the code the pages word. */
function refusalCode(error: TossError): string {
  if (error.kind === "config") return "PAYMENT_UNAVAILABLE";
  if (error.code === "NOT_FOUND_PAYMENT_SESSION" || error.code === "EXPIRED_PAYMENT") return "PAYMENT_EXPIRED";
  if (error.code === "REJECT_CARD_COMPANY") return "REJECT_CARD_COMPANY";
  return "PAYMENT_REFUSED";
}

/** What an ended (or still running) attempt means for the page. */
export function outcomeOf(a: PaymentAttemptRow): Settled {
  if (a.state === "recorded") return { kind: "recorded", fresh: false };
  if (a.state === "canceled") return { kind: "canceled", code: a.reason ?? "PAYMENT_CANCELED" };
  if (UNDER_WAY.includes(a.state)) return { kind: "pending" };
  return { kind: "failed", code: a.reason ?? "PAYMENT_REFUSED" };
}

/**
 * The window's success (its address, which anyone can edit): the attempt must be this order's
 * newest window for exactly this amount, or nothing is confirmed. Then the order's stock and
 * points are reserved for it and Toss confirms. A repeat (a refresh, a second tab, a replayed
 * address) finds the attempt under way or ended and finishes it, never confirming a second time.
 */
export async function confirmReturn(
  deps: PaymentDeps,
  shop: ShopInfo,
  owner: string,
  record: OrderRecord,
  body: { payment_key: string; order_id: string; amount: number },
): Promise<Settled> {
  const attempts = deps.db.paymentAttempts;
  const attempt = await attempts.byProviderOrderId(shop.shopid, body.order_id);
  if (!attempt || attempt.order_id !== record.order.id) throw mismatch();
  if (attempt.payment_key !== null) {
    if (attempt.payment_key !== body.payment_key) throw mismatch();
    return finish(deps, shop, attempt, { byPage: true });
  }
  // A window a newer one replaced, or one that already came back refused: never confirmed.
  if (attempt.state !== "window") throw mismatch();
  const now = Date.now();
  if (body.amount !== attempt.amount) {
    await attempts.failWindow(shop.shopid, attempt.provider_order_id, "PAYMENT_MISMATCH", f.MISMATCH, now);
    throw mismatch();
  }
  // The shop's keys first: without them nothing is reserved.
  const toss = await tossFor(deps, shop.shopid, attempt.via);
  try {
    await attempts.reserve({
      orderId: record.order.id,
      shopId: shop.shopid,
      owner,
      providerOrderId: attempt.provider_order_id,
      paymentKey: body.payment_key,
      choice: attempt.choice,
      amount: attempt.amount,
      points: attempt.points,
      uid: owner.startsWith("m:") ? Number(owner.slice(2)) : null,
      ip: record.order.ip,
      now,
      holdUntil: now + HOLD_MS,
      checkAt: now + MINUTE,
    });
  } catch (error) {
    const why = batchFailure(error);
    // Another tab is confirming this sheet: it ends that one first.
    if (why === "pending") return { kind: "pending" };
    const code = why ? RESERVE_REFUSAL[why] : undefined;
    // D1 unreachable: nothing changed and Toss was asked nothing; the same address works again.
    if (!code) throw error;
    await attempts.failWindow(shop.shopid, attempt.provider_order_id, code, "", now);
    return { kind: "failed", code };
  }
  return confirmReserved(deps, shop, toss, { ...attempt, state: "confirming", payment_key: body.payment_key });
}

/**
 * Finishes an attempt from what Toss holds: records a payment it took, confirms one it authorised
 * whose confirm never reached it, releases one that took nothing, gives back one the order cannot
 * take. `byPage`: the sheet asked (its own checks do not push the cron's next look away).
 */
export async function finish(
  deps: PaymentDeps,
  shop: ShopInfo,
  attempt: PaymentAttemptRow,
  opts: { byPage?: boolean } = {},
): Promise<Settled> {
  if (!UNDER_WAY.includes(attempt.state)) return outcomeOf(attempt);
  const outcome = await look(deps, shop, attempt);
  if (outcome.kind === "pending" && !opts.byPage) {
    const now = Date.now();
    await deps.db.paymentAttempts.later(attempt.provider_order_id, now + backoff(attempt.checks), null, now);
  }
  return outcome;
}

async function look(deps: PaymentDeps, shop: ShopInfo, attempt: PaymentAttemptRow): Promise<Settled> {
  let toss: TossClient;
  try {
    toss = await tossFor(deps, shop.shopid, attempt.via);
  } catch (error) {
    // The shop removed its keys: nobody can ask Toss; the attempt waits and 정산 대사 names it.
    deps.log.error("payment under way without the shop's keys", error, { attempt: attempt.provider_order_id });
    return { kind: "pending" };
  }
  let found: TossPayment | null;
  try {
    found = await paymentOf(toss, attempt);
  } catch (error) {
    if (!(error instanceof TossError)) throw error;
    deps.log.info("toss lookup without an answer: looking again later", { code: error.code });
    return { kind: "pending" };
  }
  if (!found) return end(deps, shop, attempt, "failed", "PAYMENT_EXPIRED", {});
  switch (found.status) {
    case "READY":
    case "IN_PROGRESS": {
      // Authorised, never confirmed: our confirm did not reach Toss. The same confirm, the same
      // key, while the order still holds what it reserved; a sheet that expired (or was cancelled)
      // meanwhile is not charged at all: Toss lets an unconfirmed window lapse by itself.
      const order = (await deps.db.orders.getForShop(shop.shopid, attempt.order_id))?.order;
      const reserved = order?.status === "WAITING_PAYMENT" && order.pay_method === null && order.stock_taken === 1;
      if (!reserved) return end(deps, shop, attempt, "failed", "ORDER_CLOSED", { tossStatus: found.status });
      return confirmReserved(deps, shop, toss, attempt);
    }
    case "DONE":
    case "WAITING_FOR_DEPOSIT":
      return record(deps, shop, toss, attempt, found);
    case "CANCELED":
    case "PARTIAL_CANCELED":
      // Given back already (our cancel whose answer was lost, or the shop's Toss dashboard).
      return end(deps, shop, attempt, "canceled", attempt.reason ?? "PAYMENT_CANCELED", {
        tossStatus: found.status,
        captured: found.totalAmount,
        refunded: found.totalAmount - found.balanceAmount,
      });
    default:
      return end(deps, shop, attempt, "failed", "PAYMENT_EXPIRED", { tossStatus: found.status });
  }
}

/** The attempt's payment at Toss, by the window's paymentKey; null when Toss has none of this orderId. */
async function paymentOf(toss: TossClient, attempt: PaymentAttemptRow): Promise<TossPayment | null> {
  try {
    const p = await toss.byPaymentKey(attempt.payment_key!);
    // A paymentKey the address carried that is some other payment of the shop's: not this one's.
    return p.orderId === attempt.provider_order_id ? p : null;
  } catch (error) {
    if (error instanceof TossError && error.kind === "refused" && error.status === 404) return null;
    throw error;
  }
}

/** Asks Toss to take the money of a reserved attempt (a repeat of the key is answered with the first answer). */
async function confirmReserved(
  deps: PaymentDeps,
  shop: ShopInfo,
  toss: TossClient,
  attempt: PaymentAttemptRow,
): Promise<Settled> {
  const key = `confirm:${attempt.provider_order_id}:${attempt.payment_key}`;
  const ask = { paymentKey: attempt.payment_key!, orderId: attempt.provider_order_id, amount: attempt.amount };
  const refusedBy = (error: TossError) => {
    if (error.kind === "config") deps.log.error("toss refused the shop's keys", error, { code: error.code });
    return end(deps, shop, attempt, "failed", refusalCode(error), {
      message: `${error.code}: ${error.message}`,
      tossStatus: null,
    });
  };
  /** Toss said no to this payment (or to the shop's keys), rather than not answering clearly. */
  const definite = (error: TossError) => error.kind !== "unavailable" && error.code !== "ALREADY_PROCESSED_PAYMENT";
  let payment: TossPayment | null;
  try {
    payment = await toss.confirm(ask, key);
  } catch (error) {
    if (!(error instanceof TossError)) throw error;
    if (definite(error)) return refusedBy(error);
    deps.log.info("toss confirm without a clear answer: reconciling", { code: error.code, status: error.status });
    payment = await paymentOf(toss, attempt).catch(() => null);
    if (!payment || payment.status === "READY" || payment.status === "IN_PROGRESS") {
      try {
        payment = await toss.confirm(ask, key);
      } catch (again) {
        if (!(again instanceof TossError)) throw again;
        if (definite(again)) return refusedBy(again);
        return { kind: "pending" };
      }
    }
  }
  if (payment.status === "DONE" || payment.status === "WAITING_FOR_DEPOSIT") {
    return record(deps, shop, toss, attempt, payment);
  }
  return { kind: "pending" };
}

/** Records what Toss took for a reserved attempt; gives it back when the order cannot take it. */
async function record(
  deps: PaymentDeps,
  shop: ShopInfo,
  toss: TossClient,
  attempt: PaymentAttemptRow,
  payment: TossPayment,
): Promise<Settled> {
  const attempts = deps.db.paymentAttempts;
  const expected = attempt.choice === "vbank" ? "WAITING_FOR_DEPOSIT" : "DONE";
  if (
    payment.paymentKey !== attempt.payment_key ||
    payment.orderId !== attempt.provider_order_id ||
    payment.totalAmount !== attempt.amount ||
    payment.status !== expected
  ) {
    // Toss took something else than was asked: it does not become this order's payment.
    deps.log.error("toss confirmed a payment unlike the attempt", null, {
      attempt: attempt.provider_order_id,
      status: payment.status,
    });
    return giveBack(deps, shop, toss, attempt, payment, "PAYMENT_MISMATCH");
  }
  const now = Date.now();
  const captured = payment.status === "DONE" ? payment.totalAmount : 0;
  // Kept at once: a failure before the order records it is known to have taken money.
  await attempts.approve(attempt.provider_order_id, payment.status, captured, now).catch((error: unknown) => {
    deps.log.error("approved payment not noted", error, { attempt: attempt.provider_order_id });
  });
  const { details, account } = await detailsOf(payment, shop.name);
  try {
    await attempts.markPaid({
      orderId: attempt.order_id,
      shopId: shop.shopid,
      providerOrderId: attempt.provider_order_id,
      paymentKey: payment.paymentKey,
      attempt: {
        mode: attempt.mode,
        choice: attempt.choice,
        amount: attempt.amount,
        points: attempt.points,
        escrow: attempt.escrow === 1,
      },
      now,
      details,
      account,
      // A virtual account is looked at in an hour, in case its deposit callback never comes.
      checkAt: account ? now + 60 * MINUTE : null,
    });
  } catch (error) {
    const why = batchFailure(error);
    if (!why) {
      deps.log.error("payment taken but not recorded: the reconciler records it", error, {
        attempt: attempt.provider_order_id,
      });
      return { kind: "pending" };
    }
    const current = await attempts.byProviderOrderId(shop.shopid, attempt.provider_order_id);
    // Another request recorded (or ended) it first.
    if (current && !UNDER_WAY.includes(current.state)) return outcomeOf(current);
    // The order cannot take it: expired or cancelled meanwhile, or a table's lines paid by another phone.
    return giveBack(deps, shop, toss, current ?? attempt, payment, "PAYMENT_CANCELED");
  }
  await afterRecorded(deps, shop, attempt.order_id);
  return { kind: "recorded", fresh: true };
}

/**
 * Gives back all of a payment the order cannot take, at once, with an idempotency key per try (a
 * refusal is kept under its key, so a later try needs a new one; a second cancel of a cancelled
 * payment is refused and read back). A cancel Toss does not make leaves the attempt under way for
 * the reconciler's next look.
 */
async function giveBack(
  deps: PaymentDeps,
  shop: ShopInfo,
  toss: TossClient,
  attempt: PaymentAttemptRow,
  payment: TossPayment,
  code: string,
): Promise<Settled> {
  const key = `cancel:${attempt.provider_order_id}:auto:${attempt.checks}`;
  let after: TossPayment;
  try {
    after = await toss.cancel(payment.paymentKey, { cancelReason: koCheckout.autoCancelReason }, key);
  } catch (error) {
    if (!(error instanceof TossError)) throw error;
    const read = error.code === "ALREADY_CANCELED_PAYMENT" ? await paymentOf(toss, attempt).catch(() => null) : null;
    if (!read || read.status !== "CANCELED") {
      deps.log.error("toss payment not given back: the reconciler tries again", error, {
        attempt: attempt.provider_order_id,
        code: error.code,
      });
      const now = Date.now();
      await deps.db.paymentAttempts.later(
        attempt.provider_order_id,
        now + backoff(attempt.checks),
        payment.status,
        now,
      );
      return { kind: "pending" };
    }
    after = read;
  }
  const captured = payment.status === "WAITING_FOR_DEPOSIT" ? 0 : payment.totalAmount;
  return end(deps, shop, attempt, "canceled", code, {
    tossStatus: after.status,
    captured,
    refunded: captured === 0 ? 0 : captured - after.balanceAmount,
  });
}

/** Ends the attempt (the stock and points it reserved go back); a cancel that gave money back is told to the buyer. */
async function end(
  deps: PaymentDeps,
  shop: ShopInfo,
  attempt: PaymentAttemptRow,
  state: "failed" | "canceled",
  code: string,
  o: { message?: string; tossStatus?: string | null; captured?: number; refunded?: number },
): Promise<Settled> {
  const attempts = deps.db.paymentAttempts;
  try {
    await attempts.release({
      orderId: attempt.order_id,
      providerOrderId: attempt.provider_order_id,
      state,
      reason: code,
      message: o.message ?? null,
      tossStatus: o.tossStatus ?? null,
      captured: o.captured ?? 0,
      refunded: o.refunded ?? 0,
      now: Date.now(),
    });
  } catch (error) {
    if (batchFailure(error) !== "state") {
      deps.log.error("payment attempt not ended: the reconciler ends it", error, {
        attempt: attempt.provider_order_id,
      });
      return { kind: "pending" };
    }
    const current = await attempts.byProviderOrderId(shop.shopid, attempt.provider_order_id);
    return current ? outcomeOf(current) : { kind: state, code };
  }
  if (state === "canceled" && (o.refunded ?? 0) > 0) deps.later(tellBuyer(deps, shop, attempt));
  return { kind: state, code };
}

/** Paid (or a virtual account issued): the buyer's receipt or account, the owner's new order, a table's kitchen. */
async function afterRecorded(deps: PaymentDeps, shop: ShopInfo, orderId: number): Promise<void> {
  try {
    const placed = await deps.db.orders.getForShop(shop.shopid, orderId);
    if (!placed) return;
    await sendOrderMail(deps.db, "placed", placed, shop, deps.log);
    deps.later(deps.db.notifier(deps.log).order("placed", placed, shop));
    const visit = placed.order.visit_id;
    if (visit) {
      // Only now does the kitchen hear of a table's order paid first (decision 105).
      const event = { type: "order" as const, id: orderId, status: placed.order.status };
      await deps.live.publish([liveRoom.inbox(shop.shopid), liveRoom.table(shop.shopid, visit)], event);
    }
  } catch (error) {
    deps.log.error("paid order not announced", error, { order: orderId });
  }
}

/** Money given back without the buyer asking: told once, by 알림톡 (when they agreed to it) and mail. */
async function tellBuyer(deps: PaymentDeps, shop: ShopInfo, attempt: PaymentAttemptRow): Promise<void> {
  try {
    if (!(await deps.db.paymentAttempts.markTold(attempt.provider_order_id, Date.now()))) return;
    const record = await deps.db.orders.getForShop(shop.shopid, attempt.order_id);
    if (!record) return;
    await sendOrderMail(deps.db, "given_back", record, shop, deps.log);
    await deps.db.notifier(deps.log).order("given_back", record, shop);
  } catch (error) {
    deps.log.error("buyer not told of a payment given back", error, { attempt: attempt.provider_order_id });
  }
}
