/**
 * The purchase's pages (cart → order sheet → completion) live under /user (spec §2) and again
 * under /myorder, inside the account area's frame. A purchase stays on the side it started on.
 */
export type FlowPage = "checkout" | "order" | "order_complete";

export function flowPath(page: FlowPage, from: string): string {
  return from.startsWith("/myorder/") ? `/myorder/${page}` : `/user/${page}`;
}

/** The shops other than the host's that ship part of the order (picks): they get the address. */
export function thirdPartyShops(order: { groups: { uid: number; origin_uid: number; shop_name_origin: string }[] }) {
  return [...new Set(order.groups.filter((g) => g.origin_uid !== g.uid).map((g) => g.shop_name_origin))];
}
