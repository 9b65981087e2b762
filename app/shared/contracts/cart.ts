/**
 * Cart and order calls of spec §7 (issue 4), gathered into `api` by index.ts.
 *
 * What a browser may send is only ever a choice (which product, which option, how many). Prices,
 * totals, names, shop uids and owners in a request are accepted for compatibility with the spec's
 * payloads but never read: the server recomputes them from the catalogue.
 */
import { z } from "zod";
import { endpoint, id } from "./core";

import { MAX_CART_LINES, MAX_LINE_QTY, PAY_CHOICES, PAY_METHODS, PROVIDER_CHOICES } from "../limits";
import { normaliseQty } from "../cart-form";
import { orderFields } from "../forms/order";
import { ORDER_ACTIONS } from "../order-machine";

export { BANK_DEADLINE_DAYS, MAX_CART_LINES, MAX_LINE_QTY } from "../limits";

/** A quantity as spec §5 and app/shared/cart-form.ts say: anything but 1 to the line maximum becomes 1. */
export const cartQty = z.unknown().transform((v) => normaliseQty(v, MAX_LINE_QTY));

const ignored = z.unknown().optional();
const tracking = z.string().trim().max(200).optional();

/** One line as a browser names it: pid2 (the product row this shop sells) and pid3 (its option). */
export const LineIn = z
  .object({
    pid2: id,
    pid3: id,
    qty: cartQty.default(1),
    // Sent by the spec's clients, never trusted:
    sid: ignored,
    newitem: ignored,
    uid: ignored,
    origin_uid: ignored,
    sort: ignored,
    default_option: ignored,
    price: ignored,
  })
  // What the server works with: the choice alone.
  .transform(({ pid2, pid3, qty }) => ({ pid2, pid3, qty }));
export type LineIn = z.output<typeof LineIn>;

const lineList = z.array(LineIn).max(MAX_CART_LINES);
const lineKey = z.object({ pid2: id, pid3: id });

/** A cart line in the spec's guest/local form (§3), rebuilt from the catalogue. */
export const CartLine = z.object({
  sid: z.string(),
  pid2: z.number().int(),
  pid3: z.number().int(),
  qty: z.number().int(),
  newitem: z.boolean(),
  uid: z.number().int(),
  origin_uid: z.number().int(),
  sort: z.number(),
  default_option: z.boolean(),
  shop_name: z.string(),
  shop_name_origin: z.string(),
  dom: z.string(),
  name: z.string(),
  opt_name: z.string(),
  price: z.number().int(),
  image: z.string().nullable(),
});
export type CartLine = z.infer<typeof CartLine>;

export const CartItemError = z.enum(["qty", "sold_out"]);

/** What a line needs before it can be ordered: adult or identity verification, this shop's membership. */
export const LINE_REQUIREMENTS = ["adult", "auth", "members"] as const;
export type LineRequirement = (typeof LINE_REQUIREMENTS)[number];

/** A cart item (§3): price is the unit price; error says why it cannot be ordered as it is. */
export const CartItem = z.object({
  pid2: z.number().int(),
  pid3: z.number().int(),
  sid: z.string(),
  uid: z.number().int(),
  origin_uid: z.number().int(),
  name: z.string(),
  opt_name: z.string(),
  image: z.string().nullable(),
  price: z.number().int(),
  /** The unit list price when it is higher than the price (what the shopper saves). */
  list_price: z.number().int().nullable(),
  qty: z.number().int(),
  /** Verification or membership the order will ask for, marked on the line before 주문하기. */
  requires: z.array(z.enum(LINE_REQUIREMENTS)),
  available_qty: z.number().int(),
  default_option: z.boolean(),
  error: CartItemError.nullable(),
  error_data: z.object({ available_qty: z.number().int() }).nullable(),
});
export type CartItem = z.infer<typeof CartItem>;

/** A cart group (§3): one per shipping shop; a pick's key is origin_uid × uid. */
export const CartGroup = z.object({
  key: z.string(),
  uid: z.number().int(),
  origin_uid: z.number().int(),
  shop_name: z.string(),
  shop_name_origin: z.string(),
  dom: z.string(),
  /** Home of the shop that ships the group (the shop button). */
  url: z.string(),
  data: z.array(CartItem),
  sub_total: z.number().int(),
  my_delivery_fee: z.number().int(),
  total: z.number().int(),
  free_delivery_threshold: z.number().int(),
});
export type CartGroup = z.infer<typeof CartGroup>;

export const Cart = z.object({
  groups: z.array(CartGroup),
  count: z.number().int(),
  sub_total: z.number().int(),
  delivery_fee: z.number().int(),
  total: z.number().int(),
  has_error: z.boolean(),
  /** A wallet (간편결제) provider is configured: the quick-order button shows only then. */
  quick_order: z.boolean(),
});
export type Cart = z.infer<typeof Cart>;

const feeGroup = z.object({
  uid: ignored,
  from_uid: ignored,
  data: z.array(z.object({ pid2: id, pid3: id.optional(), qty: cartQty.default(1), default_option: ignored })),
});

export const FeeResult = z.object({
  uid: z.number().int(),
  from_uid: z.number().int(),
  sub_price: z.number().int(),
  delivery_fee: z.number().int(),
});
export type FeeResult = z.infer<typeof FeeResult>;

export const PayMethod = z.enum(PAY_METHODS);
export type PayMethod = z.infer<typeof PayMethod>;
/** What the order sheet offers (app/shared/limits.ts PAY_CHOICES). */
export const PayChoice = z.enum(PAY_CHOICES);
export const ProviderChoice = z.enum(PROVIDER_CHOICES);

/**
 * A payment Toss confirmed (issue 35): what the receipt, the order's page and the console show.
 * `test`: made with the shop's test keys, so no money moved.
 */
export const OnlinePayment = z.object({
  provider: z.literal("toss"),
  test: z.boolean(),
  choice: ProviderChoice,
  /** Toss's status: DONE, WAITING_FOR_DEPOSIT, CANCELED, PARTIAL_CANCELED … (READY: not confirmed). */
  status: z.string(),
  method: z.string().nullable(),
  approved_at: z.string().nullable(),
  card_company: z.string().nullable(),
  card_number: z.string().nullable(),
  installment_months: z.number().int().nullable(),
  easy_pay: z.string().nullable(),
  receipt_url: z.string().nullable(),
  /** What is left of it after cancels. */
  balance: z.number().int().nullable(),
  escrow: z.boolean(),
  account: z
    .object({ bank: z.string(), number: z.string(), holder: z.string(), due: z.string().nullable() })
    .nullable(),
  cancels: z.array(z.object({ amount: z.number().int(), reason: z.string(), canceled_at: z.string() })),
  /** The owner sees why Toss last refused (a window declined, a cancel refused). */
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type OnlinePayment = z.infer<typeof OnlinePayment>;

/**
 * What the order sheet's script opens Toss's payment window with (requestPayment of the SDK's
 * standard window). The page adds its own success and fail addresses: the host the shopper is on.
 */
export const PaymentWindow = z.object({
  sdk_url: z.string(),
  client_key: z.string(),
  customer_key: z.string(),
  method: z.enum(["CARD", "VIRTUAL_ACCOUNT"]),
  easy_pay: z.enum(["KAKAOPAY", "NAVERPAY", "TOSSPAY"]).nullable(),
  order_id: z.string(),
  order_name: z.string(),
  amount: z.number().int(),
  customer_name: z.string(),
  customer_email: z.string().nullable(),
  customer_mobile_phone: z.string().nullable(),
  /** A virtual account: hours until it closes, and whether escrow was asked for. */
  valid_hours: z.number().int().nullable(),
  use_escrow: z.boolean(),
  test: z.boolean(),
});
export type PaymentWindow = z.infer<typeof PaymentWindow>;

export const OrderLine = z.object({
  pid2: z.number().int(),
  pid3: z.number().int(),
  sid: z.string(),
  name: z.string(),
  opt_name: z.string(),
  image: z.string().nullable(),
  price: z.number().int(),
  qty: z.number().int(),
  /**
   * The shop cancelled this line (decision 176): why, and its money, given back or still owed to
   * the buyer (`owed`: a transfer's, sent by hand later, decision 179).
   */
  canceled: z
    .object({ reason: z.string(), amount: z.number().int(), owed: z.boolean().default(false) })
    .nullable()
    .default(null),
});

export const OrderView = z.object({
  id: z.number().int(),
  shopid: z.number().int(),
  status: z.string(),
  refund_after_done: z.boolean(),
  items_price: z.number().int(),
  delivery_price: z.number().int(),
  total_price: z.number().int(),
  npay: z.boolean(),
  pay_method: PayMethod.nullable(),
  created_at: z.number(),
  /** When an unpaid order is cancelled and its stock returned (ms since epoch). */
  deadline: z.number(),
  /** Why a cancelled order was cancelled: 'deadline', 'sheet_expired', 'replaced' (a newer sheet). */
  cancel_reason: z.string().nullable(),
  groups: z.array(
    z.object({
      uid: z.number().int(),
      origin_uid: z.number().int(),
      shop_name: z.string(),
      shop_name_origin: z.string(),
      sub_price: z.number().int(),
      delivery_fee: z.number().int(),
      /** The 제주/도서산간 extra this group pays (decision 110), outside delivery_fee. */
      remote_fee: z.number().int().default(0),
      lines: z.array(OrderLine),
    }),
  ),
  /**
   * The 제주/도서산간 extra (decision 110): the area charged and its fee (in delivery_price and
   * total_price), and what each area would add to this order (`quote`: the sheet shows it live as
   * the postcode changes; the server charges the same, from the receiver's postcode).
   */
  remote: z
    .object({
      area: z.enum(["jeju", "island"]).nullable(),
      fee: z.number().int(),
      quote: z.object({ jeju: z.number().int(), island: z.number().int() }),
    })
    .default({ area: null, fee: 0, quote: { jeju: 0, island: 0 } }),
  orderer: z.object({ name: z.string(), phone: z.string() }).nullable(),
  delivery: z
    .object({
      name: z.string(),
      postcode: z.string(),
      address: z.string(),
      detail: z.string(),
      phone: z.string(),
      memo: z.string(),
    })
    .nullable(),
  payment: z
    .object({
      method: PayMethod,
      provider: z.string(),
      status: z.enum(["pending", "paid", "canceled", "failed"]),
      amount: z.number().int(),
      depositor: z.string().nullable(),
      bank_name: z.string().nullable(),
      bank_account: z.string().nullable(),
      bank_holder: z.string().nullable(),
      deadline: z.number().nullable(),
    })
    .nullable(),
  /** Every payment choice of the sheet and whether this shop can take it now. */
  methods: z.array(z.object({ method: PayChoice, available: z.boolean() })),
  /** Paid (or being paid) through Toss; null otherwise. */
  online: OnlinePayment.nullable().default(null),
  /**
   * What the sheet says of its newest Toss payment window (decision 142): `checking` while Toss's
   * answer is not known (no new window opens), `given_back` when Toss took money the order could
   * not take and it was cancelled, `failed` when a confirmed window ended without a payment.
   */
  payment_attempt: z
    .discriminatedUnion("state", [
      z.object({ state: z.literal("checking") }),
      z.object({ state: z.literal("given_back"), amount: z.number().int() }),
      z.object({ state: z.literal("failed"), code: z.string() }),
    ])
    .nullable()
    .default(null),
  // The order's life after the sheet (issue 9). Defaults keep an upstream without them readable.
  /** When a bank transfer must arrive: the chosen transfer's, or the one choosing it now would get. */
  deposit_deadline: z.number().nullable().default(null),
  /** Points the buyer used on this order, and the points it earned at confirmation. */
  points_used: z.number().int().default(0),
  points_earned: z.number().int().default(0),
  /**
   * What the buyer pays after points (결제할 금액: total_price − points_used, app/shared/money.ts):
   * what the sheet's button, a transfer and a provider's charge all show.
   */
  amount_due: z.number().int(),
  /** What was received (a confirmed deposit); what a refund sends back. */
  paid_amount: z.number().int().default(0),
  claim: z
    .object({ type: z.enum(["cancel", "refund", "change"]), reason: z.string().nullable() })
    .nullable()
    .default(null),
  shipment: z
    .object({
      courier: z.string(),
      courier_name: z.string(),
      tracking_no: z.string(),
      tracking_url: z.string().nullable(),
      shipped_at: z.number(),
    })
    .nullable()
    .default(null),
  delivered_at: z.number().nullable().default(null),
  done_at: z.number().nullable().default(null),
  /**
   * A return the owner accepted (decision 104): the lines that come back, how many of each, and
   * the money it sends back (app/shared/money.ts `returnRefund`).
   */
  returned: z
    .object({
      amount: z.number().int(),
      lines: z.array(z.object({ name: z.string(), opt_name: z.string(), qty: z.number().int() })),
    })
    .nullable()
    .default(null),
  refund: z
    .object({
      bank: z.string().nullable(),
      account: z.string().nullable(),
      holder: z.string().nullable(),
      amount: z.number().int().nullable(),
      refunded_at: z.number().nullable(),
      /** Money owed still for lines the shop cancelled (decision 179), not in `amount`. */
      owed: z.number().int().default(0),
    })
    .nullable()
    .default(null),
  /** The timeline, oldest first. */
  events: z
    .array(
      z.object({
        actor: z.enum(["buyer", "owner", "admin", "system"]),
        action: z.string(),
        from: z.string(),
        to: z.string(),
        note: z.string().nullable(),
        created_at: z.number(),
      }),
    )
    .default([]),
  /** What the caller may do with the order now (app/shared/order-machine.ts). */
  actions: z.array(z.enum(ORDER_ACTIONS)).default([]),
  /** The owner may cancel a line of it now (판매취소 of one line, decision 176): one form per live line. */
  line_cancel: z.boolean().default(false),
  /** The owner may record a cancelled line's owed refund now (decision 179): a form on each such line. */
  line_refund: z.boolean().default(false),
  /** A table order of a restaurant (smart order): its table, and whether it pays at the counter. */
  table: z.object({ name: z.string(), pay_later: z.boolean() }).nullable().default(null),
});
export type OrderView = z.infer<typeof OrderView>;

/** What Toss's window sends back to its successUrl, as the order sheet and a table pass it on. */
export const PaymentReturnBody = z.object({
  id,
  payment_key: z.string().trim().min(1).max(200),
  order_id: z.string().trim().min(6).max(64),
  amount: z.coerce.number().int().min(0).max(1_000_000_000),
});
/** What Toss's window sends back to its failUrl. */
export const PaymentFailBody = z.object({
  id,
  order_id: z.string().trim().max(64).default(""),
  code: z.string().trim().max(60).default(""),
  message: z.string().trim().max(300).default(""),
});

/** 결제하기: the order sheet's fields, with the rules of app/shared/forms/order.ts. */
export const PayOrderBody = z.object({ id, pay_method: PayChoice, ...orderFields });

export const cartApi = {
  addCart: endpoint({
    method: "POST",
    path: "/api/myshp/add/cart/v3",
    query: z.object({}),
    body: z.object({ list: lineList.min(1), fbc: tracking, fbp: tracking }),
    response: z.object({ count: z.number().int(), added: z.number().int() }),
  }),
  addCartLocal: endpoint({
    method: "POST",
    path: "/api/myshp/add/cart/v3/local",
    query: z.object({}),
    body: z.object({ list: lineList, ex_data: lineList.default([]) }),
    response: z.object({ list: z.array(CartLine) }),
  }),
  memberCart: endpoint({
    method: "GET",
    path: "/api/myshp/load/member_cart/v3",
    query: z.object({}),
    response: Cart,
  }),
  loadMcart: endpoint({
    method: "POST",
    path: "/api/myshp/load/mcart/v3",
    query: z.object({}),
    body: z.object({ list: lineList }),
    response: Cart,
  }),
  /** The caller's own server cart: the member's when logged in, else the device's. */
  myCart: endpoint({
    method: "GET",
    path: "/api/myshp/load/my_cart",
    query: z.object({}),
    response: Cart,
  }),
  cartCount: endpoint({
    method: "GET",
    path: "/api/myshp/get/cart/count",
    query: z.object({}),
    response: z.object({ count: z.number().int() }),
  }),
  cartCookie: endpoint({
    method: "GET",
    path: "/api/myshp/load/cart_cookie/v3",
    query: z.object({ shopid: id.optional() }),
    response: z.object({ fbp: z.string().nullable(), fbc: z.string().nullable() }),
  }),
  /**
   * Saves the cart view: the quantities of lines already in the caller's cart, and the lines
   * removed. It never adds a line (that is add/cart/v3), so a stale page cannot bring back
   * lines that were ordered meanwhile.
   */
  syncMcart: endpoint({
    method: "POST",
    path: "/api/myshp/sync/mcart/v4",
    query: z.object({ uuid_value: z.string().max(64).optional() }),
    body: z
      .union([
        lineList,
        z.object({ list: lineList.default([]), remove: z.array(lineKey).max(MAX_CART_LINES).default([]) }),
      ])
      .transform((b) => (Array.isArray(b) ? { list: b, remove: [] } : b)),
    response: Cart,
  }),
  uuidSyncSave: endpoint({
    method: "POST",
    path: "/api/myshp/uuid/sync_save",
    query: z.object({}),
    body: z.object({
      value: z.string().max(65_536),
      uuid: z.string().max(64),
      type: z.string().trim().min(1).max(32),
      fbc: tracking,
      fbp: tracking,
    }),
    response: z.object({ ok: z.literal(true) }),
  }),
  uuidSyncLoad: endpoint({
    method: "POST",
    path: "/api/myshp/uuid/sync_load",
    query: z.object({}),
    body: z.object({ uuid: z.string().max(64), type: z.string().trim().min(1).max(32) }),
    response: z.object({ value: z.string().nullable(), fbp: z.string().nullable(), fbc: z.string().nullable() }),
  }),
  deliveryFee: endpoint({
    method: "POST",
    path: "/api/myshp/get/delivery_fee/v3",
    query: z.object({}),
    body: z.array(feeGroup).max(MAX_CART_LINES),
    response: z.array(FeeResult),
  }),
  makeOrder: endpoint({
    method: "POST",
    path: "/api/myshp/make/my/order/v4",
    query: z.object({}),
    body: z.object({
      list: lineList.min(1),
      /** One-time key of the order form: the same key twice is the same order. */
      key: z.string().trim().min(8).max(64),
      uuid_value: z.string().max(64).optional(),
      fbp: tracking,
      fbc: tracking,
      from_master: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
      npay: z.boolean().optional(),
      /** 바로구매: the lines come from the product page, not the cart (which stays as it is). */
      direct: z.boolean().optional(),
      // Sent by older clients, never read: the Worker takes them from the shopper's request.
      ua: ignored,
      ip: ignored,
    }),
    response: z.object({ order_id: z.number().int() }),
  }),
  orderData: endpoint({
    method: "GET",
    path: "/api/myshp/get/order_data/by_order_id/v2",
    query: z.object({ orderid: id }),
    response: z.object({
      delivery: z.number().int(),
      delivery2: z.number().int(),
      total_price: z.number().int(),
      pay_method: PayMethod.nullable(),
      ua: z.string().nullable(),
      ip: z.string().nullable(),
      fbp: z.string().nullable(),
      fbc: z.string().nullable(),
      shopid: z.number().int(),
      g_tagid: z.string().nullable(),
      agency_gtag_id: z.string().nullable(),
    }),
  }),
  myOrder: endpoint({
    method: "GET",
    path: "/api/myshp/get/my/order",
    query: z.object({ id }),
    response: OrderView,
  }),
  payOrder: endpoint({
    method: "POST",
    path: "/api/myshp/pay/my/order",
    query: z.object({}),
    body: PayOrderBody,
    /**
     * redirect_url: unused (kept for older clients, always null). window: a card, wallet or
     * virtual account was chosen and its attempt recorded: the page opens Toss's window with it.
     */
    response: z.object({
      order: OrderView,
      redirect_url: z.string().nullable(),
      window: PaymentWindow.nullable().default(null),
    }),
  }),
  /**
   * Toss's window approved (its successUrl): the API checks the shop, the order and the amount
   * against D1, confirms with Toss and places the order in one batch. Repeating it changes nothing.
   */
  confirmPayment: endpoint({
    method: "POST",
    path: "/api/myshp/pay/toss/confirm",
    query: z.object({}),
    body: PaymentReturnBody,
    response: z.object({ order: OrderView }),
  }),
  /**
   * The sheet asks again what became of a payment being confirmed (decision 142): the reconciler
   * finishes it if Toss now says, at most once every few seconds per payment.
   */
  checkPayment: endpoint({
    method: "POST",
    path: "/api/myshp/pay/toss/check",
    query: z.object({}),
    body: z.object({ id }),
    response: z.object({ order: OrderView }),
  }),
  /** Toss's window refused or closed (its failUrl): the refusal is kept; the sheet stays open. */
  failPayment: endpoint({
    method: "POST",
    path: "/api/myshp/pay/toss/fail",
    query: z.object({}),
    body: PaymentFailBody,
    response: z.object({ ok: z.boolean() }),
  }),
} as const;
