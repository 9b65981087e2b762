// The cart inside the account area (spec §2 /myorder/checkout): the same page as /user/checkout.
export { action, default, loader, meta } from "./_shop.user.checkout";
