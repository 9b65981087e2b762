import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireShopOwner } from "~/lib/admin.server";
import { pageParam } from "~/lib/shop-loaders.server";
import { isOrderStatus } from "~/shared/order-status";

/** The shop's orders, newest first: by status (with counts), or found by id, name or phone. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  const url = new URL(request.url);
  const status = url.searchParams.get("status") ?? "";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 40);
  const page = pageParam(url);
  const filtered = isOrderStatus(status) || q !== "" || page > 1;
  // The dashboard heads the unfiltered list only: a filter is a task already chosen.
  const [list, dashboard] = await Promise.all([
    context.api.call("adminOrders", {
      query: { status: isOrderStatus(status) ? status : undefined, q: q || undefined, page },
    }),
    filtered ? null : context.api.call("adminDashboard"),
  ]);
  return { ...list, dashboard, status: isOrderStatus(status) ? status : null, q };
}
