import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireShopOwner } from "~/lib/admin.server";
import { submitOrderAction } from "~/lib/order-actions.server";
import { isOrderAction } from "~/shared/order-machine";

/** One order of the shop, with the owner's actions allowed now (/admin/order?id=). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  const url = new URL(request.url);
  const id = Number(url.searchParams.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response(null, { status: 404 });
  const order = await context.api.call("adminOrder", { query: { id } });
  const done = url.searchParams.get("done");
  return { order, done: done && isOrderAction(done) ? done : null };
}

export function action({ request, context }: ActionFunctionArgs) {
  requireShopOwner(request, context);
  return submitOrderAction(request, context, "owner");
}
