/**
 * Smart order (issue 13, decision 066): the diners' calls, reached only through the table cookie
 * of this shop's host, and the owner's tables and kitchen board. A table order goes through the
 * same guards as any order (stock, keys, limits) and the same state machine.
 */
import { TABLE_COOKIE, type KitchenOrder, type ShopInfo } from "~/shared/contracts";
import { readCookie } from "~/shared/cookies";
import { MAX_UNPAID_PER_OWNER } from "~/shared/limits";
import { koCart, koOrder } from "~/shared/messages/cart";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { koSmart } from "~/shared/messages/smart";
import { koSeller } from "~/shared/messages/seller";
import { isOrderStatus } from "~/shared/order-status";
import { isTableCardChoice, type TableCardChoice } from "~/shared/forms/smart";
import type { OrderRecord } from "../db/orders";
import { cardTermsOf, fail, openWindow } from "../payments/checkout";
import { checkAgain, confirmReturn, requireRecorded } from "../payments/settle";
import { UNDER_WAY } from "../db/payment-attempts";
import { allowedActions } from "~/shared/order-machine";
import { extrasKey, lineLabel, type TableLineRow } from "../db/table-orders";
import { batchFailure, newOrderId } from "../db/orders";
import { isToken, type VisitRow } from "../db/tables";
import { liveRoom } from "../live/publisher";
import { requireCartOwner } from "./cart";
import { requireSellerReady } from "./orders";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";

const t = koSmart;
/** A transfer for a table order waits this long for the deposit (the meal, not the shop's days). */
const TABLE_DEPOSIT_MS = 60 * 60 * 1000;
/** An empty cart this soon after the table's last order: another phone just ordered it. */
const JUST_ORDERED_MS = 2 * 60 * 1000;
/** Finished orders stay on the kitchen board this long. */
const BOARD_KEEP_MS = 30 * 60 * 1000;

const sessionMissing = () => new ApiError(404, "TABLE_SESSION", t.sessionMissing);

/** The meal this phone's table cookie names, on this host's shop. */
export async function requireVisit(ctx: ApiContext, shop: ShopInfo): Promise<VisitRow> {
  const id = readCookie(ctx.request.headers.get("cookie"), TABLE_COOKIE);
  const visit = isToken(id) ? await ctx.db.tables.visit(shop.shopid, id, Date.now()) : null;
  if (!visit) throw sessionMissing();
  return visit;
}

/** Why a line of the table's cart cannot be ordered now, if it cannot. */
function problemOf(l: TableLineRow, all: TableLineRow[]): string | null {
  if (l.unavailable) return koCart.errorSoldOut;
  // Lines of one option (the same dish with other add-ons) share its stock.
  const wanted = all.filter((o) => o.option_id === l.option_id).reduce((n, o) => n + o.qty, 0);
  return wanted > l.stock ? koCart.errorQty(l.stock) : null;
}

function cartView(lines: TableLineRow[]) {
  return {
    lines: lines.map((l) => ({
      id: l.id,
      sid: l.sid,
      title: l.title,
      image: l.image,
      label: lineLabel(l),
      unit_price: l.unit_price,
      qty: l.qty,
      problem: problemOf(l, lines),
    })),
    count: lines.reduce((n, l) => n + l.qty, 0),
    total: lines.reduce((n, l) => n + l.unit_price * l.qty, 0),
  };
}

/**
 * The other phones at this table reload their bar and order check (decision 132). Only this meal's
 * room hears it, and it says only that the cart changed; sent after the answer, so the diner's own
 * tap never waits for the room.
 */
function cartChanged(ctx: ApiContext, shopId: number, visitId: string): void {
  ctx.later(ctx.live.publish([liveRoom.table(shopId, visitId)], { type: "table_cart" }));
}

function payOf(o: { pay_later: number; pay_method: string | null }): "counter" | "bank" | "points" | "card" {
  if (o.pay_later) return "counter";
  if (o.pay_method === "bank") return "bank";
  return o.pay_method === null ? "points" : "card";
}

const orderNotFound = () => new ApiError(404, "ORDER_NOT_FOUND", koLifecycle.errors.notFound);

/** An order this phone made at this meal: another table's, another phone's or none read the same. */
async function ownTableOrder(ctx: ApiContext, shop: ShopInfo, visit: VisitRow, id: number): Promise<OrderRecord> {
  const owner = await requireCartOwner(ctx);
  const record = await ctx.db.orders.get(shop.shopid, owner, id);
  if (!record || record.order.visit_id !== visit.id) throw orderNotFound();
  return record;
}

/**
 * 선결제 (decision 105): the attempt for Toss's window, recorded on the unpaid table order by the
 * card flow's own `openWindow`. A table has no address or phone to give: the window names the table.
 */
async function tableWindow(
  ctx: ApiContext,
  shop: ShopInfo,
  visit: VisitRow,
  record: OrderRecord,
  choice: TableCardChoice,
) {
  const owner = await requireCartOwner(ctx);
  return openWindow(ctx, shop, owner, record, {
    choice,
    points: 0,
    escrow: false,
    email: null,
    transferDeadline: null,
    details: {
      orderer_name: t.table(visit.table_name),
      orderer_phone: "",
      receiver_name: "",
      postcode: "",
      address: "",
      detail: "",
      receiver_phone: "",
      memo: record.order.memo ?? "",
      email: null,
      thirdPartyAgreed: false,
    },
  });
}

/** A table order still waiting for its card payment: nothing placed yet. */
const unpaidAttempt = (r: OrderRecord) =>
  r.order.status === "WAITING_PAYMENT" && r.order.pay_method === null && r.order.pay_later === 0 && !r.payment;

async function tablesOf(ctx: ApiContext, shopId: number) {
  const tables = await ctx.db.tables.list(shopId, Date.now());
  return { tables: tables.map((x) => ({ id: x.id, name: x.name, hash: x.hash, in_use: x.open_visit !== null })) };
}

export const smartHandlers = {
  async tableOpen({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const visit = isToken(body.hash) ? await ctx.db.tables.open(shop.shopid, body.hash, Date.now()) : null;
    if (!visit) throw new ApiError(404, "TABLE_NOT_FOUND", t.tableNotFound);
    return { visit: visit.id, name: visit.table_name, expires_at: visit.expires_at };
  },

  async tableSession(_input, ctx) {
    const shop = ctx.requireHostShop();
    const visit = await requireVisit(ctx, shop);
    const member = await ctx.member();
    const [lines, bank, membership, payFirst, orders] = await Promise.all([
      ctx.db.tableOrders.lines(shop.shopid, visit.id),
      ctx.db.shops.bank(shop.shopid),
      member ? ctx.db.shopMembers.get(shop.shopid, member.uid, Date.now()) : null,
      ctx.db.tables.payFirst(shop.shopid),
      ctx.db.tableOrders.visitOrders(shop.shopid, visit.id),
    ]);
    const cart = cartView(lines);
    const last = orders.at(-1);
    return {
      name: visit.table_name,
      expires_at: visit.expires_at,
      count: cart.count,
      total: cart.total,
      bank: bank !== null,
      points: membership && membership.id !== null ? membership.point : null,
      pay_first: payFirst,
      last: last ? { id: last.id, count: last.item_count, total: last.total_price } : null,
    };
  },

  async tableMenu(_input, ctx) {
    const shop = ctx.requireHostShop();
    await requireVisit(ctx, shop);
    const { categories, items } = await ctx.db.tableOrders.menu(shop.shopid);
    return {
      categories,
      items: items.map((i) => ({
        sid: i.sid,
        title: i.title,
        price: i.price,
        image: i.image,
        summary: i.summary,
        category_id: i.category_id,
        sold_out: i.sold_out === 1 || i.stock <= 0,
        customizable: i.option_count > 0 || i.extra_count > 0,
      })),
    };
  },

  async tableItem({ query }, ctx) {
    const shop = ctx.requireHostShop();
    await requireVisit(ctx, shop);
    const found = await ctx.db.tableOrders.item(shop.shopid, query.sid);
    if (!found) throw new ApiError(404, "ITEM_NOT_FOUND", t.errors.itemGone);
    const { item, options, extras } = found;
    return {
      item: {
        sid: item.sid,
        title: item.title,
        price: item.price,
        image: item.image,
        summary: item.summary,
        category_id: item.category_id,
        sold_out: item.sold_out === 1 || item.stock <= 0,
        customizable: item.option_count > 0 || item.extra_count > 0,
        option_label: item.option_label ?? t.optionDefault,
      },
      options: options
        .filter((o) => !o.default_option)
        .map((o) => ({ id: o.id, name: o.name, extra_price: o.extra_price, sold_out: o.stock <= 0 })),
      extras: extras.map((e) => ({ id: e.id, name: e.name, price: e.price, sold_out: e.sold_out === 1 })),
    };
  },

  async tableCart(_input, ctx) {
    const shop = ctx.requireHostShop();
    const visit = await requireVisit(ctx, shop);
    return cartView(await ctx.db.tableOrders.lines(shop.shopid, visit.id));
  },

  async tableAdd({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const visit = await requireVisit(ctx, shop);
    const found = await ctx.db.tableOrders.item(shop.shopid, body.sid);
    if (!found) throw new ApiError(404, "ITEM_NOT_FOUND", t.errors.itemGone, "sid");
    const { item, options, extras } = found;
    if (item.sold_out || item.stock <= 0) throw new ApiError(409, "CHECK_QTY_INFO", t.errors.soldOut);
    // The option is one of this item's: its only (default) one, or the one chosen among several.
    const choices = options.filter((o) => !o.default_option);
    const option = choices.length === 0 ? options[0] : choices.find((o) => o.id === body.option);
    if (!option) throw new ApiError(400, "BAD_REQUEST", t.errors.choose, "option");
    if (option.stock < body.qty) throw new ApiError(409, "CHECK_QTY_INFO", koCart.errorQty(option.stock), "qty");
    const chosen = body.extras.map((id) => extras.find((e) => e.id === id));
    if (chosen.some((e) => !e || e.sold_out)) throw new ApiError(400, "BAD_REQUEST", t.errors.extra, "extras");
    const added = await ctx.db.tableOrders.add(
      visit.id,
      { productId: item.id, optionId: option.id, extras: extrasKey(body.extras), qty: body.qty },
      Date.now(),
    );
    if (!added) throw new ApiError(409, "TABLE_CART_FULL", t.errors.cartFull);
    cartChanged(ctx, shop.shopid, visit.id);
    return cartView(await ctx.db.tableOrders.lines(shop.shopid, visit.id));
  },

  async tableQty({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const visit = await requireVisit(ctx, shop);
    await ctx.db.tableOrders.setQty(visit.id, body.line, body.qty);
    cartChanged(ctx, shop.shopid, visit.id);
    return cartView(await ctx.db.tableOrders.lines(shop.shopid, visit.id));
  },

  async tableOrder({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const visit = await requireVisit(ctx, shop);
    const owner = await requireCartOwner(ctx);
    const member = await ctx.member();
    // 선결제 takes only a card or a wallet, 후불 none of them (the mode may change under an open page).
    const payFirst = await ctx.db.tables.payFirst(shop.shopid);
    const card = isTableCardChoice(body.pay) ? body.pay : null;
    if (payFirst && !card) throw new ApiError(400, "BAD_REQUEST", t.errors.payFirstOnly, "pay");
    if (!payFirst && card) throw new ApiError(400, "BAD_REQUEST", t.errors.payFirstOff, "pay");
    if (card && !(await cardTermsOf(ctx, shop.shopid))) {
      throw new ApiError(409, "PAYMENT_UNAVAILABLE", t.errors.payFirstUnavailable);
    }
    // The same form again (a double tap, a retry): the order it made, or its window again while unpaid.
    const again = await ctx.db.orders.byKey(shop.shopid, owner, body.key);
    if (again) {
      const made = card ? await ctx.db.orders.get(shop.shopid, owner, again) : null;
      if (card && made && unpaidAttempt(made))
        return { id: again, window: await tableWindow(ctx, shop, visit, made, card) };
      return { id: again, window: null };
    }
    if (shop.status !== "open") throw new ApiError(409, "CHECK_SHOP_STATUS", koOrder.shopStatus);
    await requireSellerReady(ctx, shop.shopid, () => new ApiError(409, "SELLER_NOT_READY", koSeller.notReady));
    const lines = await ctx.db.tableOrders.lines(shop.shopid, visit.id);
    if (lines.length === 0) {
      // Another phone at the table ordered the cart a moment ago: say so, not just 'empty'.
      const last = (await ctx.db.tableOrders.visitOrders(shop.shopid, visit.id)).at(-1);
      if (last && last.created_at > Date.now() - JUST_ORDERED_MS) {
        throw new ApiError(409, "TABLE_ORDERED", t.errors.ordered);
      }
      throw new ApiError(409, "EMPTY_CART", t.errors.empty);
    }
    if (lines.some((l) => problemOf(l, lines))) throw new ApiError(409, "CHECK_QTY_INFO", koCart.checkStock);
    let bank = null;
    if (body.pay === "bank") {
      const account = await ctx.db.shops.bank(shop.shopid);
      if (!account) throw new ApiError(400, "PAYMENT_UNAVAILABLE", t.errors.noBank, "pay");
      const { name, account: number, holder } = account;
      bank = { name, account: number, holder, depositor: body.depositor, deadline: Date.now() + TABLE_DEPOSIT_MS };
    }
    if (body.pay === "points" && !member) throw new ApiError(400, "LOGIN_REQUIRED", t.errors.pointsLogin, "pay");
    const id = newOrderId();
    try {
      await ctx.db.tableOrders.place({
        id,
        shopId: shop.shopid,
        shopUid: shop.uid,
        shopName: shop.name,
        owner,
        key: body.key,
        visitId: visit.id,
        tableId: visit.table_id,
        tableName: visit.table_name,
        lines,
        memo: body.memo,
        pay: body.pay,
        bank,
        uid: member?.uid ?? null,
        now: Date.now(),
        ip: ctx.request.headers.get("cf-connecting-ip"),
        ua: ctx.request.headers.get("user-agent")?.slice(0, 300) ?? null,
      });
    } catch (error) {
      const why = batchFailure(error);
      if (why === "duplicate_key") {
        const made = await ctx.db.orders.byKey(shop.shopid, owner, body.key);
        const record = made && card ? await ctx.db.orders.get(shop.shopid, owner, made) : null;
        if (made && card && record && unpaidAttempt(record)) {
          return { id: made, window: await tableWindow(ctx, shop, visit, record, card) };
        }
        if (made) return { id: made, window: null };
      }
      if (why === "cart") throw new ApiError(409, "TABLE_ORDERED", t.errors.ordered);
      if (why === "state") throw sessionMissing();
      if (why === "stock") throw new ApiError(409, "CHECK_QTY_INFO", koCart.checkStock);
      if (why === "points") throw new ApiError(400, "POINTS_SHORT", t.errors.points, "pay");
      if (why === "rate") throw new ApiError(429, "TOO_MANY_ORDERS", koOrder.tooManyOrders);
      if (why === "unpaid") throw new ApiError(429, "TOO_MANY_UNPAID", koOrder.tooManyUnpaid(MAX_UNPAID_PER_OWNER));
      throw error;
    }
    if (card) {
      // Nothing reaches the kitchen until Toss confirms (tableConfirm publishes then).
      const record = await ctx.db.orders.get(shop.shopid, owner, id);
      if (!record) throw orderNotFound();
      return { id, window: await tableWindow(ctx, shop, visit, record, card) };
    }
    const order = await ctx.db.orders.getForShop(shop.shopid, id);
    const event = { type: "order" as const, id, status: order?.order.status ?? "WAITING_PAYMENT" };
    // The kitchen board and the other phones at the table follow at once.
    await ctx.live.publish([liveRoom.inbox(shop.shopid), liveRoom.table(shop.shopid, visit.id)], event);
    return { id, window: null };
  },

  /**
   * 선결제: the window's success, confirmed and recorded as the card flow's (functions/payments/
   * settle.ts, decision 142: the attempt, shop, buyer and amount against D1, the stock reserved,
   * Toss's approval, then the one order path). Only when it is recorded does the kitchen hear of
   * the order (settle.ts announces it); a repeat changes nothing.
   */
  async tableConfirm({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const visit = await requireVisit(ctx, shop);
    const record = await ownTableOrder(ctx, shop, visit, body.id);
    const owner = await requireCartOwner(ctx);
    requireRecorded(await confirmReturn(ctx, shop, owner, record, body));
    return { id: body.id };
  },

  /** 선결제: the window refused or was closed; the refusal is kept for the owner, nothing placed. */
  async tableFail({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const visit = await requireVisit(ctx, shop);
    await fail(ctx, shop, await ownTableOrder(ctx, shop, visit, body.id), body);
    return { ok: true };
  },

  async tableOrders({ query }, ctx) {
    const shop = ctx.requireHostShop();
    const visit = await requireVisit(ctx, shop);
    const orders = await ctx.db.tableOrders.visitOrders(shop.shopid, visit.id);
    let order = null;
    if (query.id !== undefined) {
      // Only an order of this meal: another table's id reads as none. A card order whose payment
      // is still being checked (decision 142) is not placed yet, but it is this phone's to follow.
      let record = await ctx.db.orders.getForShop(shop.shopid, query.id);
      const underWay = record?.attempt ? UNDER_WAY.includes(record.attempt.state) : false;
      const listed = orders.some((o) => o.id === query.id);
      if (!record || record.order.visit_id !== visit.id || !(listed || underWay)) {
        throw new ApiError(404, "ORDER_NOT_FOUND", koLifecycle.errors.notFound);
      }
      // A payment Toss has not answered yet: asked again, as the order sheet does (decision 142).
      if (await checkAgain(ctx, shop, record))
        record = (await ctx.db.orders.getForShop(shop.shopid, query.id)) ?? record;
      const o = record.order;
      const p = record.payment;
      order = {
        id: o.id,
        status: o.status,
        total_price: o.total_price,
        memo: o.memo ?? "",
        pay: payOf(o),
        created_at: o.created_at,
        lines: record.lines.map((l) => ({ name: l.name, opt_name: l.opt_name, unit_price: l.unit_price, qty: l.qty })),
        bank:
          p && p.status === "pending" && p.bank_name && p.bank_account && p.bank_holder
            ? { name: p.bank_name, account: p.bank_account, holder: p.bank_holder, amount: p.amount }
            : null,
        checking: record.attempt !== null && UNDER_WAY.includes(record.attempt.state),
      };
    }
    return { orders, order };
  },

  async adminTables(_input, ctx) {
    const { shop } = await ctx.requireOwner();
    const [tables, payFirst, cards] = await Promise.all([
      tablesOf(ctx, shop.shopid),
      ctx.db.tables.payFirst(shop.shopid),
      cardTermsOf(ctx, shop.shopid),
    ]);
    return { ...tables, pay_first: payFirst, cards: cards !== null };
  },

  async adminTablePay({ body }, ctx) {
    const { shop } = await ctx.requireOwner();
    const first = body.mode === "first";
    // A table pays first through the shop's own Toss contract: none, no 선결제.
    if (first && !(await cardTermsOf(ctx, shop.shopid))) {
      throw new ApiError(409, "PAYMENT_UNAVAILABLE", t.admin.payFirstNeedsKeys, "mode");
    }
    await ctx.db.tables.setPayFirst(shop.shopid, first);
    return { pay_first: first };
  },

  async adminTableAdd({ body }, ctx) {
    const { shop } = await ctx.requireOwner();
    const added = await ctx.db.tables.add(shop.shopid, body.name, Date.now());
    if (!added) throw new ApiError(409, "TABLE_NAME_TAKEN", t.admin.nameTaken, "name");
    return tablesOf(ctx, shop.shopid);
  },

  async adminTableAct({ body }, ctx) {
    const { shop } = await ctx.requireOwner();
    const now = Date.now();
    if (body.act === "end") await ctx.db.tables.end(shop.shopid, body.id, now);
    else if (!(await ctx.db.tables.retire(shop.shopid, body.id, now, body.act === "renew"))) {
      throw new ApiError(404, "TABLE_NOT_FOUND", t.admin.tableGone);
    }
    return tablesOf(ctx, shop.shopid);
  },

  async adminKitchen(_input, ctx) {
    const { shop, actor } = await ctx.requireOwner();
    const rows = await ctx.db.tableOrders.kitchen(shop.shopid, Date.now() - BOARD_KEEP_MS);
    const orders: KitchenOrder[] = rows.map((o) => ({
      id: o.id,
      status: o.status,
      table_name: o.table_name ?? "",
      memo: o.memo ?? "",
      total_price: o.total_price,
      pay: payOf(o),
      created_at: o.created_at,
      status_at: o.status_at,
      lines: JSON.parse(o.lines) as KitchenOrder["lines"],
      actions: isOrderStatus(o.status)
        ? allowedActions(
            {
              status: o.status,
              paymentChosen: true,
              paidAmount: o.paid_amount,
              claim: null,
              claimFrom: null,
              refundAccount: false,
              smartOrder: true,
              payLater: o.pay_later === 1,
              // Which actions show does not depend on Toss; where a cancel leads does, and the
              // move itself reads the order's payment (api/order-life.ts).
              paidOnline: false,
              onlineAccount: false,
            },
            actor,
          )
        : [],
    }));
    return { orders };
  },
} satisfies Handlers;
