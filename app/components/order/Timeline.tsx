import type { OrderView } from "~/shared/contracts/cart";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { isOrderAction } from "~/shared/order-machine";
import { orderStatusLabel } from "~/shared/order-status";
import * as cartCss from "~/components/cart/cart.css";
import { formatDeadline, formatKRW } from "~/shared/format";
import { koCheckout } from "~/shared/messages/checkout";
import * as css from "./order.css";

const t = koLifecycle;

type Entry =
  | { at: number; event: OrderView["events"][number] }
  | { at: number; cancel: NonNullable<OrderView["online"]>["cancels"][number] };

/**
 * What happened to the order, oldest first: when, who, what, and the note left with it; each
 * cancel Toss made of its payment among them (decision 104), from the payment's own record.
 */
export function Timeline({ order }: { order: OrderView }) {
  const entries: Entry[] = [
    ...order.events.map((event) => ({ at: event.created_at, event })),
    ...(order.online?.cancels ?? []).map((cancel) => ({ at: Date.parse(cancel.canceled_at) || 0, cancel })),
  ].sort((a, b) => a.at - b.at);
  if (entries.length === 0) return null;
  return (
    <section className={cartCss.section} aria-labelledby="order-timeline">
      <h2 id="order-timeline" className={cartCss.sectionTitle}>
        {t.view.timeline}
      </h2>
      <ol className={css.timeline} data-testid="timeline">
        {entries.map((entry, i) =>
          "cancel" in entry ? (
            <li key={i} className={css.event} data-testid="timeline-cancel">
              <span className={cartCss.muted}>
                {formatDeadline(entry.at)} · {koCheckout.provider}
              </span>
              <strong>{koCheckout.receipt.canceled(formatKRW(entry.cancel.amount))}</strong>
              {entry.cancel.reason ? <p className={css.eventNote}>{entry.cancel.reason}</p> : null}
            </li>
          ) : (
            <li key={i} className={css.event}>
              <span className={cartCss.muted}>
                {formatDeadline(entry.event.created_at)} · {t.actors[entry.event.actor]}
              </span>
              <strong>
                {isOrderAction(entry.event.action) ? t.actions[entry.event.action] : entry.event.action} →{" "}
                {orderStatusLabel(entry.event.to, { payMethod: order.pay_method, smartOrder: order.table !== null })}
              </strong>
              {entry.event.note ? <p className={css.eventNote}>{entry.event.note}</p> : null}
            </li>
          ),
        )}
      </ol>
    </section>
  );
}
