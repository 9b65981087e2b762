// The order sheet inside the account area (spec §2 /myorder/order): the same page as /user/order.
export { action, default, loader, meta } from "./_shop.user.order/route";
