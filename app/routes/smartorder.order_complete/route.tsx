import { Link, useLoaderData } from "@remix-run/react";
import * as css from "~/components/smart/smart.css";
import { formatKRW } from "~/shared/format";
import { koSmart } from "~/shared/messages/smart";
import { koCheckout } from "~/shared/messages/checkout";
import { orderStatusLabel, TABLE_PAY_METHOD } from "~/shared/order-status";
import type { DocumentHandle } from "~/lib/document.server";
import type { loader } from "./page.server";

const t = koSmart;
const STEP_OF: Record<string, number> = { CONFIRM_PAYMENT: 0, READY_FOR_DELIVERY: 1, DONE: 2 };

export { loader } from "./page.server";

/**
 * Without scripts the page looks again every 20 seconds: the status still moves on its own (with
 * scripts the table's socket brings it). In the head, where the refresh is valid (decision 161).
 */
export const handle: DocumentHandle = { refreshWithoutScripts: 20 };

export default function TableOrderComplete() {
  const { order, orders } = useLoaderData<typeof loader>();
  // The kitchen's 조리 시작 and 완료 reach every phone at the table without a reload: the smart
  // frame holds the table's socket (app/routes/smartorder/route.tsx).
  const step = STEP_OF[order.status];
  const label = (status: string) =>
    orderStatusLabel(status, { smartOrder: true, payMethod: TABLE_PAY_METHOD[order.pay] });
  return (
    <>
      <h2 className={css.completeTitle}>
        {order.status === "WAITING_PAYMENT" ? label(order.status) : t.completeTitle}
      </h2>
      <p className={css.muted}>
        {t.orderNo(order.id)} · <span data-testid="table-order-status">{label(order.status)}</span>
      </p>
      {step !== undefined ? (
        <ol className={css.steps} aria-label={label(order.status)}>
          {t.steps.map((name, i) => (
            <li
              key={name}
              data-step={i}
              className={`${css.step} ${i === step ? css.stepNow : i < step ? css.stepDone : ""}`}
              aria-current={i === step ? "step" : undefined}
            >
              {name}
            </li>
          ))}
        </ol>
      ) : order.checking ? (
        // 선결제 whose payment Toss has not answered yet (decision 142): the page looks again.
        <div className={css.notice} role="status" data-testid="payment-checking">
          <p className={css.flush}>
            <strong>{koCheckout.checking.title}</strong>
          </p>
          <p className={css.flush}>{koCheckout.checking.body}</p>
        </div>
      ) : order.status === "WAITING_PAYMENT" ? (
        <div className={css.notice}>
          <p className={css.flush}>{t.waitingDeposit}</p>
          {order.bank ? (
            <p className={css.bankLine}>
              {order.bank.name} {order.bank.account} ({order.bank.holder}) ·{" "}
              <strong>{formatKRW(order.bank.amount)}</strong>
            </p>
          ) : null}
        </div>
      ) : (
        <p className={css.error}>{t.canceled}</p>
      )}
      <p className={css.muted}>{t.liveHint}</p>
      <ul className={css.lines}>
        {order.lines.map((l, i) => (
          <li key={i} className={css.line}>
            <span className={css.lineHead}>
              <span>
                <strong>{l.name}</strong>
                {l.opt_name ? <span className={css.muted}> · {l.opt_name}</span> : null} × {l.qty}
              </span>
              <span>{formatKRW(l.unit_price * l.qty)}</span>
            </span>
          </li>
        ))}
      </ul>
      {order.memo ? (
        <p className={css.muted}>
          {t.memo}: {order.memo}
        </p>
      ) : null}
      <p className={css.total}>
        <span>{t.total}</span>
        <span>{formatKRW(order.total_price)}</span>
      </p>
      {orders.length > 1 ? (
        <section aria-labelledby="table-orders">
          <h3 id="table-orders">{t.tableOrders}</h3>
          <ul className={css.orders}>
            {orders.map((o) => (
              <li key={o.id}>
                <Link
                  className={css.orderRow}
                  to={`/smartorder/order_complete?id=${o.id}`}
                  aria-current={o.id === order.id ? "page" : undefined}
                >
                  <span>
                    {t.orderNo(o.id)} · {t.count(o.item_count)}
                  </span>
                  <strong>{label(o.status)}</strong>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className={css.barSpacer} />
      <div className={css.bar}>
        <Link className={css.primary} to="/smartorder/start">
          {t.moreOrder}
        </Link>
      </div>
    </>
  );
}
