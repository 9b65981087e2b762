import * as css from "~/components/cart/cart.css";
import { koOrder } from "~/shared/messages/cart";
import { orderStatusLabel } from "~/shared/order-status";

/** "주문번호 … · 상태" under an order page's title (the sheet once it became an order, the completion). */
export function OrderNoLine({
  order,
}: {
  order: { id: number; status: string; pay_method?: string | null; table: unknown };
}) {
  return (
    <p className={css.muted}>
      {koOrder.orderNo(order.id)} ·{" "}
      <span data-testid="order-status">
        {orderStatusLabel(order.status, { payMethod: order.pay_method, smartOrder: order.table !== null })}
      </span>
    </p>
  );
}
