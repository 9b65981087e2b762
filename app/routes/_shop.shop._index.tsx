// /shop is an alias of the full product list.
export { loader, meta, default } from "./_shop.shop.list";
