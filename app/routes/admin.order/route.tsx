import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as cartCss from "~/components/cart/cart.css";
import { OrderSummary } from "~/components/cart/OrderSummary";
import { ActionForms } from "~/components/order/ActionForms";
import { OrderDetails } from "~/components/order/OrderDetails";
import { Timeline } from "~/components/order/Timeline";
import { requireShopOwner } from "~/lib/admin.server";
import { formatKRW } from "~/shared/format";
import { submitOrderAction } from "~/lib/order-actions.server";
import { useRootData } from "~/lib/root-data";
import { koAdmin } from "~/shared/messages/admin";
import { koOrder } from "~/shared/messages/cart";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { isOrderAction } from "~/shared/order-machine";
import { orderStatusLabel } from "~/shared/order-status";

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

export default function AdminOrder() {
  const { order, done } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const { storageUrl } = useRootData();
  const t = koAdmin.order;
  return (
    <>
      <p>
        <Link to="/admin">← {t.back}</Link>
      </p>
      <h2 className={cartCss.title}>{koOrder.orderNo(order.id)}</h2>
      <p className={cartCss.muted}>
        <span data-testid="order-status">
          {orderStatusLabel(order.status, {
            payMethod: order.pay_method,
            refundAfterDone: order.refund_after_done,
            smartOrder: order.table !== null,
          })}
        </span>
      </p>
      {done ? (
        <div className={cartCss.success} role="status">
          {koLifecycle.view.done(koLifecycle.actions[done])}
        </div>
      ) : null}
      <ActionForms orderId={order.id} actions={order.actions} result={result} side="owner" />
      <section className={cartCss.section} aria-labelledby="order-buyer">
        <h3 id="order-buyer" className={cartCss.sectionTitle}>
          {t.orderer}
        </h3>
        <dl className={cartCss.dl}>
          <dt>{koOrder.name}</dt>
          <dd>{order.orderer?.name ?? koAdmin.orders.guest}</dd>
          <dt>{koOrder.phone}</dt>
          <dd>{order.orderer?.phone ?? "-"}</dd>
          {order.payment ? (
            <>
              <dt>{koOrder.payment}</dt>
              <dd>
                {koOrder.methods[order.payment.method]} · {formatKRW(order.payment.amount)}
              </dd>
              <dt>{t.depositor}</dt>
              <dd>{order.payment.depositor ?? "-"}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <OrderSummary order={order} storageUrl={storageUrl} />
      <OrderDetails order={order} />
      <Timeline order={order} />
    </>
  );
}
