import { shopMeta } from "~/lib/seo";
import { koChat } from "~/shared/messages/chat";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as css from "~/components/cart/cart.css";
import { BankTransferInfo, OrderSummary } from "~/components/cart/OrderSummary";
import { PaymentReceipt } from "~/components/order/PaymentReceipt";
import { ActionForms } from "~/components/order/ActionForms";
import { OrderDetails } from "~/components/order/OrderDetails";
import { LineRefundNotice, SaleCancelNotice } from "~/components/order/SaleCancelNotice";
import { Timeline } from "~/components/order/Timeline";
import { ReviewInvite } from "~/components/reviews/ReviewInvite";
import { useRootData } from "~/lib/root-data";
import { koOrder } from "~/shared/messages/cart";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { orderStatusLabel } from "~/shared/order-status";
import type { loader, action } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koLifecycle.view.title, noindex: true });

export { loader, action } from "./page.server";

export default function OrderView() {
  const { order, done, sheetPath } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const { storageUrl, session } = useRootData();
  const label = orderStatusLabel(order.status, {
    payMethod: order.pay_method,
    refundAfterDone: order.refund_after_done,
    smartOrder: order.table !== null,
  });
  return (
    <>
      <h1 className={css.title}>{koLifecycle.view.title}</h1>
      <p className={css.muted}>
        {koOrder.orderNo(order.id)} · <span data-testid="order-status">{label}</span>
      </p>
      {done ? (
        <div className={css.success} role="status">
          {koLifecycle.view.done(koLifecycle.actions[done])}
        </div>
      ) : null}
      <SaleCancelNotice order={order} side="buyer" />
      <LineRefundNotice order={order} />
      {order.status === "WAITING_PAYMENT" && !order.payment ? (
        <p>
          {/* A document of its own: only the sheet's CSP lets Toss's window in. */}
          <Link to={sheetPath} reloadDocument>
            {koOrder.viewOrder}
          </Link>
        </p>
      ) : null}
      {order.status === "WAITING_PAYMENT" && order.payment ? (
        <section className={css.section}>
          <BankTransferInfo order={order} />
        </section>
      ) : null}
      {order.online ? (
        <section className={css.section}>
          <PaymentReceipt order={order} />
        </section>
      ) : null}
      <ActionForms orderId={order.id} actions={order.actions} result={result} side="buyer" />
      {session.login === 1 ? <ReviewInvite order={order} /> : null}
      {session.login === 1 ? (
        <p>
          <Link to={`/message/new?order=${order.id}`}>{koChat.askOrder}</Link>
        </p>
      ) : null}
      <OrderSummary order={order} storageUrl={storageUrl} />
      <OrderDetails order={order} />
      <Timeline order={order} />
    </>
  );
}
