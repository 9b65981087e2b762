import type { OrderView } from "~/shared/contracts/cart";
import { courierOf, trackingUrl } from "~/shared/couriers";
import { allowedActions, nextStatus, type Actor, type OrderFacts } from "~/shared/order-machine";
import { isOrderStatus } from "~/shared/order-status";
import { amountDue, lineRefundsOwed, remoteExtra, type RemoteAreaKind } from "~/shared/money";
import { remoteArea } from "~/shared/remote-areas";
import type { OrderRecord, OrderRow } from "../db/orders";
import type { ProviderPaymentRow } from "../db/provider-payments";
import { UNDER_WAY } from "../db/payment-attempts";

type FactColumns = Pick<
  OrderRow,
  | "status"
  | "paid_amount"
  | "claim"
  | "claim_from"
  | "refund_bank"
  | "refund_account"
  | "refund_holder"
  | "table_id"
  | "pay_later"
>;

/** What the state machine knows of a payment through Toss: its status, choice and what is left. */
type OnlineColumns = Pick<ProviderPaymentRow, "status" | "choice" | "balance_amount" | "payment_key">;

/** Money Toss took and still holds for the order (a deposited account counts; a waiting one not). */
export function paidOnline(p: OnlineColumns | null): boolean {
  return (
    p !== null &&
    p.payment_key !== null &&
    (p.status === "DONE" || p.status === "PARTIAL_CANCELED") &&
    (p.balance_amount ?? 0) > 0
  );
}

/**
 * What the state machine needs to know about an order: its columns, whether a payment was
 * chosen, and its payment through Toss if any.
 */
export function factsOf(
  o: FactColumns,
  paymentChosen: boolean,
  online: OnlineColumns | null = null,
  /** A cancelled line's money is owed to the buyer still (decision 179). */
  lineRefundOwed = false,
): OrderFacts | null {
  if (!isOrderStatus(o.status)) return null;
  return {
    status: o.status,
    paymentChosen,
    paidAmount: o.paid_amount,
    claim: o.claim,
    claimFrom: o.claim_from && isOrderStatus(o.claim_from) ? o.claim_from : null,
    refundAccount: Boolean(o.refund_bank && o.refund_account && o.refund_holder),
    smartOrder: o.table_id !== null,
    payLater: o.pay_later === 1,
    paidOnline: paidOnline(online),
    // An attempt Toss never confirmed (the window closed, then a transfer chosen) is no account.
    onlineAccount: online?.payment_key != null && online.choice === "vbank",
    lineRefundOwed,
  };
}

/** A payment was chosen: a transfer, or the counter after the meal. */
const paymentChosen = (r: OrderRecord) => r.payment !== null || r.order.pay_later === 1;

export const orderFacts = (r: OrderRecord) =>
  factsOf(r.order, paymentChosen(r), r.online, lineRefundsOwed(r.lineCancels) > 0);

/** The actions `viewer` may take on an order now (none for a status the machine does not know). */
export function actionsOf(o: FactColumns, paymentChosen: boolean, viewer: Actor, online: OnlineColumns | null = null) {
  const facts = factsOf(o, paymentChosen, online);
  return facts ? allowedActions(facts, viewer) : [];
}

/**
 * The order's lines in the order the pages list them (group by group): a return's quantities
 * come from a form with one field per line in this order (decision 104).
 */
export function linesInViewOrder(r: Pick<OrderRecord, "groups" | "lines">) {
  return r.groups.flatMap((g) => r.lines.filter((l) => l.uid === g.uid && l.origin_uid === g.origin_uid));
}

/** The order's 제주/도서산간 extra: what it pays now, and what each area would make it pay. */
export function remoteOf(r: Pick<OrderRecord, "order" | "groups">): OrderView["remote"] {
  const fee = r.groups.reduce((n, g) => n + g.remote_fee, 0);
  const quote = (area: RemoteAreaKind) =>
    r.groups.reduce((n, g) => n + remoteExtra(g.parcels, area, { jeju: g.jeju_fee, island: g.island_fee }), 0);
  return {
    area: fee > 0 ? remoteArea(r.order.postcode ?? "") : null,
    fee,
    quote: { jeju: quote("jeju"), island: quote("island") },
  };
}

/** An order with its groups, lines and payment, as the order sheet and its page show it. */
/** The shop's payment methods, and the deposit deadline a transfer chosen now would get. */
export type PaymentTerms = { methods: OrderView["methods"]; depositDeadline: number | null };

/**
 * The lines still live (not cancelled by the shop one by one, decision 176), with their place in
 * the order: a line's 판매취소 names it by that place.
 */
export function liveLines(r: Pick<OrderRecord, "groups" | "lines" | "lineCancels">) {
  const canceled = new Set(r.lineCancels.map((c) => c.line_no));
  return linesInViewOrder(r)
    .map((line, lineNo) => ({ line, lineNo }))
    .filter((l) => !canceled.has(l.lineNo));
}

export function toOrderView(r: OrderRecord, terms: PaymentTerms, viewer: Actor = "buyer"): OrderView {
  const o = r.order;
  const ordered = linesInViewOrder(r);
  const canceledLine = (line: (typeof ordered)[number]) => {
    const c = r.lineCancels.find((x) => x.line_no === ordered.indexOf(line));
    return c ? { reason: c.reason, amount: c.amount, owed: c.refunded_at === null } : null;
  };
  const facts = orderFacts(r);
  // Lines' money owed still (decision 179): in refund_amount already, but not gone back yet.
  const owed = lineRefundsOwed(r.lineCancels);
  return {
    id: o.id,
    shopid: o.shop_id,
    status: o.status,
    refund_after_done: o.refund_after_done === 1,
    items_price: o.items_price,
    delivery_price: o.delivery_price,
    total_price: o.total_price,
    npay: o.npay === 1,
    pay_method: o.pay_method,
    created_at: o.created_at,
    deadline: o.deadline,
    cancel_reason: o.cancel_reason,
    groups: r.groups.map((g) => ({
      uid: g.uid,
      origin_uid: g.origin_uid,
      shop_name: g.shop_name,
      shop_name_origin: g.shop_name_origin,
      sub_price: g.sub_price,
      delivery_fee: g.delivery_fee,
      remote_fee: g.remote_fee,
      lines: linesInViewOrder({ groups: [g], lines: r.lines }).map((l) => ({
        pid2: l.product_id,
        pid3: l.option_id,
        sid: l.sid,
        name: l.name,
        opt_name: l.opt_name,
        image: l.image,
        price: l.unit_price,
        qty: l.qty,
        canceled: canceledLine(l),
      })),
    })),
    remote: remoteOf(r),
    orderer: o.orderer_name ? { name: o.orderer_name, phone: o.orderer_phone ?? "" } : null,
    delivery: o.receiver_name
      ? {
          name: o.receiver_name,
          postcode: o.postcode ?? "",
          address: o.address ?? "",
          detail: o.address_detail ?? "",
          phone: o.receiver_phone ?? "",
          memo: o.memo ?? "",
        }
      : null,
    payment: r.payment,
    methods: terms.methods,
    online: onlineOf(r),
    payment_attempt: attemptOf(r),
    // One deposit deadline everywhere: the transfer's own once chosen, else the one it would get.
    deposit_deadline:
      r.payment?.deadline ?? (o.status === "WAITING_PAYMENT" && !r.payment ? terms.depositDeadline : null),
    amount_due: amountDue(o),
    paid_amount: o.paid_amount,
    points_used: o.points_used,
    points_earned: o.points_earned,
    claim: o.claim ? { type: o.claim, reason: o.claim_reason } : null,
    shipment:
      o.courier && o.tracking_no && o.shipped_at
        ? {
            courier: o.courier,
            courier_name: courierOf(o.courier)?.name ?? o.courier,
            tracking_no: o.tracking_no,
            tracking_url: trackingUrl(o.courier, o.tracking_no),
            shipped_at: o.shipped_at,
          }
        : null,
    delivered_at: o.delivered_at,
    done_at: o.done_at,
    returned:
      o.return_amount !== null
        ? {
            amount: o.return_amount,
            lines: r.returns.flatMap((x) => {
              const line = linesInViewOrder(r)[x.line_no];
              return line ? [{ name: line.name, opt_name: line.opt_name, qty: x.qty }] : [];
            }),
          }
        : null,
    refund:
      o.refund_account || o.refunded_at || owed > 0
        ? {
            bank: o.refund_bank,
            account: o.refund_account,
            holder: o.refund_holder,
            // What went back: what lines still owe is said apart (`owed`).
            amount: o.refund_amount === null ? null : o.refund_amount - owed,
            refunded_at: o.refunded_at,
            owed,
          }
        : null,
    events: r.events.map((e) => ({
      actor: e.actor,
      action: e.action,
      from: e.from_status,
      to: e.to_status,
      note: e.note,
      created_at: e.created_at,
    })),
    actions: facts ? allowedActions(facts, viewer) : [],
    // An order of more than one line; its last live line's 판매취소 is the whole order's.
    line_cancel: facts !== null && nextStatus(facts, "seller_cancel_line", viewer) !== null && ordered.length > 1,
    // A cancelled line's owed refund may be recorded (sent by hand, or through Toss) now (decision 179).
    line_refund: facts !== null && nextStatus(facts, "line_refund_done", viewer) !== null,
    table: o.table_id !== null ? { name: o.table_name ?? "", pay_later: o.pay_later === 1 } : null,
  };
}

/** What the buyer's pages say of the order's newest Toss window (decision 142), if anything. */
function attemptOf({ attempt: a }: OrderRecord): OrderView["payment_attempt"] {
  if (!a) return null;
  if (UNDER_WAY.includes(a.state)) return { state: "checking" };
  if (a.state === "canceled" && a.refunded > 0) return { state: "given_back", amount: a.refunded };
  // A window that came back refused is the address's to word (payment_error); one that reached
  // Toss's confirm and ended without a payment is said here, however the sheet was reached.
  if (a.state === "failed" && a.payment_key !== null) return { state: "failed", code: a.reason ?? "OTHER" };
  return null;
}

/** A payment through Toss as the pages show it: none before Toss confirmed one (an attempt only). */
function onlineOf({ online: p, cancels }: OrderRecord): OrderView["online"] {
  if (!p || !p.payment_key) return null;
  return {
    provider: p.provider,
    test: p.mode === "test",
    choice: p.choice,
    status: p.status,
    method: p.method,
    approved_at: p.approved_at,
    card_company: p.card_company,
    card_number: p.card_number,
    installment_months: p.installment_months,
    easy_pay: p.easy_pay,
    receipt_url: p.receipt_url,
    balance: p.balance_amount,
    escrow: p.escrow === 1,
    account: p.va_account
      ? { bank: p.va_bank ?? "", number: p.va_account, holder: p.va_holder ?? "", due: p.va_due }
      : null,
    cancels: cancels.map((c) => ({ amount: c.amount, reason: c.reason, canceled_at: c.canceled_at })),
    failure: p.failure_code ? { code: p.failure_code, message: p.failure_message ?? "" } : null,
  };
}
