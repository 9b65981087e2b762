/**
 * The purchase's pages (cart → order sheet → completion) live under /user (spec §2) and again
 * under /myorder, inside the account area's frame. A purchase stays on the side it started on.
 */
export type FlowPage = "checkout" | "order" | "order_complete";

export function flowPath(page: FlowPage, from: string): string {
  return from.startsWith("/myorder/") ? `/myorder/${page}` : `/user/${page}`;
}
