import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { rethrowAsResponse } from "~/lib/shop-loaders.server";
import { tableCall } from "~/lib/smart.server";
import { koSmart } from "~/shared/messages/smart";

const t = koSmart;

/**
 * /smartorder/order_complete?id=: the order number, what was ordered, and its status followed
 * live (접수 → 조리 중 → 완료), with the table's other orders. Without an id: the table's newest.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const id = Number(new URL(request.url).searchParams.get("id")) || undefined;
  const data = await tableCall(context, "tableOrders", { query: { id } }).catch((e) =>
    rethrowAsResponse(e, t.errors.itemGone),
  );
  if (!data.order) {
    const last = data.orders.at(-1);
    throw redirect(last ? `/smartorder/order_complete?id=${last.id}` : "/smartorder/start");
  }
  return { order: data.order, orders: data.orders };
}
