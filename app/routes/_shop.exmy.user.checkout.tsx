// The cart view under the external-domain prefix (spec §2): the same page.
export { action, default, loader, meta } from "./_shop.user.checkout";
