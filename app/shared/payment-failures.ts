import { koOrder } from "./messages/cart";
import { koCheckout } from "./messages/checkout";
import { koSmart } from "./messages/smart";

/**
 * Why Toss's window or its confirmation did not end in a payment, as a code the order sheet's
 * address carries (`payment_error`) and the sheet words: Toss's own failUrl codes, and the API's
 * refusals of a confirm (functions/payments/checkout.ts). Anything else is the generic failure:
 * the address is the shopper's to edit, so no text is ever taken from it.
 */
const TEXT: Record<string, string> = {
  PAY_PROCESS_CANCELED: koCheckout.failures.PAY_PROCESS_CANCELED,
  USER_CANCEL: koCheckout.failures.PAY_PROCESS_CANCELED,
  PAY_PROCESS_ABORTED: koCheckout.failures.PAY_PROCESS_ABORTED,
  REJECT_CARD_COMPANY: koCheckout.failures.REJECT_CARD_COMPANY,
  PAYMENT_REFUSED: koCheckout.failures.OTHER,
  PAYMENT_MISMATCH: koCheckout.failures.MISMATCH,
  PAYMENT_EXPIRED: koCheckout.failures.EXPIRED,
  PAYMENT_PENDING: koCheckout.failures.PENDING,
  PAYMENT_UNAVAILABLE: koCheckout.failures.CONFIG,
  CHECK_QTY_INFO: koCheckout.failures.STOCK_GONE,
  BAD_POINTS: koCheckout.failures.POINTS_SHORT,
  TOO_MANY_UNPAID: koCheckout.failures.UNPAID,
  HOLD_TOO_LARGE: koCheckout.failures.UNPAID,
  PAYMENT_CANCELED: koCheckout.failures.CLOSED_CANCELED,
  ORDER_CLOSED: koOrder.closed,
  TABLE_ORDERED: koSmart.errors.ordered,
};

export function paymentFailureCode(code: string): string {
  return code in TEXT ? code : "OTHER";
}

export function paymentFailureText(code: string): string {
  return TEXT[code] ?? koCheckout.failures.OTHER;
}
