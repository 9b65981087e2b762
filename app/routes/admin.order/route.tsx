import { koCheckout } from "~/shared/messages/checkout";
import { PaymentReceipt } from "~/components/order/PaymentReceipt";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as cartCss from "~/components/cart/cart.css";
import { OrderSummary } from "~/components/cart/OrderSummary";
import { ActionForms } from "~/components/order/ActionForms";
import { OrderDetails } from "~/components/order/OrderDetails";
import { LineCancelForm } from "~/components/order/LineCancelForm";
import { LineRefundForm } from "~/components/order/LineRefundForm";
import { SaleCancelNotice } from "~/components/order/SaleCancelNotice";
import { Timeline } from "~/components/order/Timeline";
import { formatKRW } from "~/shared/format";
import { useRootData } from "~/lib/root-data";
import { koAdmin } from "~/shared/messages/admin";
import { koOrder } from "~/shared/messages/cart";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { orderStatusLabel } from "~/shared/order-status";
import type { loader, action } from "./page.server";
import { formatPhone } from "~/shared/phone";

export { loader, action } from "./page.server";

export default function AdminOrder() {
  const { order, done } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const { storageUrl } = useRootData();
  const t = koAdmin.order;
  // Toss gives money back in the same press: a card or wallet, a deposited account once the buyer
  // gave the account it goes to.
  const online =
    (order.online?.status === "DONE" || order.online?.status === "PARTIAL_CANCELED") &&
    (order.online.choice !== "vbank" || Boolean(order.refund?.account));
  const lineName = (line: { name: string; opt_name: string }) =>
    line.opt_name ? `${line.name} (${line.opt_name})` : line.name;
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
      <SaleCancelNotice order={order} side="owner" />
      <ActionForms
        orderId={order.id}
        actions={order.actions}
        result={result}
        side="owner"
        lines={order.groups.flatMap((g) => g.lines)}
        online={online}
      />
      <section className={cartCss.section} aria-labelledby="order-buyer">
        <h3 id="order-buyer" className={cartCss.sectionTitle}>
          {t.orderer}
        </h3>
        <dl className={cartCss.dl}>
          <dt>{koOrder.name}</dt>
          <dd>{order.orderer?.name ?? koAdmin.orders.guest}</dd>
          <dt>{koOrder.phone}</dt>
          <dd>{formatPhone(order.orderer?.phone) || "-"}</dd>
          {order.payment ? (
            <>
              <dt>{koOrder.payment}</dt>
              <dd>
                {order.online ? koCheckout.choices[order.online.choice] : koOrder.methods[order.payment.method]} ·{" "}
                {formatKRW(order.payment.amount)}
              </dd>
              {order.payment.method === "bank" ? (
                <>
                  <dt>{t.depositor}</dt>
                  <dd>{order.payment.depositor ?? "-"}</dd>
                </>
              ) : null}
            </>
          ) : null}
        </dl>
        <PaymentReceipt order={order} forOwner />
      </section>
      <OrderSummary
        order={order}
        storageUrl={storageUrl}
        // 판매취소 of one line (decision 176): a small form under each line still live; under a
        // cancelled line whose money is owed still, its 환불완료 (decision 179).
        lineAction={(line, lineNo) =>
          line.canceled?.owed ? (
            <LineRefundForm
              orderId={order.id}
              lineNo={lineNo}
              name={lineName(line)}
              allowed={order.line_refund}
              online={order.online?.choice === "vbank"}
              result={result}
            />
          ) : !line.canceled && order.line_cancel ? (
            <LineCancelForm orderId={order.id} lineNo={lineNo} name={lineName(line)} result={result} online={online} />
          ) : null
        }
      />
      <OrderDetails order={order} />
      <Timeline order={order} />
    </>
  );
}
