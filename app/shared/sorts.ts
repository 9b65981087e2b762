/**
 * How a product list is ordered: the shop's own order, 신상품순, 낮은가격순, 높은가격순, 인기순. A
 * module of its own, without zod: the list pages' sort chips ship it to the browser.
 */
export const LIST_SORTS = ["recommended", "new", "price_asc", "price_desc", "popular"] as const;
export type ListSort = (typeof LIST_SORTS)[number];
