import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { accountPath, loadOwnOrder } from "~/lib/cart.server";

/** Where an order paid in full with points completes (spec's /user/order_point). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const order = await loadOwnOrder(request, context);
  // Anything else has its own page: the sheet before paying, the bank transfer's completion.
  if (order.points_used === 0 || order.payment) {
    throw redirect(accountPath(`/myshop/order_view?id=${order.id}`, request, context));
  }
  return { order, viewPath: accountPath(`/myshop/order_view?id=${order.id}`, request, context) };
}
