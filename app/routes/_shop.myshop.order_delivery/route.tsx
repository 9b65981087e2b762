import { shopMeta } from "~/lib/seo";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { MyOrders } from "~/components/order/MyOrders";
import { loadMyOrders } from "~/lib/my-orders.server";
import { koLifecycle } from "~/shared/messages/lifecycle";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koLifecycle.lists.titles.delivery, noindex: true });

export const loader = (args: LoaderFunctionArgs) => loadMyOrders(args, "delivery");

export default MyOrders;
