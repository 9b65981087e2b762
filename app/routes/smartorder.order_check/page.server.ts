import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { tableCall, tableCartAction } from "~/lib/smart.server";

/**
 * /smartorder/order_check: the table's cart (what every phone at the table added), a request, how
 * to pay, and 주문하기. The form's key makes a double tap one order.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const cart = await tableCall(context, "tableCart");
  return { cart, key: crypto.randomUUID() };
}

export const action = ({ request, context }: ActionFunctionArgs) => tableCartAction(request, context);
