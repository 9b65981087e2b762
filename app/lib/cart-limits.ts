/** Cart and order limits, shared by server and browser code (no dependencies: it ships to browsers). */

/** Most lines one cart holds, and most of one line. */
export const MAX_CART_LINES = 200;
export const MAX_LINE_QTY = 999;

/** Days a shopper has to make a bank transfer before the order is cancelled. */
export const BANK_DEADLINE_DAYS = 3;
