// The completion inside the account area (spec §2 /myorder/order_complete): as /user/order_complete.
export { default, loader, meta } from "./_shop.user.order_complete";
