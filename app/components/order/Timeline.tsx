import type { OrderView } from "~/shared/contracts/cart";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { isOrderAction } from "~/shared/order-machine";
import { orderStatusLabel } from "~/shared/order-status";
import * as cartCss from "~/components/cart/cart.css";
import { formatDeadline } from "~/shared/format";
import * as css from "./order.css";

const t = koLifecycle;

/** What happened to the order, oldest first: when, who, what, and the note left with it. */
export function Timeline({ order }: { order: OrderView }) {
  if (order.events.length === 0) return null;
  return (
    <section className={cartCss.section} aria-labelledby="order-timeline">
      <h2 id="order-timeline" className={cartCss.sectionTitle}>
        {t.view.timeline}
      </h2>
      <ol className={css.timeline} data-testid="timeline">
        {order.events.map((e, i) => (
          <li key={i} className={css.event}>
            <span className={cartCss.muted}>
              {formatDeadline(e.created_at)} · {t.actors[e.actor]}
            </span>
            <strong>
              {isOrderAction(e.action) ? t.actions[e.action] : e.action} →{" "}
              {orderStatusLabel(e.to, { smartOrder: order.table !== null })}
            </strong>
            {e.note ? <p className={css.eventNote}>{e.note}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
