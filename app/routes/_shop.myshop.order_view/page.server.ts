import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { accountPath, loadOwnOrder } from "~/lib/cart.server";
import { submitOrderAction } from "~/lib/order-actions.server";
import { isOrderAction } from "~/shared/order-machine";

/** The buyer's order (member, or the guest's device as today): everything about it, and what they may do now. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const order = await loadOwnOrder(request, context);
  const done = new URL(request.url).searchParams.get("done");
  return {
    order,
    done: done && isOrderAction(done) ? done : null,
    sheetPath: accountPath(`/user/order?id=${order.id}`, request, context),
  };
}

export const action = ({ request, context }: ActionFunctionArgs) => submitOrderAction(request, context, "buyer");
