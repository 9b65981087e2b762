/**
 * The messages sent outside the browser (알림톡, a text message when that fails; decision 131):
 * five to the buyer (the last, a payment given back, decision 142), two to the shop's owner. Each
 * can be switched off by the shop.
 */
export const NOTIFY_KINDS = [
  "account",
  "paid",
  "shipped",
  "answer",
  "new_order",
  "new_message",
  "payment_canceled",
] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

/** The owner's kinds go to the number in the shop's settings; the others to the buyer's. */
export const OWNER_KINDS: readonly NotifyKind[] = ["new_order", "new_message"];

/** Sends that fail are tried again by the scheduled job until this many attempts. */
export const NOTIFY_MAX_ATTEMPTS = 3;
