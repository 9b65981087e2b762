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
 * The Korean label of a status. Smart (food) orders call 'delivery pending' cooking; a refund after
 * completion has its own label; anything unknown is 'changed status'.
 */
export function orderStatusLabel(
  status: string,
  opts: { smartOrder?: boolean; refundAfterDone?: boolean; payMethod?: string | null } = {},
): string {
  if (opts.refundAfterDone) return koOrder.refundAfterDone;
  if (!isOrderStatus(status)) return koOrder.changedStatus;
  // A bank transfer waits for the shopper's deposit, not for a payment step.
  if (status === "WAITING_PAYMENT" && opts.payMethod === "bank") return koOrder.waitingDeposit;
  if (status === "READY_FOR_DELIVERY" && opts.smartOrder) return koOrder.cooking;
  if (opts.smartOrder && koOrder.smartStatus[status]) return koOrder.smartStatus[status];
  return koOrder.status[status];
}
