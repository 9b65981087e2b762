import { liveRoom } from "../live/publisher";
import { ADMIN_PAGE_SIZE, type OrderListItem } from "~/shared/contracts/orders";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { amountDue, lineCancelRefund, returnRefund } from "~/shared/money";
import { claimOf, nextStatus, refundsOnline, transitionOf, type Actor, type OrderAction } from "~/shared/order-machine";
import { saleCancelNote } from "~/shared/sale-cancel";
import { countsByList, LIST_STATUSES, MY_ORDERS_PAGE_SIZE } from "~/shared/order-lists";
import type { Owner } from "../db/cart";
import { batchFailure, type OrderRecord } from "../db/orders";
import type { TransitionRequest } from "../db/order-transitions";
import { cancelAtToss, cancelPlanOf } from "../payments/refunds";
import { actionsOf, linesInViewOrder, liveLines, orderFacts, toOrderView } from "../views/order";
import { cartOwner } from "./cart";
import { orderOwner } from "./order-lookup";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";
import { paymentTerms } from "./orders";
import { sendOrderMail, type OrderMailKind } from "../orders/mail";
import type { ShopInfo } from "~/shared/contracts";
import { formatKRW } from "~/shared/format";

const t = koLifecycle;
/** How many times a buyer may give (or change) the refund account of one order. */
const MAX_REFUND_ACCOUNT_CHANGES = 5;
const refused = () => new ApiError(409, "ORDER_ACTION_REFUSED", t.errors.refused);
const raced = () => new ApiError(409, "ORDER_CHANGED", t.errors.raced);
const notFound = () => new ApiError(404, "ORDER_NOT_FOUND", t.errors.notFound);
const missing = (field: string, message: string) => new ApiError(400, "BAD_REQUEST", message, field);

type ActInput = {
  action: OrderAction;
  note: string;
  shipment?: { courier: string; trackingNo: string };
  refundAccount?: { bank: string; account: string; holder: string };
  /** A return's quantity per line, in the order's line order; empty: everything comes back. */
  returnQty?: number[];
  /**
   * A line's 판매취소 (decision 176), or its owed refund (decision 179): the line's place in the
   * order's line order.
   */
  line?: number;
};

/** Actions that take goods back: the owner chooses which lines, and how many of each (decision 104). */
const TAKES_BACK: readonly OrderAction[] = ["accept_refund", "refund_after_done"];

/**
 * The lines a return covers and the money it sends back (the money module's `returnRefund`):
 * before 구매확정 the points go back as points (`release_points`); after it they were spent.
 */
function returnOf(record: OrderRecord, action: OrderAction, qty: number[] | undefined): TransitionRequest["returned"] {
  const lines = linesInViewOrder(record);
  // A line the shop cancelled before shipping (decision 176) was never sent: nothing of it comes back.
  const canceled = new Set(record.lineCancels.map((c) => c.line_no));
  const sent = lines.map((l, i) => (canceled.has(i) ? 0 : l.qty));
  const wanted = qty && qty.length > 0 ? qty : sent;
  if (wanted.length !== lines.length || wanted.some((q, i) => q < 0 || q > sent[i]!) || wanted.every((q) => q === 0)) {
    throw new ApiError(400, "BAD_REQUEST", t.errors.returnLines, "return_qty");
  }
  const o = record.order;
  const amount = returnRefund(
    o,
    lines.map((l, i) => ({ price: l.unit_price, qty: sent[i]!, returned: wanted[i]! })),
    { pointsBack: action === "accept_refund", paidLeft: paidLeft(record) },
  );
  return {
    amount,
    lines: lines
      .map((l, i) => ({ lineNo: i, optionId: l.option_id, qty: wanted[i]!, unitPrice: l.unit_price }))
      .filter((l) => l.qty > 0),
  };
}

/** A line as the timeline and the mail name it: the product, and its option when it has one. */
export const itemName = (l: { name: string; opt_name: string }) => (l.opt_name ? `${l.name} (${l.opt_name})` : l.name);

/** The money still held for the order: what was paid less what went back, and what Toss still holds. */
function paidLeft(record: OrderRecord): number {
  const o = record.order;
  const left = o.paid_amount - (o.refund_amount ?? 0);
  return record.online?.payment_key ? Math.min(left, record.online.balance_amount ?? 0) : left;
}

/**
 * The line a 판매취소 of one line names (decision 176), checked: one of the order's, not cancelled
 * before, its money covered by what is left (points stay with the goods left).
 */
function lineCancelOf(record: OrderRecord, lineNo: number | undefined) {
  const lines = linesInViewOrder(record);
  const line = lineNo === undefined ? undefined : lines[lineNo];
  if (lineNo === undefined || !line) throw new ApiError(400, "BAD_REQUEST", t.errors.lineUnknown, "line");
  const canceled = new Set(record.lineCancels.map((c) => c.line_no));
  // Cancelled by itself before, or with the whole order (by the shop): a replayed form changes nothing.
  if (canceled.has(lineNo) || record.order.cancel_reason === "shop") {
    throw new ApiError(409, "LINE_CANCELED", t.errors.lineCanceledAlready);
  }
  return { line, lineNo, last: liveLines(record).length === 1 };
}

/**
 * The cancelled line whose owed refund is recorded (decision 179), checked: cancelled by itself,
 * its money not gone back yet (a replayed form is said so, and changes nothing).
 */
function lineOwedOf(record: OrderRecord, lineNo: number | undefined) {
  const line = lineNo === undefined ? undefined : linesInViewOrder(record)[lineNo];
  const canceled = record.lineCancels.find((c) => c.line_no === lineNo);
  if (lineNo === undefined || !line || !canceled) {
    throw new ApiError(400, "BAD_REQUEST", t.errors.lineRefundUnknown, "line");
  }
  if (canceled.refunded_at !== null) throw new ApiError(409, "LINE_REFUNDED", t.errors.lineRefundedAlready);
  return { line, lineNo, canceled };
}

/**
 * Moves one order by one action of the state machine, for `actor`, and answers with the order as
 * it is afterwards. What the action needs is checked here; whether it is allowed now, by the
 * machine; the write is conditional on the status read (decision 054). The same action posted
 * twice (a double click, a replayed form) finds it done and changes nothing.
 */
/** The mail each action sends the buyer once it is done. */
const MAIL_AFTER: Partial<Record<OrderAction, OrderMailKind>> = {
  confirm_payment: "paid",
  seller_cancel: "sale_canceled",
  seller_cancel_line: "sale_canceled",
  ship: "shipped",
  refund_done: "refunded",
  line_refund_done: "refunded",
};

/**
 * The same action by the same side was the order's last step: a replay or the other of two
 * presses at once, done. A 판매취소 counts as done whatever followed it (the refund it led to).
 */
function doneAlready(record: OrderRecord, action: OrderAction, actor: Actor): boolean {
  // Each line is its own 판매취소 and refund: a line done already is said so (lineCancelOf, lineOwedOf).
  if (action === "seller_cancel_line" || action === "line_refund_done") return false;
  const last = record.events.at(-1);
  if (last && last.action === action && last.actor === actor) return true;
  return action === "seller_cancel" && record.events.some((e) => e.action === action && e.actor === actor);
}

async function act(
  ctx: ApiContext,
  shop: ShopInfo,
  read: () => Promise<OrderRecord | null>,
  actor: Actor,
  actorUid: number | null,
  input: ActInput,
): Promise<OrderRecord> {
  const record = await read();
  if (!record) throw notFound();
  const facts = orderFacts(record);
  // A line is looked at only for the side that may cancel one (the buyer is refused as for any action).
  const cancelLine =
    input.action === "seller_cancel_line" && transitionOf(input.action).by.includes(actor)
      ? lineCancelOf(record, input.line)
      : null;
  // The last live line: the whole order's 판매취소, its stock, points and refund (decision 176).
  if (cancelLine?.last) return act(ctx, shop, read, actor, actorUid, { action: "seller_cancel", note: input.note });
  const owedLine =
    input.action === "line_refund_done" && transitionOf(input.action).by.includes(actor)
      ? lineOwedOf(record, input.line)
      : null;
  const to = facts ? nextStatus(facts, input.action, actor) : null;
  if (!facts || !to) {
    if (doneAlready(record, input.action, actor)) return record;
    // An order paid with points alone: no money to give back for the line, the whole order goes.
    if (cancelLine && facts && nextStatus(facts, "seller_cancel", actor)) {
      throw new ApiError(409, "LINE_POINTS", t.errors.linePoints);
    }
    // A line's owed refund goes to the buyer's account: none given yet.
    if (owedLine) throw new ApiError(409, "REFUND_ACCOUNT_MISSING", t.errors.lineRefundAccount);
    throw refused();
  }
  // The one action that keeps the status writes a timeline row each time: the same account again
  // changes nothing, and an account changes a few times at most (how often a door may be used).
  const account = input.refundAccount;
  if (input.action === "refund_account" && account) {
    const o = record.order;
    if (o.refund_bank === account.bank && o.refund_account === account.account && o.refund_holder === account.holder) {
      return record;
    }
    const changes = record.events.filter((e) => e.action === "refund_account").length;
    if (changes >= MAX_REFUND_ACCOUNT_CHANGES) throw new ApiError(429, "TOO_MANY_CHANGES", t.errors.tooManyChanges);
  }
  const needs = transitionOf(input.action).needs;
  if ((needs.includes("reason") || needs.includes("note")) && !input.note) {
    throw missing(needs.includes("reason") ? "reason" : "note", t.fieldErrors.reason);
  }
  if (needs.includes("shipment") && !input.shipment) throw missing("tracking_no", t.fieldErrors.shipment);
  if (needs.includes("refund_account") && !input.refundAccount) {
    throw missing("refund_account", t.fieldErrors.refundAccountMissing);
  }
  const returned = TAKES_BACK.includes(input.action) ? returnOf(record, input.action, input.returnQty) : undefined;
  let canceledLine: TransitionRequest["canceledLine"];
  if (cancelLine) {
    const { line, lineNo } = cancelLine;
    const lines = linesInViewOrder(record);
    const canceled = new Set(record.lineCancels.map((c) => c.line_no));
    const amount = lineCancelRefund(
      record.order,
      lines.map((l, i) => ({ price: l.unit_price, qty: l.qty, canceled: canceled.has(i) })),
      lineNo,
      paidLeft(record),
    );
    if (amount === null) throw new ApiError(409, "LINE_POINTS", t.errors.linePoints);
    canceledLine = {
      lineNo,
      optionId: line.option_id,
      qty: line.qty,
      unitPrice: line.unit_price,
      reason: input.note,
      amount,
      canceledBefore: record.lineCancels.length,
    };
  }
  // Money back through Toss first: only its answer is recorded, so a refusal changes nothing here.
  // A line's owed refund asks Toss with the line's own reason, so a retry asks the same (one key).
  const plan = owedLine
    ? cancelPlanOf(record, facts, input.action, owedLine.canceled.reason, owedLine.canceled.amount)
    : cancelPlanOf(record, facts, input.action, input.note, canceledLine?.amount);
  // Only Toss's refund is the system's to make (after the buyer gave the account): a transfer's
  // money is sent by the owner, who says so.
  if (owedLine && actor === "system" && !plan) throw refused();
  const online = plan ? await cancelAtToss(ctx, record, plan) : undefined;
  // The line's money is what Toss gave back for it.
  if (canceledLine && online) canceledLine.amount = online.refunded;
  try {
    await ctx.db.orders.transition({
      orderId: record.order.id,
      shopId: record.order.shop_id,
      action: input.action,
      actor,
      actorUid,
      from: facts.status,
      to,
      now: Date.now(),
      // The timeline names the line a 판매취소 of one line cancelled, or whose refund went back.
      note:
        (canceledLine
          ? `${itemName(cancelLine!.line)}: ${input.note}`
          : owedLine
            ? `${itemName(owedLine.line)}: ${formatKRW(owedLine.canceled.amount)}`
            : input.note) || null,
      claim: claimOf(input.action),
      shipment: input.shipment,
      refundAccount: input.refundAccount,
      returned,
      canceledLine,
      refundedLine: owedLine ? { lineNo: owedLine.lineNo } : undefined,
      online,
    });
  } catch (error) {
    // Toss gave money back but the order did not take it: the next press finds the same key's
    // cancel at Toss (its answer replayed) and records it.
    if (online) ctx.log.error("toss cancelled but the order's batch failed", error, { order: record.order.id });
    if (batchFailure(error) !== "state") throw error;
    // Someone else moved the order first: the same action by the same side is fine.
    const again = await read();
    if (again && doneAlready(again, input.action, actor)) return again;
    if (cancelLine && again?.lineCancels.some((c) => c.line_no === cancelLine.lineNo)) {
      throw new ApiError(409, "LINE_CANCELED", t.errors.lineCanceledAlready);
    }
    if (owedLine && again?.lineCancels.some((c) => c.line_no === owedLine.lineNo && c.refunded_at !== null)) {
      throw new ApiError(409, "LINE_REFUNDED", t.errors.lineRefundedAlready);
    }
    throw raced();
  }
  const after = await read();
  if (!after) throw notFound();
  // The buyer's open pages (order page, account summary) follow the change without a reload.
  const o = after.order;
  const rooms = [liveRoom.of(o.shop_id, o.owner as Owner)];
  // A table order: the phones at the table and the kitchen board follow it too.
  if (o.visit_id) rooms.push(liveRoom.table(o.shop_id, o.visit_id), liveRoom.inbox(o.shop_id));
  await ctx.live.publish(rooms, { type: "order", id: o.id, status: o.status });
  // A cancel Toss refunded at once tells the buyer where the money went, as 환불완료 does.
  const mail = MAIL_AFTER[input.action] ?? (online && online.refunded > 0 ? "refunded" : undefined);
  if (mail) await sendOrderMail(ctx.db, mail, after, shop, ctx.log);
  if (mail) ctx.later(ctx.db.notifier(ctx.log).order(mail, after, shop));
  // 판매취소 is written before any money moves (decision 126): only the press that cancelled goes
  // on to the refund through Toss, as 환불완료.
  const next = orderFacts(after);
  if (input.action === "seller_cancel" && next && refundsOnline(next) && nextStatus(next, "refund_done", actor)) {
    try {
      return await act(ctx, shop, read, actor, actorUid, { action: "refund_done", note: "" });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The cancel stands: the order waits in 환불대기, the receipt keeps Toss's refusal and the
      // console offers 환불완료 again, which asks Toss the same (the same key).
      ctx.log.info("sale cancel's refund not done yet", { code: error.code, order: o.id });
      return (await read()) ?? after;
    }
  }
  // The account a virtual account's owed line refunds wait for (decision 179): Toss gives them
  // back to it now, line by line. One Toss refuses stays owed, for the owner to press again.
  if (input.action === "refund_account" && next && refundsOnline(next) && next.lineRefundOwed) {
    let now = after;
    for (const owed of now.lineCancels.filter((c) => c.refunded_at === null)) {
      try {
        now = await act(ctx, shop, read, "system", null, { action: "line_refund_done", note: "", line: owed.line_no });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        ctx.log.info("owed line refund not made at toss yet", { code: error.code, order: o.id });
      }
    }
    return now;
  }
  return after;
}

export const lifecycleHandlers = {
  /** The buyer's orders on this shop (member, or the guest's device), one of spec §2's lists. */
  async myOrders({ query }, ctx) {
    const shop = ctx.requireHostShop();
    const owner = await cartOwner(ctx);
    if (!owner) return { items: [], page: query.page, pages: 1 };
    const { items, total } = await ctx.db.orders.listForBuyer(shop.shopid, owner, {
      statuses: query.list === "all" ? null : LIST_STATUSES[query.list],
      needsAccount: query.list === "refundable_cash",
      page: query.page,
      size: MY_ORDERS_PAGE_SIZE,
    });
    return {
      items: items.map((o) => ({
        id: o.id,
        status: o.status,
        pay_method: o.pay_method,
        refund_after_done: o.refund_after_done === 1,
        total_price: o.total_price,
        points_used: o.points_used,
        amount_due: amountDue(o),
        created_at: o.created_at,
        first_item: o.first_item,
        first_image: o.first_image,
        item_count: o.item_count,
        next_action: actionsOf(o, o.has_payment > 0 || o.pay_later === 1, "buyer")[0] ?? null,
        smart: o.table_id !== null,
      })),
      page: query.page,
      pages: Math.max(1, Math.ceil(total / MY_ORDERS_PAGE_SIZE)),
    };
  },

  /** How many of the buyer's orders each list holds, in one query (spec's get/order/summary). */
  async orderSummary(_input, ctx) {
    const shop = ctx.requireHostShop();
    const owner = await cartOwner(ctx).catch(() => null);
    return countsByList(owner ? await ctx.db.orders.countsForBuyer(shop.shopid, owner) : []);
  },

  /** The buyer's own order (member, or the guest's device), one action at a time. */
  async orderAction({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const owner: Owner = await orderOwner(ctx, shop.shopid, body.id);
    const member = await ctx.member();
    const account =
      body.refund_bank && body.refund_account && body.refund_holder
        ? { bank: body.refund_bank, account: body.refund_account, holder: body.refund_holder }
        : undefined;
    const record = await act(
      ctx,
      shop,
      () => ctx.db.orders.get(shop.shopid, owner, body.id),
      "buyer",
      member?.uid ?? null,
      {
        action: body.action,
        note: body.reason,
        refundAccount: account,
      },
    );
    return toOrderView(record, await paymentTerms(ctx, shop.shopid, owner), "buyer");
  },

  async adminOrders({ query }, ctx) {
    const { shop } = await ctx.requireOwner();
    const { items, total, counts } = await ctx.db.orders.listForShop(shop.shopid, {
      status: query.status,
      q: query.q,
      page: query.page,
      size: ADMIN_PAGE_SIZE,
    });
    return {
      items: items.map(({ online_choice, online_test, ...i }) => ({
        ...i,
        refund_after_done: i.refund_after_done === 1,
        online_choice: online_choice as OrderListItem["online_choice"],
        test_payment: online_test === 1,
      })),
      page: query.page,
      pages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
      counts,
    };
  },

  async adminOrder({ query }, ctx) {
    const { shop, actor } = await ctx.requireOwner();
    const record = await ctx.db.orders.getForShop(shop.shopid, query.id);
    // Another shop's order is no order of this console.
    if (!record) throw notFound();
    return toOrderView(record, await paymentTerms(ctx, shop.shopid, record.order.owner as Owner), actor);
  },

  async adminOrderAction({ body }, ctx) {
    const { shop, member, actor } = await ctx.requireOwner();
    const shipment =
      body.courier && body.tracking_no ? { courier: body.courier, trackingNo: body.tracking_no } : undefined;
    // 판매취소: the buyer and Toss read the reason's label with the owner's words (decision 126).
    const sale = body.action === "seller_cancel" || body.action === "seller_cancel_line";
    const note = sale && body.sale_reason ? saleCancelNote(body.sale_reason, body.note) : body.note;
    const record = await act(ctx, shop, () => ctx.db.orders.getForShop(shop.shopid, body.id), actor, member.uid, {
      action: body.action,
      note,
      shipment,
      returnQty: body.return_qty,
      line: body.line,
    });
    return toOrderView(record, await paymentTerms(ctx, shop.shopid, record.order.owner as Owner), actor);
  },
} satisfies Handlers;
