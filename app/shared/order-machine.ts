/**
 * The order state machine (issue 9, decision 054): every status change an order can make, who may
 * make it, what it needs and what it does. Pure data and functions, shared by the API (which
 * checks and executes through functions/db/order-transitions.ts, the only code that writes
 * orders.status), the cron, the buyer's order page and the owner's console (which list the
 * actions allowed now). No dependencies: it ships to browsers.
 */
import type { OrderStatus } from "./order-status";

/** Who acts: the buyer (member or guest device), the shop's owner, a platform admin, the cron. */
export type Actor = "buyer" | "owner" | "admin" | "system";

/** What a transition needs from the one who makes it. */
export type Need = "reason" | "shipment" | "refund_account" | "note";

/**
 * What a transition does besides changing the status. Each effect happens at most once per order
 * whatever the order of requests: stock is returned only while the order holds it
 * (`stock_taken`), a refund is recorded once.
 */
export type Effect =
  | "mark_paid" // the pending bank transfer is paid
  | "cancel_payment" // a pending transfer is void
  | "return_stock" // what the order holds goes back to the options
  | "open_claim" // remembers the claim and the status to go back to
  | "close_claim" // back to the status before the claim
  | "record_shipment" // courier, tracking number, shipped_at
  | "record_delivery" // delivered_at
  | "record_done" // done_at
  | "record_refund_account" // the buyer's account for a bank refund
  | "record_refund" // refunded amount and time
  | "record_line_refund" // a cancelled line's refund, owed until now, went back (decision 179)
  | "refund_after_done" // the spec's flag: refunded after the purchase was confirmed
  | "release_points" // points the order holds go back to the buyer
  | "spend_points" // points the order holds are spent for good
  | "earn_points" // the buyer earns the shop's rate of what was paid
  | "revoke_points"; // what is left of the points the order earned lapses

export type Claim = "cancel" | "refund" | "change";

/** The facts about an order a transition's choice depends on. */
export type OrderFacts = {
  status: OrderStatus;
  /** A payment method has been chosen (a bank transfer is pending or paid). */
  paymentChosen: boolean;
  /** Money was received (a confirmed deposit) and must go back on cancel or return. */
  paidAmount: number;
  claim: Claim | null;
  /** The status an open claim returns to when refused. */
  claimFrom: OrderStatus | null;
  refundAccount: boolean;
  /** A table order of a restaurant (smart order, issue 13): cooked and served, never shipped. */
  smartOrder: boolean;
  /** 후불: the table pays at the counter after the meal. */
  payLater: boolean;
  /**
   * Money was received through the provider (Toss: a card, a wallet, a deposited virtual account)
   * and some is still there to give back: refunds go back through it, not by hand (decision 104).
   */
  paidOnline: boolean;
  /** That payment was a virtual account: Toss refunds it only to an account the buyer gives. */
  onlineAccount: boolean;
  /**
   * A line the shop cancelled has its money owed to the buyer still (decision 179): paid by
   * transfer, or by a virtual account before the buyer gave an account. Absent: none.
   */
  lineRefundOwed?: boolean;
};

/**
 * The money goes back through the provider now, in the same step: a card or wallet at once, a
 * deposited virtual account once the buyer has given the account it goes to.
 */
export function refundsOnline(o: OrderFacts): boolean {
  return o.paidOnline && (!o.onlineAccount || o.refundAccount);
}

/** After a cancel, money left to send back by hand waits for the buyer's account (환불대기). */
const afterCancel = (o: OrderFacts): OrderStatus =>
  o.paidAmount > 0 && !refundsOnline(o) ? "REQ_BANK_REFUND" : "CANCELED";

export type Transition = {
  action: OrderAction;
  from: readonly OrderStatus[];
  /** The status after; a function where it depends on the order. */
  to: OrderStatus | ((o: OrderFacts) => OrderStatus);
  by: readonly Actor[];
  needs: readonly Need[];
  effects: readonly Effect[];
  /** Further conditions on the order, beyond its status. */
  when?: (o: OrderFacts) => boolean;
  /** Money or stock moves: the page asks before sending. */
  confirm: boolean;
  /** Made by another form (the order sheet), never offered as an action button. */
  internal?: boolean;
};

export const ORDER_ACTIONS = [
  "cancel",
  "expire",
  "close_sheet",
  "pay_points",
  "accept_table",
  "pay_provider",
  "confirm_payment",
  "prepare",
  "serve",
  "kitchen_cancel",
  "seller_cancel",
  "seller_cancel_line",
  "ship",
  "deliver",
  "confirm",
  "request_cancel",
  "request_refund",
  "request_change",
  "hold",
  "accept_cancel",
  "accept_refund",
  "accept_change",
  "refuse_claim",
  "refund_account",
  "refund_done",
  "line_refund_done",
  "refund_after_done",
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

const OWNER = ["owner", "admin"] as const;
const BEFORE_SHIPPING = ["CONFIRM_PAYMENT", "READY_FOR_DELIVERY"] as const;
/** Where a claim or a cancel waits for the buyer's refund account. */
const WAITS_FOR_ACCOUNT = ["REQ_CANCEL", "REQ_REFUND", "BUYER_PENDING", "REFUND_ACCEPTED", "REQ_BANK_REFUND"] as const;
/**
 * Every status but an unpaid one: a cancelled line's refund owed (decision 179) outlives the status
 * it was cancelled in (the rest ships, is returned, or is cancelled too).
 */
const AFTER_PAYMENT = [
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
] as const satisfies readonly OrderStatus[];

/** Days after shipping that an order counts as delivered, and after delivery as confirmed. */
export const AUTO_DELIVERED_DAYS = 5;
export const AUTO_CONFIRM_DAYS = 7;

export const TRANSITIONS: readonly Transition[] = [
  // Before payment: the buyer drops the order, or its deadline passes.
  {
    action: "cancel",
    from: ["WAITING_PAYMENT"],
    to: "CANCELED",
    by: ["buyer"],
    needs: [],
    effects: ["cancel_payment", "return_stock", "release_points"],
    confirm: true,
  },
  {
    action: "expire",
    from: ["WAITING_PAYMENT"],
    to: "CANCELED",
    by: ["system"],
    needs: [],
    effects: ["cancel_payment", "return_stock", "release_points"],
    confirm: false,
  },
  // A newer sheet of the same cart replaces an unpaid one nobody chose a payment for.
  {
    action: "close_sheet",
    from: ["WAITING_PAYMENT"],
    to: "CANCELED",
    by: ["system"],
    needs: [],
    effects: [],
    when: (o) => !o.paymentChosen,
    confirm: false,
  },
  // An order whose points cover it all is paid when the sheet is sent (/user/order_point).
  {
    action: "pay_points",
    from: ["WAITING_PAYMENT"],
    to: "CONFIRM_PAYMENT",
    by: ["buyer"],
    needs: [],
    effects: ["mark_paid"],
    when: (o) => !o.paymentChosen,
    confirm: false,
    internal: true,
  },
  // A table order paid at the counter after the meal goes to the kitchen at once (접수).
  {
    action: "accept_table",
    from: ["WAITING_PAYMENT"],
    to: "CONFIRM_PAYMENT",
    by: ["buyer"],
    needs: [],
    effects: [],
    when: (o) => o.smartOrder && o.payLater,
    confirm: false,
    internal: true,
  },
  // A card or wallet payment a provider (a PG) confirmed: paid at once, with the stock taken in the
  // same batch (functions/db/order-batch.ts `takeStockAndMarkPaid`).
  {
    action: "pay_provider",
    from: ["WAITING_PAYMENT"],
    to: "CONFIRM_PAYMENT",
    by: ["system"],
    needs: [],
    effects: ["mark_paid"],
    when: (o) => o.paymentChosen,
    confirm: false,
    internal: true,
  },
  // 입금확인: only a chosen bank transfer can be confirmed (a bare order sheet holds nothing). A
  // virtual account is Toss's to confirm (its deposit callback): the owner never sees the money.
  {
    action: "confirm_payment",
    from: ["WAITING_PAYMENT"],
    to: "CONFIRM_PAYMENT",
    by: OWNER,
    needs: [],
    effects: ["mark_paid"],
    when: (o) => o.paymentChosen && !o.onlineAccount,
    confirm: true,
  },
  {
    action: "prepare",
    from: ["CONFIRM_PAYMENT"],
    to: "READY_FOR_DELIVERY",
    by: OWNER,
    needs: [],
    effects: [],
    confirm: false,
  },
  // The kitchen's 완료: the dish is served and the meal's order is done. A table paying at the
  // counter has paid by then as far as the order goes (decision 066).
  {
    action: "serve",
    from: ["READY_FOR_DELIVERY"],
    to: "DONE",
    by: OWNER,
    needs: [],
    effects: ["mark_paid", "record_delivery", "record_done", "spend_points", "earn_points"],
    when: (o) => o.smartOrder,
    confirm: false,
  },
  // The kitchen's 취소 (out of an ingredient, a table that left): money received goes back, through
  // the provider at once when it was paid there.
  {
    action: "kitchen_cancel",
    from: ["WAITING_PAYMENT", "CONFIRM_PAYMENT", "READY_FOR_DELIVERY"],
    to: afterCancel,
    by: OWNER,
    needs: [],
    effects: ["cancel_payment", "return_stock", "release_points"],
    when: (o) => o.smartOrder,
    confirm: true,
  },
  // 판매취소 before shipping (sold out, cannot deliver): the buyer is told why and the stock comes
  // back. Money received waits in 환불대기 for its refund (refund_done), which the same press makes
  // through the provider when it was paid there: the cancel is written first, so a ship or the
  // buyer's 취소요청 racing it wins or loses before any money moves (decision 126).
  {
    action: "seller_cancel",
    from: BEFORE_SHIPPING,
    to: (o) => (o.paidAmount > 0 ? "REQ_BANK_REFUND" : "CANCELED"),
    by: OWNER,
    needs: ["note"],
    effects: ["cancel_payment", "return_stock", "release_points"],
    when: (o) => !o.smartOrder,
    confirm: true,
  },
  // 판매취소 of one line (decision 176): the order stays where it is with its other lines, that
  // line's stock comes back and its money goes back through Toss in the same press (Toss first, as
  // 취소승인). Money Toss cannot give back now (a transfer's, a virtual account's before the buyer
  // gave an account) is owed for that line until it goes back (line_refund_done, decision 179).
  // Something must have been paid: an order of points alone is cancelled whole. Its last live line
  // is a 판매취소 of the whole order. Made by the form on each line, never one of the order's buttons.
  {
    action: "seller_cancel_line",
    from: BEFORE_SHIPPING,
    to: (o) => o.status,
    by: OWNER,
    needs: ["note"],
    effects: ["return_stock"],
    when: (o) => !o.smartOrder && o.paidAmount > 0,
    confirm: true,
    internal: true,
  },
  {
    action: "ship",
    from: ["CONFIRM_PAYMENT", "READY_FOR_DELIVERY", "CHANGE_ACCEPTED"],
    to: "DELIVERY",
    by: OWNER,
    needs: ["shipment"],
    effects: ["record_shipment"],
    when: (o) => !o.smartOrder,
    confirm: false,
  },
  {
    action: "deliver",
    from: ["DELIVERY"],
    to: "CONFIRM_DELIVERY",
    by: [...OWNER, "system"],
    needs: [],
    effects: ["record_delivery"],
    confirm: false,
  },
  // 구매확정
  {
    action: "confirm",
    from: ["CONFIRM_DELIVERY"],
    to: "DONE",
    by: ["buyer", "system"],
    needs: [],
    effects: ["record_done", "spend_points", "earn_points"],
    confirm: true,
  },
  // Claims by the buyer, with a reason.
  {
    action: "request_cancel",
    from: BEFORE_SHIPPING,
    to: "REQ_CANCEL",
    by: ["buyer"],
    needs: ["reason"],
    effects: ["open_claim"],
    // At a table, a diner asks the staff: the kitchen cancels (kitchen_cancel).
    when: (o) => !o.smartOrder,
    confirm: true,
  },
  {
    action: "request_refund",
    from: ["CONFIRM_DELIVERY"],
    to: "REQ_REFUND",
    by: ["buyer"],
    needs: ["reason"],
    effects: ["open_claim"],
    confirm: true,
  },
  {
    action: "request_change",
    from: ["CONFIRM_DELIVERY"],
    to: "REQ_CHANGE",
    by: ["buyer"],
    needs: ["reason"],
    effects: ["open_claim"],
    confirm: true,
  },
  // The owner's answers.
  {
    action: "hold",
    from: ["REQ_REFUND", "REQ_CHANGE"],
    to: "BUYER_PENDING",
    by: OWNER,
    needs: ["note"],
    effects: [],
    confirm: false,
  },
  // A paid order's money goes back to an account the buyer gives; one paid with nothing is closed,
  // and so is one whose payment the provider gives back in the same step (decision 104).
  {
    action: "accept_cancel",
    from: ["REQ_CANCEL"],
    to: afterCancel,
    by: OWNER,
    needs: [],
    effects: ["return_stock", "release_points"],
    confirm: true,
  },
  {
    action: "accept_refund",
    from: ["REQ_REFUND", "BUYER_PENDING"],
    to: "REFUND_ACCEPTED",
    by: OWNER,
    needs: [],
    effects: ["return_stock", "release_points"],
    when: (o) => o.claim === "refund",
    confirm: true,
  },
  {
    action: "accept_change",
    from: ["REQ_CHANGE", "BUYER_PENDING"],
    to: "CHANGE_ACCEPTED",
    by: OWNER,
    needs: [],
    effects: [],
    when: (o) => o.claim === "change",
    confirm: false,
  },
  {
    action: "refuse_claim",
    from: ["REQ_CANCEL", "REQ_REFUND", "REQ_CHANGE", "BUYER_PENDING"],
    to: (o) => o.claimFrom ?? "CONFIRM_DELIVERY",
    by: OWNER,
    needs: ["note"],
    effects: ["close_claim"],
    confirm: false,
  },
  // The buyer's refund account: the status stays, the account is kept for the owner. A card or
  // wallet needs none: the provider gives the money back to it. Asked by a claim or a cancel, and
  // in any status while a cancelled line's money is owed (decision 179).
  {
    action: "refund_account",
    from: AFTER_PAYMENT,
    to: (o) => o.status,
    by: ["buyer"],
    needs: ["refund_account"],
    effects: ["record_refund_account"],
    when: (o) =>
      o.paidAmount > 0 &&
      (!o.paidOnline || o.onlineAccount) &&
      ((WAITS_FOR_ACCOUNT as readonly OrderStatus[]).includes(o.status) || o.lineRefundOwed === true),
    confirm: false,
  },
  // 환불완료: the owner has sent the money back (to the buyer's account when it was a transfer), or
  // the provider gives it back in this step (to the card or wallet; a virtual account's to the
  // buyer's account).
  {
    action: "refund_done",
    from: ["REFUND_ACCEPTED", "REQ_BANK_REFUND"],
    to: "REFUNDED",
    by: OWNER,
    needs: [],
    effects: ["record_refund"],
    when: (o) => o.paidAmount === 0 || o.refundAccount || refundsOnline(o),
    confirm: true,
  },
  // A cancelled line's refund owed (decision 179), line by line, the order's status staying: the
  // owner marks a transfer's sent to the buyer's account, or Toss gives a virtual account's back to
  // it in the same step. Either needs the account. The system makes it through Toss when the buyer
  // gives the account (functions/api/order-life.ts). Made by the form on the line.
  {
    action: "line_refund_done",
    from: AFTER_PAYMENT,
    to: (o) => o.status,
    by: [...OWNER, "system"],
    needs: [],
    effects: ["record_line_refund"],
    when: (o) => o.lineRefundOwed === true && o.refundAccount,
    confirm: true,
    internal: true,
  },
  // A return the owner takes after the purchase was confirmed (the spec's flag).
  {
    action: "refund_after_done",
    from: ["DONE"],
    to: "REFUND_ACCEPTED",
    by: OWNER,
    needs: ["note"],
    effects: ["return_stock", "refund_after_done", "revoke_points"],
    confirm: true,
  },
];

const byAction = new Map(TRANSITIONS.map((t) => [t.action, t]));

export function transitionOf(action: OrderAction): Transition {
  return byAction.get(action)!;
}

export function isOrderAction(value: string): value is OrderAction {
  return byAction.has(value as OrderAction);
}

/** The status `action` leads to from this order, or null when `actor` may not make it now. */
export function nextStatus(o: OrderFacts, action: OrderAction, actor: Actor): OrderStatus | null {
  const t = byAction.get(action);
  if (!t || !t.by.includes(actor) || !t.from.includes(o.status)) return null;
  if (t.when && !t.when(o)) return null;
  return typeof t.to === "function" ? t.to(o) : t.to;
}

/** Every action `actor` may make on this order now with its button, in the table's order. */
export function allowedActions(o: OrderFacts, actor: Actor): OrderAction[] {
  return TRANSITIONS.filter((t) => !t.internal && nextStatus(o, t.action, actor) !== null).map((t) => t.action);
}

/** The claim an action opens. */
export function claimOf(action: OrderAction): Claim | null {
  return action === "request_cancel"
    ? "cancel"
    : action === "request_refund"
      ? "refund"
      : action === "request_change"
        ? "change"
        : null;
}
