import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireShopOwner } from "~/lib/admin.server";
import { pageParam } from "~/lib/shop-loaders.server";

/** The owner's inbox: every member's conversation with this shop, newest first, unread marked. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  return context.api.call("adminTickets", { query: { page: pageParam(new URL(request.url)) } });
}
