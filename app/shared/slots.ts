/**
 * The marks a page drawn to be kept carries where it differs per visitor (decision 122): drawn by
 * the frame's islands, filled in by the Worker (functions/personal.ts). Apart from
 * app/shared/personal.ts, which the first load reads: none of these is in its scripts.
 */

/** A mark's attributes. Drawn only into a page to be kept; the Worker removes every one. */
export const SLOT = {
  /** The element is kept only for "member", "guest" (no session: a device or nobody) or "photo"/"initial" (the avatar). */
  only: "data-p-only",
  /** A count badge: its text is the count (99+), and it goes when the count is 0. */
  count: "data-p-count",
  /** Text the Worker writes: "greeting", "initial", "membership". */
  text: "data-p-text",
  /** A link whose address gets the guest's `uuid_value`. */
  device: "data-p-device",
  /** The cart button: its label says the count. */
  cartLabel: "data-p-cart-label",
  /** The avatar picture: its address is the member's. */
  photo: "data-p-photo",
} as const;

/** The counts a count badge may name: the summary's, and the order lists'. */
export type CountName = "cart" | "message" | "like" | "recent" | `orders.${string}`;

/** A badge's number as every badge shows it. */
export const badgeText = (count: number) => (count > 99 ? "99+" : String(count));
