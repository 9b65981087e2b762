import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { accountPath, loadOwnOrder } from "~/lib/cart.server";
import { flowPath } from "~/lib/order-flow";
import { sendServerEvent } from "~/lib/server-events.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const order = await loadOwnOrder(request, context);
  // Nothing chosen yet: the sheet is where that happens.
  if (!order.payment)
    throw redirect(accountPath(`${flowPath("order", new URL(request.url).pathname)}?id=${order.id}`, request, context));
  // The purchase, from the server too, with the browser's event id (a repeat is no second event).
  if (order.status !== "CANCELED") sendServerEvent(request, context, { event: "purchase", order_id: order.id });
  return {
    order,
    viewPath: accountPath(`/myshop/order_view?id=${order.id}`, request, context),
    // A guest finds the order again from any device with its number and their phone number.
    lookupPath: context.member ? null : `/user/order_lookup?id=${order.id}`,
  };
}
