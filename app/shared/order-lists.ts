/**
 * The buyer's order lists of spec §2 (/myshop/order_all, order, order_ready, order_delivery,
 * order_confirm, order_refund, order_refundable_cash): which statuses each holds, in one place for
 * the API's lists and counts and for the pages. Pure data: it ships to browsers.
 */
import type { OrderStatus } from "./order-status";

export const ORDER_LISTS = ["all", "payment", "ready", "delivery", "confirm", "refund", "refundable_cash"] as const;
export type OrderList = (typeof ORDER_LISTS)[number];

/** The statuses of each list; `all` is every order. */
export const LIST_STATUSES: Record<Exclude<OrderList, "all">, readonly OrderStatus[]> = {
  payment: ["WAITING_PAYMENT"],
  ready: ["CONFIRM_PAYMENT", "READY_FOR_DELIVERY"],
  delivery: ["DELIVERY"],
  confirm: ["CONFIRM_DELIVERY"],
  refund: [
    "CANCELED",
    "REQ_CANCEL",
    "REQ_REFUND",
    "REQ_CHANGE",
    "CHANGE_ACCEPTED",
    "REFUND_ACCEPTED",
    "REQ_BANK_REFUND",
    "BUYER_PENDING",
    "REFUNDED",
  ],
  // Money to send back that waits for the buyer's account.
  refundable_cash: ["REQ_BANK_REFUND", "REFUND_ACCEPTED"],
};

/** Each list's page, as spec §2 names them. */
export const LIST_PATHS: Record<OrderList, string> = {
  all: "/myshop/order_all",
  payment: "/myshop/order",
  ready: "/myshop/order_ready",
  delivery: "/myshop/order_delivery",
  confirm: "/myshop/order_confirm",
  refund: "/myshop/order_refund",
  refundable_cash: "/myshop/order_refundable_cash",
};

/** The buyer's lists show 20 orders a page. */
export const MY_ORDERS_PAGE_SIZE = 20;

/**
 * Each list's count from counts per status (`needs_account`: of those, money waiting for the
 * buyer's refund account), so the API's order summary and account summary count alike.
 */
export function countsByList(rows: readonly { status: string; n: number; needs_account: number }[]) {
  const counts = Object.fromEntries(ORDER_LISTS.map((l) => [l, 0])) as Record<OrderList, number>;
  for (const row of rows) {
    counts.all += row.n;
    for (const list of ORDER_LISTS) {
      if (list === "all" || !(LIST_STATUSES[list] as readonly string[]).includes(row.status)) continue;
      counts[list] += list === "refundable_cash" ? row.needs_account : row.n;
    }
  }
  return counts;
}
