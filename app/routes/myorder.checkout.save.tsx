export { action } from "./user.checkout.save";
