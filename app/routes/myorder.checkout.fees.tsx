export { loader } from "./user.checkout.fees";
