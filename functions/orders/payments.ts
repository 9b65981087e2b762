/**
 * Bank transfer needs no provider: the shop's account is shown and the order waits for the deposit
 * until its deadline. Cards, wallets and virtual accounts go through Toss Payments, on the shop's
 * own contract (decision 102) or the platform's (decision 178; functions/payments/checkout.ts):
 * nothing is marked paid without Toss confirming it.
 */
export { BANK_DEADLINE_DAYS } from "~/shared/contracts/cart";
/** An order sheet left without a payment choice is closed after this (it holds no stock: decision 046). */
export const ORDER_SHEET_TTL_MS = 60 * 60 * 1000;
