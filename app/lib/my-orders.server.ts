import type { AppLoadContext } from "@remix-run/cloudflare";
import type { OrderList } from "~/shared/order-lists";
import { accountPath } from "./cart.server";
import { pageParam } from "./shop-loaders.server";

/**
 * One of the buyer's order lists (spec §2 /myshop/order_*): its page of orders and every list's
 * count for the tabs. A guest sees the device's orders; a page past the end is an empty list.
 */
export async function myOrders(context: AppLoadContext, request: Request, list: OrderList) {
  const page = pageParam(new URL(request.url));
  const [orders, counts] = await Promise.all([
    context.api.call("myOrders", { query: { list, page } }),
    context.api.call("orderSummary"),
  ]);
  const viewPath = (id: number) => accountPath(`/myshop/order_view?id=${id}`, request, context);
  return {
    list,
    counts,
    page: orders.page,
    pages: orders.pages,
    items: orders.items.map((o) => ({ ...o, viewPath: viewPath(o.id) })),
    guest: context.member === null,
  };
}
