import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import * as css from "~/components/cart/cart.css";
import { OrderSummary } from "~/components/cart/OrderSummary";
import { useRootData } from "~/lib/root-data";
import { koOrder } from "~/shared/messages/cart";
import { orderStatusLabel } from "~/shared/order-status";
import type { loader } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koOrder.points.paidTitle, noindex: true });

export { loader } from "./page.server";

export default function OrderPoint() {
  const { order, viewPath } = useLoaderData<typeof loader>();
  const { storageUrl } = useRootData();
  return (
    <>
      <h1 className={css.title}>{koOrder.points.paidTitle}</h1>
      <p className={css.muted}>
        {koOrder.orderNo(order.id)} · <span data-testid="order-status">{orderStatusLabel(order.status)}</span>
      </p>
      <section className={css.section}>
        <p className={css.flush}>{koOrder.points.paidBody}</p>
      </section>
      <OrderSummary order={order} storageUrl={storageUrl} />
      <div className={css.actions}>
        <Link className={css.secondary} to={viewPath}>
          {koOrder.orderDetail}
        </Link>
        <Link className={css.secondary} to="/">
          {koOrder.continueShopping}
        </Link>
      </div>
    </>
  );
}
