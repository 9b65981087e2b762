import type { ShopInfo } from "~/shared/contracts";
import { koRequestErrors } from "~/shared/messages/shop/request-errors";
import { koOrder } from "~/shared/messages/cart";
import { koMembershipOrder } from "~/shared/messages/membership";
import { dedupe, type Owner } from "../db/cart";
import { batchFailure, type OrderRecord } from "../db/orders";
import { remoteOf, toOrderView, type PaymentTerms } from "../views/order";
import { remoteArea } from "~/shared/remote-areas";
import { sendOrderMail } from "../orders/mail";
import { mobileDigits } from "~/shared/phone";
import type { ShopBank } from "../db/shops";
import { shippingGroups } from "../views/cart";
import { BANK_DEADLINE_DAYS, ORDER_SHEET_TTL_MS } from "../orders/payments";
import { amountChanged, cardTermsOf, fail, openWindow, takesVirtualAccounts } from "../payments/checkout";
import { checkAgain, confirmReturn, requireRecorded } from "../payments/settle";
import { MAX_ORDER_UNITS } from "../orders/limits";
import { unmetRequirement, verificationFor } from "../orders/verification";
import { orderOwner } from "./order-lookup";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";
import { requireCartOwner, trackingOf } from "./cart";
import { ORDER_ERROR_TEXT, PAY_ERROR_TEXT, type OrderErrorCode } from "~/shared/order-errors";
import { PAY_CHOICES } from "~/shared/limits";
import { thirdPartyShops } from "~/shared/consents";
import { amountDue, orderPrices, pointsProblem, totalForArea } from "~/shared/money";

const DAY_MS = 24 * 60 * 60 * 1000;

/** An order error of the contract's enum, with its one text (app/shared/order-errors.ts). */
const orderFail = (status: number, code: keyof typeof ORDER_ERROR_TEXT) => () =>
  new ApiError(status, code, ORDER_ERROR_TEXT[code]);
const payFail = (status: number, code: keyof typeof PAY_ERROR_TEXT) => () =>
  new ApiError(status, code, PAY_ERROR_TEXT[code]);

/** The order errors of spec §8 and decisions 046–048, as API errors with the storefront's texts. */
const orderError = {
  empty: orderFail(400, "EMPTY_CART"),
  qty: orderFail(409, "CHECK_QTY_INFO"),
  shop: orderFail(409, "CHECK_SHOP_STATUS"),
  // The law's seller details are missing (decision 175): no order until the owner fills them.
  seller: orderFail(409, "SELLER_NOT_READY"),
  sellerPay: payFail(409, "SELLER_NOT_READY"),
  AGE19: orderFail(403, "AGE19"),
  AUTH_ONLY: orderFail(403, "AUTH_ONLY"),
  // Its words depend on membership: the member's version here, the page picks its own.
  APPROVE_ONLY: () => new ApiError(403, "APPROVE_ONLY" satisfies OrderErrorCode, koMembershipOrder.member),
  cartChanged: orderFail(409, "CART_CHANGED"),
  tooLarge: orderFail(409, "ORDER_TOO_LARGE"),
  rate: orderFail(429, "TOO_MANY_ORDERS"),
  notFound: () => new ApiError(404, "ORDER_NOT_FOUND", koRequestErrors.notFound),
  closed: payFail(409, "ORDER_CLOSED"),
  unavailable: payFail(409, "PAYMENT_UNAVAILABLE"),
  // Paying: the stock check that only the payment batch makes.
  stockGone: orderFail(409, "CHECK_QTY_INFO"),
  unpaid: payFail(429, "TOO_MANY_UNPAID"),
  hold: payFail(409, "HOLD_TOO_LARGE"),
};

/** Points the sheet cannot use, with the message next to the points field. */
const pointError = (message: string, status = 400) => new ApiError(status, "BAD_POINTS", message, "points");

/** Paid in full with points (/user/order_point): no transfer, and the state machine's pay_points done. */
const paidWithPoints = (r: OrderRecord) =>
  r.order.points_used > 0 && !r.payment && r.order.status !== "WAITING_PAYMENT";

/** How long a bank transfer may take: the shop may give guests less time than members. */
function depositDeadline(now: number, owner: Owner, bank: ShopBank): number {
  const full = now + BANK_DEADLINE_DAYS * DAY_MS;
  if (!owner.startsWith("d:") || bank.guestHours === null) return full;
  return Math.min(full, now + bank.guestHours * 60 * 60 * 1000);
}

/**
 * Every payment method and whether this shop can take it now, and the one deposit deadline a
 * bank transfer chosen now would have for this buyer (what the sheet shows).
 */
export async function paymentTerms(ctx: ApiContext, shopId: number, owner: Owner): Promise<PaymentTerms> {
  const [bank, cards] = await Promise.all([ctx.db.shops.bank(shopId), cardTermsOf(ctx, shopId)]);
  return {
    methods: PAY_CHOICES.map((method) => ({
      method,
      available: method === "bank" ? bank !== null : method === "vbank" ? takesVirtualAccounts(cards) : cards !== null,
    })),
    depositDeadline: bank ? depositDeadline(Date.now(), owner, bank) : null,
  };
}

export async function ownOrder(ctx: ApiContext, shop: ShopInfo, owner: Owner, id: number): Promise<OrderRecord> {
  const record = await ctx.db.orders.get(shop.shopid, owner, id);
  // Someone else's order, another shop's, or none: all the same 404.
  if (!record) throw orderError.notFound();
  return record;
}

/**
 * The one gate of the law's seller details (decision 175, app/shared/seller.ts `legalGaps`): the
 * order sheet, the payment (card window or transfer) and the table order all pass it, read from
 * the shop's row rather than the host's cached record.
 */
export async function requireSellerReady(ctx: ApiContext, shopId: number, refusal: () => ApiError): Promise<void> {
  const gaps = await ctx.db.shops.legalGaps(shopId);
  if (gaps === null || gaps.length > 0) throw refusal();
}

/** The same lines in the same quantities (order does not matter). */
function sameLines(a: { pid2: number; pid3: number; qty: number }[], b: typeof a): boolean {
  const key = (l: (typeof a)[number]) => `${l.pid2}:${l.pid3}:${l.qty}`;
  const set = new Set(a.map(key));
  return a.length === b.length && b.every((l) => set.has(key(l)));
}

export const orderHandlers = {
  async makeOrder({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const owner = await requireCartOwner(ctx);
    const orders = ctx.db.orders;
    const done = await orders.byKey(shop.shopid, owner, body.key);
    if (done !== null) return { order_id: done };
    await requireSellerReady(ctx, shop.shopid, orderError.seller);

    // The list names lines of the caller's cart; what is ordered is read from the cart and the
    // catalogue. A line no longer in the cart, or in another quantity, means the page is stale.
    // 바로구매 names one product page's line instead: read from the catalogue alone.
    const wanted = dedupe(body.list);
    const inCart = new Map(
      (body.direct ? await ctx.db.cart.resolve(shop.shopid, wanted) : await ctx.db.cart.lines(shop.shopid, owner)).map(
        (l) => [`${l.pid2}:${l.pid3}`, l],
      ),
    );
    const lines = wanted.flatMap((w) => inCart.get(`${w.pid2}:${w.pid3}`) ?? []);
    if (lines.length === 0) throw orderError.empty();
    if (shop.status !== "open" || lines.some((l) => l.shop_status !== "open" || l.origin_status !== "open")) {
      throw orderError.shop();
    }
    if (lines.some((l) => l.discontinued || l.qty > l.stock)) throw orderError.qty();
    if (lines.length !== wanted.length || lines.some((l, i) => l.qty !== wanted[i]!.qty)) {
      throw orderError.cartChanged();
    }
    if (lines.reduce((n, l) => n + l.qty, 0) > MAX_ORDER_UNITS) throw orderError.tooLarge();
    // Verified flags and membership are read only when some goods ask for them.
    let identityVerificationId: string | null = null;
    if (lines.some((l) => l.adult_only || l.auth_only || l.members_only)) {
      const status = await verificationFor(ctx.db.verification, owner, shop.shopid);
      const unmet = unmetRequirement(lines, status);
      if (unmet) throw orderError[unmet]();
      if (lines.some((l) => l.adult_only || l.auth_only)) identityVerificationId = status.guestVerificationId ?? null;
    }

    const now = Date.now();
    // Another tab, or a retry that lost its key, asking for the sheet already open: the same order.
    const open = await orders.openSheet(shop.shopid, owner, now);
    if (open && sameLines(open.lines, lines)) return { order_id: open.id };

    const shipping = shippingGroups(lines);
    const prices = orderPrices(shipping);
    const groups = shipping.map(({ first, subTotal, deliveryFee, parcels }) => ({
      uid: first.uid,
      origin_uid: first.origin_uid,
      shop_name: first.shop_name,
      shop_name_origin: first.shop_name_origin,
      sub_price: subTotal,
      delivery_fee: deliveryFee,
      parcels,
    }));
    const t = trackingOf(ctx, body);
    const order = {
      shopId: shop.shopid,
      owner,
      key: body.key,
      now,
      deadline: now + ORDER_SHEET_TTL_MS,
      lines,
      groups,
      itemsPrice: prices.itemsPrice,
      deliveryPrice: prices.deliveryPrice,
      npay: body.npay === true,
      direct: body.direct === true,
      fromMaster: body.from_master === true || body.from_master === 1,
      identityVerificationId,
      // Set by the Worker from the shopper's request; never taken from a body.
      ua: ctx.request.headers.get("user-agent")?.slice(0, 500) ?? null,
      ip: ctx.request.headers.get("cf-connecting-ip"),
      fbp: t.fbp,
      fbc: t.fbc,
    };
    for (let attempt = 0; ; attempt++) {
      try {
        return { order_id: await orders.create(order) };
      } catch (error) {
        const why = batchFailure(error);
        if (why === "cart") throw orderError.cartChanged();
        if (why === "rate") throw orderError.rate();
        if (why === "duplicate_key") {
          // The same form, posted again while the first was being written.
          const id = await orders.byKey(shop.shopid, owner, body.key);
          if (id !== null) return { order_id: id };
        }
        if (why === "duplicate_id" && attempt < 2) continue;
        throw error;
      }
    }
  },

  async orderData({ query }, ctx) {
    const shop = ctx.requireHostShop();
    return orderDataOf(
      shop,
      await ownOrder(ctx, shop, await orderOwner(ctx, shop.shopid, query.orderid), query.orderid),
    );
  },

  async myOrder({ query }, ctx) {
    const shop = ctx.requireHostShop();
    // The member's or the device's order, or one this browser looked up (비회원 주문조회).
    const owner = await orderOwner(ctx, shop.shopid, query.id);
    const record = await ownOrder(ctx, shop, owner, query.id);
    return toOrderView(record, await paymentTerms(ctx, shop.shopid, owner));
  },

  async payOrder({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const owner = await requireCartOwner(ctx);
    const record = await ownOrder(ctx, shop, owner, body.id);
    // A sheet made before the owner cleared a detail the law asks for is not paid either.
    if (record.order.status === "WAITING_PAYMENT" && !record.payment) {
      await requireSellerReady(ctx, shop.shopid, orderError.sellerPay);
    }
    const now = Date.now();
    const available = await paymentTerms(ctx, shop.shopid, owner);
    const view = () => ownOrder(ctx, shop, owner, body.id).then((r) => toOrderView(r, available));

    const choice = body.pay_method;
    // The same choice posted twice (double click, retry) is one payment.
    if (choice === "bank" && record.payment?.provider === "bank_transfer") {
      return { order: toOrderView(record, available), redirect_url: null, window: null };
    }
    if (paidWithPoints(record)) return { order: toOrderView(record, available), redirect_url: null, window: null };
    if (record.order.status !== "WAITING_PAYMENT" || record.payment || record.order.deadline <= now) {
      throw orderError.closed();
    }
    // A verification may lapse between the sheet and the payment: asked again here (decision 114).
    const needs = await ctx.db.identity.orderNeeds(shop.shopid, body.id);
    if (needs.adult_only || needs.auth_only) {
      const unmet = unmetRequirement([needs], await verificationFor(ctx.db.verification, owner, shop.shopid));
      if (unmet) throw orderError[unmet]();
    }
    // 주문 내용 확인 및 결제 동의 is the body schema's; the address goes to another shop only with
    // the buyer's word for it.
    const thirdParty = thirdPartyShops(toOrderView(record, available)).length > 0;
    if (thirdParty && !body.agree_third_party) {
      throw new ApiError(400, "BAD_REQUEST", koOrder.agreeThirdPartyError, "agree_third_party");
    }
    // Points: a member of the shop, in the shop's unit, at most the total (the balance is the
    // payment batch's to check, so concurrent spends cannot overdraw).
    const points = body.points;
    const uid = owner.startsWith("m:") ? Number(owner.slice(2)) : null;
    // The receiver's 제주/도서산간 extra replaces whatever an earlier address put on the sheet; the
    // batch sums it again from the stored groups and pays only at the total the page showed.
    const area = remoteArea(body.postcode);
    const total = totalForArea({ total_price: record.order.total_price, remote: remoteOf(record) }, area);
    if (body.shown_total !== null && body.shown_total !== undefined && body.shown_total !== total) {
      throw amountChanged();
    }
    const shownTotal = body.shown_total ?? null;
    // [선택] 알림톡 (decision 131): the number the buyer agreed to, or none; before either path pays.
    await ctx.db.notify.setConsent(
      shop.shopid,
      body.id,
      body.agree_notify ? mobileDigits(body.orderer_phone) : null,
      now,
    );
    if (points > 0) {
      if (uid === null) throw pointError(koOrder.points.membersOnly);
      if (!shop.point) throw pointError(koOrder.points.off);
      const problem = pointsProblem(points, { unit: shop.point_unit, total });
      if (problem === "unit") throw pointError(koOrder.points.unit(shop.point_unit));
      if (problem === "over_total") throw pointError(koOrder.points.overTotal);
      if (problem) throw pointError(koOrder.points.invalid);
    }
    const rest = amountDue({ total_price: total, points_used: points });
    if (rest > 0 && choice !== "bank") {
      // Card, wallet or virtual account: nothing is placed until Toss confirms (confirmPayment).
      const email = body.email || null;
      const window = await openWindow(ctx, shop, owner, record, {
        choice,
        points,
        escrow: body.escrow,
        email,
        transferDeadline: available.depositDeadline,
        details: { ...body, email, thirdPartyAgreed: thirdParty },
        area,
        shownTotal,
      });
      return { order: await view(), redirect_url: null, window };
    }

    const bank = rest > 0 ? await ctx.db.shops.bank(shop.shopid) : null;
    if (rest > 0 && !bank) throw orderError.unavailable();
    try {
      await ctx.db.orders.pay(shop.shopid, owner, body.id, now, {
        ...body,
        depositor: body.depositor || body.orderer_name,
        email: body.email || null,
        bank,
        deadline: bank ? depositDeadline(now, owner, bank) : record.order.deadline,
        ip: record.order.ip,
        points,
        uid,
        thirdPartyAgreed: thirdParty,
        area,
        shownTotal,
      });
    } catch (error) {
      const why = batchFailure(error);
      if (why === "amount") throw amountChanged();
      if (why === "stock") throw orderError.stockGone();
      if (why === "unpaid") throw orderError.unpaid();
      if (why === "hold") throw orderError.hold();
      if (why === "points") throw pointError(koOrder.points.short, 409);
      if (why !== "state") throw error;
      // Another request got there first: the same choice is fine, anything else is closed.
      const again = await ownOrder(ctx, shop, owner, body.id);
      if (again.payment?.method === "bank" || paidWithPoints(again)) {
        return { order: toOrderView(again, available), redirect_url: null, window: null };
      }
      throw orderError.closed();
    }
    const placed = await ownOrder(ctx, shop, owner, body.id);
    // The bank, account, amount and the one deadline, to the buyer; the new order, to the owner.
    await sendOrderMail(ctx.db, "placed", placed, shop, ctx.log);
    ctx.later(ctx.db.notifier(ctx.log).order("placed", placed, shop));
    return { order: toOrderView(placed, available), redirect_url: null, window: null };
  },

  async confirmPayment({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const owner = await requireCartOwner(ctx);
    const record = await ownOrder(ctx, shop, owner, body.id);
    // Recorded (the buyer's receipt, the owner's new order sent on the way), or why not.
    requireRecorded(await confirmReturn(ctx, shop, owner, record, body));
    const placed = await ownOrder(ctx, shop, owner, body.id);
    return { order: toOrderView(placed, await paymentTerms(ctx, shop.shopid, owner)) };
  },

  async checkPayment({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const owner = await requireCartOwner(ctx);
    await checkAgain(ctx, shop, await ownOrder(ctx, shop, owner, body.id));
    const now = await ownOrder(ctx, shop, owner, body.id);
    return { order: toOrderView(now, await paymentTerms(ctx, shop.shopid, owner)) };
  },

  async failPayment({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const owner = await requireCartOwner(ctx);
    await fail(ctx, shop, await ownOrder(ctx, shop, owner, body.id), body);
    return { ok: true };
  },
} satisfies Handlers;

/** spec §3 "Order data read" (order_data/by_order_id/v2): also what a server purchase event is built from. */
export function orderDataOf(shop: ShopInfo, { order, groups }: OrderRecord) {
  return {
    delivery: groups.reduce((n, g) => n + g.delivery_fee, 0),
    // The 제주/도서산간 extra charged to the receiver's postcode (decision 110).
    delivery2: groups.reduce((n, g) => n + g.remote_fee, 0),
    total_price: order.total_price,
    pay_method: order.pay_method,
    ua: order.ua,
    ip: order.ip,
    fbp: order.fbp,
    fbc: order.fbc,
    shopid: order.shop_id,
    g_tagid: shop.g_tagid,
    agency_gtag_id: shop.agency_gtag_id,
  };
}
