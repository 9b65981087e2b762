/**
 * What a shop's display settings (design.value.show_prod / show_price, decision 107) let product
 * cards and the product page show. Type-only import: islands and pages alike may use it.
 */
import type { ShopInfo } from "./contracts/shop";

export type ProductDisplay = { title: boolean; price: boolean };

export const SHOW_ALL: ProductDisplay = { title: true, price: true };

export const productDisplay = (shop: Pick<ShopInfo, "design">): ProductDisplay => ({
  title: shop.design.value.show_prod !== 0,
  price: shop.design.value.show_price !== 0,
});
