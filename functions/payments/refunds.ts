import { koLifecycle } from "~/shared/messages/lifecycle";
import { refundAmount } from "~/shared/money";
import { refundsOnline, type OrderAction, type OrderFacts } from "~/shared/order-machine";
import type { ApiContext } from "../api/context";
import { ApiError } from "../api/http";
import type { OrderRecord } from "../db/orders";
import type { OnlineCancel } from "../db/order-transitions";
import { sha256Hex, tossFor } from "./checkout";
import { TossError, type CancelRequest, type TossPayment } from "./toss";
import { BANKS } from "./toss-codes";

/**
 * Money back through Toss Payments (issue 35 item 4, decision 104). The owner's 취소승인, the
 * kitchen's 취소 and 환불완료 of an order Toss was paid for, and the buyer's 주문취소 of a virtual
 * account still waiting for its deposit, cancel the payment at Toss **before** the order's batch:
 * only Toss's answer is recorded with the transition, so a refusal leaves the order as it was. The
 * amount is the money module's; the idempotency key is the order's next cancel and what it asks
 * (`cancel:{orderId}:{n}:{digest}`), the same for every retry of one owner action until a cancel
 * is recorded, so a retry after a timeout is the same cancel at Toss, never a second.
 */

const t = koLifecycle;

/** What one step asks Toss to do. */
export type CancelPlan = {
  /** Won to give back; null: the whole balance (an unpaid virtual account is voided whole). */
  amount: number | null;
  reason: string;
  /** Nothing was paid yet (a waiting virtual account): the cancel moves no money. */
  voids: boolean;
  refundAccount?: CancelRequest["refundReceiveAccount"];
};

/** A bank's 은행 코드 from what the buyer typed: a code, a short name, or a name with 은행. */
export function bankCodeOf(typed: string | null): string | null {
  const name = (typed ?? "").replace(/\s/g, "").replace(/은행$/, "");
  if (!name) return null;
  if (Object.hasOwn(BANKS, name)) return name;
  const found = Object.entries(BANKS).find(
    ([, short]) => short === name || short.replace(/^(KB|IBK|NH|SC)/, "") === name,
  );
  return found?.[0] ?? null;
}

/**
 * Whether `action` on this order moves money at Toss, and how: null when it does not (a bank
 * transfer, an order paid with nothing, an action that moves no money).
 */
export function cancelPlanOf(
  record: OrderRecord,
  facts: OrderFacts,
  action: OrderAction,
  note: string,
  /**
   * A line's 판매취소: the money the money module's `lineCancelRefund` gives back for it; a line's
   * owed refund (decision 179): the money owed for it.
   */
  lineAmount = 0,
): CancelPlan | null {
  const p = record.online;
  if (!p?.payment_key) return null;
  const o = record.order;
  const why = (fallback: string) => (note || o.claim_reason || fallback).slice(0, 200);
  if (action === "cancel" && p.status === "WAITING_FOR_DEPOSIT") {
    return { amount: null, reason: why(t.cancelReasons.buyer), voids: true };
  }
  if (!refundsOnline(facts)) return null;
  const left = p.balance_amount ?? 0;
  // A line's 판매취소 (decision 176), or its refund owed until the buyer gave the account a virtual
  // account's money goes back to (decision 179): that line's money only, a partial cancel.
  if (action === "seller_cancel_line" || action === "line_refund_done") {
    const amount = Math.min(left, lineAmount);
    if (amount <= 0) return null;
    return { amount, reason: why(t.cancelReasons.shop), voids: false, refundAccount: accountOf(record) };
  }
  if (action === "accept_cancel" || action === "kitchen_cancel") {
    const amount = Math.min(left, refundAmount(o));
    if (amount <= 0) return null;
    const reason = why(action === "accept_cancel" ? t.cancelReasons.claim : t.cancelReasons.shop);
    return { amount, reason, voids: false, refundAccount: accountOf(record) };
  }
  if (action === "refund_done") {
    const amount = Math.min(left, refundAmount(o));
    if (amount <= 0) return null;
    // A 판매취소's refund goes to Toss with the shop's reason, read from the cancel itself, so a
    // retried 환불완료 asks exactly what the first press asked (the same idempotency key).
    const sale =
      o.cancel_reason === "shop" ? record.events.filter((e) => e.action === "seller_cancel").at(-1) : undefined;
    const reason = sale ? (sale.note || t.cancelReasons.shop).slice(0, 200) : why(t.cancelReasons.refund);
    return { amount, reason, voids: false, refundAccount: accountOf(record) };
  }
  return null;
}

/** A deposited virtual account is refunded to the account the buyer gave (Toss requires it). */
function accountOf(record: OrderRecord): CancelPlan["refundAccount"] {
  if (record.online?.choice !== "vbank") return undefined;
  const o = record.order;
  const bank = bankCodeOf(o.refund_bank);
  if (!bank || !o.refund_account || !o.refund_holder) {
    throw new ApiError(409, "REFUND_ACCOUNT_UNKNOWN", t.errors.refundBank);
  }
  return { bank, accountNumber: o.refund_account.replace(/\D/g, ""), holderName: o.refund_holder };
}

/** Toss's cancels of a payment, as the transition keeps them, and what the newest ones gave back. */
function outcomeOf(payment: TossPayment, before: number, plan: CancelPlan): OnlineCancel {
  const cancels = (payment.cancels ?? []).map((c) => ({
    transactionKey: c.transactionKey,
    amount: c.cancelAmount,
    reason: c.cancelReason,
    canceledAt: c.canceledAt,
  }));
  const fresh = cancels.slice(before).reduce((sum, c) => sum + c.amount, 0);
  return { status: payment.status, balance: payment.balanceAmount, refunded: plan.voids ? 0 : fresh, cancels };
}

/**
 * Asks Toss to cancel as planned and answers with what to record with the transition. A refusal
 * (refused, config) is kept on the payment for the owner and thrown in Korean, Toss's reason
 * included; no answer (a timeout, a 5xx) is reconciled by reading the payment: a cancel that went
 * through is recorded, otherwise the owner is asked to press again (the same key).
 */
export async function cancelAtToss(ctx: ApiContext, record: OrderRecord, plan: CancelPlan): Promise<OnlineCancel> {
  const p = record.online!;
  const shopId = record.order.shop_id;
  const before = record.cancels.length;
  const toss = await tossFor(ctx, shopId, p.via);
  const body: CancelRequest = { cancelReason: plan.reason };
  if (plan.amount !== null) body.cancelAmount = plan.amount;
  if (plan.refundAccount) body.refundReceiveAccount = plan.refundAccount;
  // The order's next cancel, and what it asks: a retry of the same request is the same key (Toss
  // replays its answer), while a changed one (another account after INVALID_BANK) gets a new key,
  // since Toss keeps even a refusal under a key for 15 days.
  const key = `cancel:${p.provider_order_id}:${before + 1}:${(await sha256Hex(JSON.stringify(body))).slice(0, 12)}`;
  try {
    return outcomeOf(await toss.cancel(p.payment_key!, body, key), before, plan);
  } catch (error) {
    if (!(error instanceof TossError)) throw error;
    if (error.kind === "unavailable") {
      ctx.log.info("toss cancel without a clear answer: reconciling", { code: error.code, order: record.order.id });
      const found = await toss.byOrderId(p.provider_order_id).catch(() => null);
      if (found && found.paymentKey === p.payment_key && (found.cancels?.length ?? 0) > before) {
        return outcomeOf(found, before, plan);
      }
      throw new ApiError(409, "REFUND_PENDING", t.errors.refundPending);
    }
    if (plan.voids && error.kind === "refused") {
      // An account nobody paid into that Toss already closed (expired at its due date): nothing
      // to void, and the buyer's 주문취소 goes on.
      const found = await toss.byOrderId(p.provider_order_id).catch(() => null);
      if (
        found &&
        found.paymentKey === p.payment_key &&
        found.status !== "WAITING_FOR_DEPOSIT" &&
        found.status !== "DONE"
      ) {
        return outcomeOf(found, before, plan);
      }
    }
    await ctx.db.providerPayments.recordCancelFailure(shopId, record.order.id, error.code, error.message, Date.now());
    if (error.kind === "config") {
      ctx.log.error("toss refused the shop's keys for a cancel", error, { code: error.code });
      throw new ApiError(409, "REFUND_REFUSED", t.errors.refundConfig);
    }
    throw new ApiError(409, "REFUND_REFUSED", t.errors.refundRefused(error.message || error.code));
  }
}
