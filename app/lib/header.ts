import type { ShopInfo } from "~/shared/contracts";

export const HEADER_MIN = 56;
export const HEADER_WITH_LINKS = 120;
/** The header offset past which it becomes fixed: its height plus this (spec §9). */
export const HEADER_SCROLL_OFFSET = 100;

export function hasSocialLinks(shop: ShopInfo): boolean {
  return shop.show_link && Boolean(shop.youtube || shop.instagram || shop.naver || shop.link1);
}

/** Default 56, never below 56, at least 120 when social links are shown. */
export function headerHeight(shop: ShopInfo): number {
  const base = Math.max(shop.header_height || HEADER_MIN, HEADER_MIN);
  return hasSocialLinks(shop) ? Math.max(base, HEADER_WITH_LINKS) : base;
}
