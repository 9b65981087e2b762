import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { trackOrder } from "~/lib/track-order";
import * as css from "~/components/cart/cart.css";
import { DeliveryInfo } from "~/components/order/DeliveryInfo";
import { BankTransferInfo, OrderSummary } from "~/components/cart/OrderSummary";
import { PaymentReceipt } from "~/components/order/PaymentReceipt";
import { koCheckout } from "~/shared/messages/checkout";
import { OrderNoLine } from "~/components/order/OrderNoLine";
import { useRootData } from "~/lib/root-data";
import { koOrder } from "~/shared/messages/cart";
import type { loader } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koOrder.complete, noindex: true });

export { loader } from "./page.server";

export default function OrderComplete() {
  const { order, viewPath, lookupPath } = useLoaderData<typeof loader>();
  const { storageUrl } = useRootData();
  const canceled = order.status === "CANCELED";
  useEffect(() => {
    if (!canceled) trackOrder("purchase", order);
  }, [canceled, order]);
  return (
    <>
      <h1 className={css.title}>{canceled ? koOrder.canceled : koOrder.complete}</h1>
      <OrderNoLine order={order} />
      <section className={css.section}>
        <p>
          {canceled
            ? koOrder.canceledBody
            : order.online && order.online.status !== "WAITING_FOR_DEPOSIT"
              ? koCheckout.completePaid
              : koOrder.completeBody}
        </p>
        {canceled ? null : <BankTransferInfo order={order} />}
        <PaymentReceipt order={order} />
      </section>
      <DeliveryInfo order={order} />
      <OrderSummary order={order} storageUrl={storageUrl} />
      <div className={css.actions}>
        <Link className={css.secondary} to={viewPath}>
          {koOrder.orderDetail}
        </Link>
        <Link className={css.secondary} to="/">
          {koOrder.continueShopping}
        </Link>
      </div>
      {lookupPath ? (
        <p className={css.muted} data-testid="lookup-hint">
          {koOrder.lookupHint} <Link to={lookupPath}>{koOrder.lookupLink}</Link>
        </p>
      ) : null}
    </>
  );
}
