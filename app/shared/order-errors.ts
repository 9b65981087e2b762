/**
 * The order and payment errors (spec §8 and decisions 046–048): every code, its Korean text, and
 * how the storefront shows it. The API writes these texts into its errors; the storefront shows its
 * own text for a code (an upstream's wording may differ); the cart's dialog (with scripts) and its
 * notice (without) render the same view. No dependencies beyond the catalogue: it ships to browsers.
 */
import { MAX_ORDER_UNITS, MAX_UNPAID_PER_OWNER } from "./limits";
import { koCart, koOrder } from "./messages/cart";
import { koSeller } from "./messages/seller";

/**
 * Errors of making an order sheet (make/my/order/v4), and of saving the cart before it.
 * APPROVE_ONLY's words depend on whether the shopper is a member: the page's loader gives them
 * (app/lib/membership-text.server.ts), so the membership catalogue stays out of the cart's scripts.
 */
export const ORDER_ERROR_TEXT = {
  CHECK_QTY_INFO: koOrder.checkQty,
  CHECK_SHOP_STATUS: koOrder.shopStatus,
  SELLER_NOT_READY: koSeller.notReady,
  AGE19: koOrder.age19,
  AUTH_ONLY: koOrder.authOnly,
  EMPTY_CART: koOrder.emptyOrder,
  NOTHING_PICKED: koOrder.nothingPicked,
  CART_CHANGED: koOrder.cartChanged,
  ORDER_TOO_LARGE: koOrder.tooLarge(MAX_ORDER_UNITS),
  TOO_MANY_ORDERS: koOrder.tooManyOrders,
  SAVE_FAILED: koCart.saveFailed,
  FAILED: koOrder.failed,
} as const;
export type OrderErrorCode = keyof typeof ORDER_ERROR_TEXT | "APPROVE_ONLY";

/** Errors of paying a sheet (pay/my/order). */
export const PAY_ERROR_TEXT = {
  BAD_REQUEST: koOrder.invalidField,
  PAYMENT_UNAVAILABLE: koOrder.paymentUnavailable,
  SELLER_NOT_READY: koSeller.notReady,
  ORDER_CLOSED: koOrder.closed,
  CHECK_QTY_INFO: koOrder.stockGone,
  TOO_MANY_UNPAID: koOrder.tooManyUnpaid(MAX_UNPAID_PER_OWNER),
  HOLD_TOO_LARGE: koOrder.holdTooLarge,
  AMOUNT_CHANGED: koOrder.amountChanged,
  FAILED: koOrder.failed,
} as const;
export type PayErrorCode = keyof typeof PAY_ERROR_TEXT;

/** Any other code is the generic failure of its kind. */
export function orderErrorCode(code: string): OrderErrorCode {
  return code in ORDER_ERROR_TEXT || code === "APPROVE_ONLY" ? (code as OrderErrorCode) : "FAILED";
}
export function payErrorCode(code: string): PayErrorCode {
  return code in PAY_ERROR_TEXT ? (code as PayErrorCode) : "FAILED";
}

/** Where an order error can lead, and the membership words for a member or a guest. */
export type OrderErrorLinks = {
  verify: string;
  join: string;
  joinText: { message: string; confirm: string; link: string };
};

/**
 * How one order error is shown: its text, and for the ones with a way forward the link (a notice
 * without scripts) or the question to confirm before going there (with scripts).
 */
export function orderErrorView(
  code: OrderErrorCode,
  links: OrderErrorLinks,
): { text: string; way?: { to: string; label: string; question: string } } {
  switch (code) {
    case "AGE19":
      return { text: koOrder.age19, way: { to: links.verify, label: koOrder.age19Link, question: koOrder.age19 } };
    case "AUTH_ONLY":
      return {
        text: koOrder.authOnly,
        way: { to: links.verify, label: koOrder.authOnlyLink, question: koOrder.authOnly },
      };
    case "APPROVE_ONLY":
      return {
        text: links.joinText.message,
        way: { to: links.join, label: links.joinText.link, question: links.joinText.confirm },
      };
    default:
      return { text: ORDER_ERROR_TEXT[code] };
  }
}
