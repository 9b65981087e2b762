import { koOrder } from "~/shared/messages/cart";

/** The order statuses of spec §4, in one place for every feature that shows an order. */
export const ORDER_STATUSES = [
  "WAITING_PAYMENT",
  "CONFIRM_PAYMENT",
  "READY_FOR_DELIVERY",
  "DELIVERY",
  "CONFIRM_DELIVERY",
  "CANCELED",
  "REQ_CANCEL",
  "REQ_REFUND",
  "REQ_CHANGE",
  "CHANGE_ACCEPTED",
  "REFUND_ACCEPTED",
  "REFUNDED",
  "REQ_BANK_REFUND",
  "BUYER_PENDING",
  "DONE",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * A placed order: somebody chose how to pay it (a transfer or a provider: `pay_method`), the
 * points paid it (`points_used`), or a table pays at the counter after the meal (`pay_later`).
 * An order sheet nobody paid is no order: not in the buyer's lists or the console, no reason to
 * keep an account open, nothing 비회원 주문조회 finds, no purchase event. The one definition
 * (decision 098); `sqlPlaced` is the same for D1.
 */
export function isPlaced(o: { pay_method: string | null; points_used: number; pay_later: number }): boolean {
  return o.pay_method !== null || o.points_used > 0 || o.pay_later === 1;
}

/** `isPlaced` for D1, on an `orders` row named `alias`. */
export function sqlPlaced(alias = "o"): string {
  return `(${alias}.pay_method IS NOT NULL OR ${alias}.points_used > 0 OR ${alias}.pay_later = 1)`;
}

/** How a table order was paid, as the labels read it: a bank transfer or a card (선결제), or neither. */
export const TABLE_PAY_METHOD = { counter: null, bank: "bank", points: null, card: "card" } as const;

/**
 * The Korean label of a status. Smart (food) orders call 'delivery pending' cooking; a refund after
 * completion has its own label; a refund waiting on a card or wallet payment speaks of cancelling
 * that payment, not of an account; anything unknown is 'changed status'.
 */
export function orderStatusLabel(
  status: string,
  opts: { smartOrder?: boolean; refundAfterDone?: boolean; payMethod?: string | null } = {},
): string {
  if (opts.refundAfterDone) return koOrder.refundAfterDone;
  if (!isOrderStatus(status)) return koOrder.changedStatus;
  // A bank transfer waits for the shopper's deposit, not for a payment step.
  if (status === "WAITING_PAYMENT" && opts.payMethod === "bank") return koOrder.waitingDeposit;
  // A card or wallet payment goes back through the provider: nobody is asked for an account.
  if (status === "REQ_BANK_REFUND" && (opts.payMethod === "card" || opts.payMethod === "wallet"))
    return koOrder.refundOnline[opts.payMethod];
  if (status === "READY_FOR_DELIVERY" && opts.smartOrder) return koOrder.cooking;
  if (opts.smartOrder && koOrder.smartStatus[status]) return koOrder.smartStatus[status];
  return koOrder.status[status];
}
