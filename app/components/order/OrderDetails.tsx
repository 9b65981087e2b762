import type { OrderView } from "~/shared/contracts/cart";
import { DeliveryInfo } from "./DeliveryInfo";
import { koLifecycle } from "~/shared/messages/lifecycle";
import * as css from "~/components/cart/cart.css";
import * as orderCss from "./order.css";
import { formatDeadline, formatKRW } from "~/shared/format";

const t = koLifecycle.view;

/** Where it goes, how it travels, what was asked and what was refunded. */
export function OrderDetails({ order }: { order: OrderView }) {
  return (
    <>
      <DeliveryInfo order={order} />
      {order.shipment ? (
        <section className={css.section} aria-labelledby="order-shipment" data-testid="shipment">
          <h2 id="order-shipment" className={css.sectionTitle}>
            {t.shipment}
          </h2>
          <dl className={css.dl}>
            <dt>{t.courier}</dt>
            <dd>{order.shipment.courier_name}</dd>
            <dt>{t.trackingNo}</dt>
            <dd>
              {order.shipment.tracking_url ? (
                <a href={order.shipment.tracking_url} target="_blank" rel="noopener noreferrer">
                  {order.shipment.tracking_no} ({t.track})
                </a>
              ) : (
                order.shipment.tracking_no
              )}
            </dd>
            <dt>{t.shippedAt}</dt>
            <dd>{formatDeadline(order.shipment.shipped_at)}</dd>
          </dl>
        </section>
      ) : null}
      {order.claim ? (
        <section className={css.section} aria-labelledby="order-claim">
          <h2 id="order-claim" className={css.sectionTitle}>
            {t.claims[order.claim.type]}
          </h2>
          <p className={orderCss.claimReason}>{order.claim.reason}</p>
        </section>
      ) : null}
      {order.returned ? (
        <section className={css.section} aria-labelledby="order-returned" data-testid="returned">
          <h2 id="order-returned" className={css.sectionTitle}>
            {koLifecycle.returns.section}
          </h2>
          <ul>
            {order.returned.lines.map((l, i) => (
              <li key={i}>{koLifecycle.returns.line(l.opt_name ? `${l.name} (${l.opt_name})` : l.name, l.qty)}</li>
            ))}
          </ul>
          <dl className={css.dl}>
            <dt>{koLifecycle.returns.amount}</dt>
            <dd>{formatKRW(order.returned.amount)}</dd>
          </dl>
        </section>
      ) : null}
      {order.refund ? (
        <section className={css.section} aria-labelledby="order-refund" data-testid="refund">
          <h2 id="order-refund" className={css.sectionTitle}>
            {t.refund}
          </h2>
          <dl className={css.dl}>
            {order.refund.account ? (
              <>
                <dt>{t.refundAccount}</dt>
                <dd>
                  {order.refund.bank} {order.refund.account} ({order.refund.holder})
                </dd>
              </>
            ) : null}
            {order.refund.owed > 0 ? (
              // Lines the shop cancelled whose money goes back later (decision 179).
              <>
                <dt>{t.refundOwed}</dt>
                <dd data-testid="refund-owed">{formatKRW(order.refund.owed)}</dd>
              </>
            ) : null}
            {order.refund.refunded_at ? (
              <>
                <dt>{t.refunded}</dt>
                <dd>
                  {formatKRW(order.refund.amount ?? 0)} · {formatDeadline(order.refund.refunded_at)}
                </dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}
    </>
  );
}
