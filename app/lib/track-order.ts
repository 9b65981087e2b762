import { orderEventId, type CommerceEvent, type TrackedItem } from "~/shared/tracking";
import { track } from "./track";

/** An order's event, reported once per browser however often its page is opened. */
export function trackOnce(key: string, event: CommerceEvent): void {
  if (typeof window === "undefined") return;
  try {
    if (window.localStorage.getItem(`tracked:${key}`)) return;
    window.localStorage.setItem(`tracked:${key}`, "1");
  } catch {
    // Storage off (private mode): the ad platform still deduplicates by the event id.
  }
  track(event);
}

type TrackedOrder = {
  id: number;
  total_price: number;
  delivery_price: number;
  groups: { lines: { sid: string; name: string; opt_name: string; price: number; qty: number }[] }[];
};

/** An order's lines as event items: the product's public id, its name with the option, won. */
export function orderItems(order: TrackedOrder): TrackedItem[] {
  return order.groups.flatMap((g) =>
    g.lines.map((l) => ({
      id: l.sid,
      name: l.opt_name ? `${l.name} (${l.opt_name})` : l.name,
      price: l.price,
      quantity: l.qty,
    })),
  );
}

/** begin_checkout on the order sheet and purchase on the completion page, once per order. */
export function trackOrder(name: "begin_checkout" | "purchase", order: TrackedOrder): void {
  const orderId = String(order.id);
  const items = orderItems(order);
  trackOnce(
    orderEventId(name, orderId),
    name === "purchase"
      ? { name, orderId, items, value: order.total_price, shipping: order.delivery_price }
      : { name, orderId, items, value: order.total_price },
  );
}
