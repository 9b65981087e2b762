import type { OrderView } from "~/shared/contracts/cart";
import { koOrder } from "~/shared/messages/cart";
import * as css from "~/components/cart/cart.css";
import { formatPhone } from "~/shared/phone";

/** Where the order goes: receiver, phone, address and memo. */
export function DeliveryInfo({ order }: { order: OrderView }) {
  const d = order.delivery;
  if (!d) return null;
  return (
    <section className={css.section} aria-labelledby="order-delivery" data-testid="delivery-info">
      <h2 id="order-delivery" className={css.sectionTitle}>
        {koOrder.delivery}
      </h2>
      <dl className={css.dl}>
        <dt>{koOrder.receiver}</dt>
        <dd>
          {d.name} · {formatPhone(d.phone)}
        </dd>
        <dt>{koOrder.address}</dt>
        <dd>
          ({d.postcode}) {d.address} {d.detail}
        </dd>
        {d.memo ? (
          <>
            <dt>{koOrder.memo}</dt>
            <dd>{d.memo}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
