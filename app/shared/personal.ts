/**
 * Personal pages from the shared copy (decision 122): the names of the marks a page drawn to be
 * kept carries where it differs per visitor, read by the Worker (functions/personal.ts), which
 * fills them for each visitor, and by the storefront, which draws them. Also the overlay the
 * browser reads so that hydration agrees with what the Worker filled in.
 */
import type { MySummary } from "./contracts";
import { koDrawer } from "./messages/shop/drawer";

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

/** A ♡'s form carries its product id and title (the label names it); always drawn, never removed. */
export const LIKE_SLOT = { pid: "data-like-pid", title: "data-like-title" } as const;

/** The attribute on <html> that carries the visitor's overlay (JSON) on a page filled for them. */
export const OVERLAY_ATTRIBUTE = "data-personal";

/** The counts a count badge may name: the summary's, and the order lists'. */
export type CountName = "cart" | "message" | "like" | "recent" | `orders.${string}`;

/** The route ids whose loader data the overlay replaces parts of. */
export const FRAME_ROUTE = "routes/_shop";
export const ROOT_ROUTE = "root";
/** The page's own route (the leaf of the first render), whichever address drew it. */
export const LEAF_ROUTE = "leaf";

/**
 * What the browser puts over the loader data it hydrates with, by route id: the root's session,
 * the frame's counts and cart address, the page's likes. Only over the data of the first render.
 */
export type PersonalOverlay = Record<string, Record<string, unknown>>;

/** What a page kept for personalisation says about itself (its loader, through sharePage). */
export type PersonalNotes = {
  /** The products whose ♡ the page shows. */
  pids: number[];
  /** The page's `liked` is one boolean (the product page) rather than a list of ids. */
  one: boolean;
};

/** What the shopper has of this shop's membership, or what joining gives (the drawer's line). */
export function membershipLine(
  member: boolean,
  membership: MySummary["membership"],
  shop: { point: number | boolean; join_point: number },
): string {
  if (!member) return koDrawer.guestMembership;
  if (membership?.joined) return shop.point ? koDrawer.points(membership.point) : koDrawer.joined;
  return shop.point && shop.join_point > 0 ? koDrawer.joinBonus(shop.join_point) : koDrawer.joinPrompt;
}

/** A badge's number as every badge shows it. */
export const badgeText = (count: number) => (count > 99 ? "99+" : String(count));
