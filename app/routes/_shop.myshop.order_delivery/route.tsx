import { shopMeta } from "~/lib/seo";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { MyOrders } from "~/components/order/MyOrders";
import { myOrders } from "~/lib/my-orders.server";
import { koLifecycle } from "~/shared/messages/lifecycle";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koLifecycle.lists.titles.delivery, noindex: true });

export const loader = ({ request, context }: LoaderFunctionArgs) => myOrders(context, request, "delivery");

export default MyOrders;
