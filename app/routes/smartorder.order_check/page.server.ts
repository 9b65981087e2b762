import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { paymentFailureText } from "~/shared/payment-failures";
import { returnFromTableWindow, tableCall, tableCartAction } from "~/lib/smart.server";

/**
 * /smartorder/order_check: the table's cart (what every phone at the table added), a request, how
 * to pay, and 주문하기. The form's key makes a double tap one order. In 선결제 Toss's window comes
 * back here (decision 105).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const back = await returnFromTableWindow(request, context);
  if (back) throw back;
  const cart = await tableCall(context, "tableCart");
  const failure = new URL(request.url).searchParams.get("payment_error");
  return { cart, key: crypto.randomUUID(), paymentError: failure ? paymentFailureText(failure) : null };
}

export const action = ({ request, context }: ActionFunctionArgs) => tableCartAction(request, context);
