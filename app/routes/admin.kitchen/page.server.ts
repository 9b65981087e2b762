import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireShopOwner } from "~/lib/admin.server";
import { submitOrderAction } from "~/lib/order-actions.server";

/**
 * /admin/kitchen: table orders as they come (newest at the bottom), live over the console's
 * socket (the admin frame listens to the shop's inbox room); 조리 시작, 완료 and 취소 are the state
 * machine's actions, posted as plain forms.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  return context.api.call("adminKitchen");
}

export function action({ request, context }: ActionFunctionArgs) {
  requireShopOwner(request, context);
  return submitOrderAction(request, context, "owner");
}
