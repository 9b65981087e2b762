import { orderEventId, type CommerceEvent, type TrackedItem } from "~/shared/tracking";

/**
 * Pages report commerce events here; the tags' code (tracking.client.ts, loaded only after
 * consent) picks them up. Until it has loaded the events wait in a short queue on `window`, the
 * way tag managers' data layers work, so a page never waits for a tag and never imports one.
 */
export type QueuedEvent = CommerceEvent & { path: string };
type Sink = { push(event: QueuedEvent): void };

declare global {
  interface Window {
    __shopTrack?: QueuedEvent[] | Sink;
  }
}

/** Events kept for a tag that is not there yet: the current page's, a few pages back at most. */
const QUEUE_LIMIT = 30;

export function track(event: CommerceEvent): void {
  if (typeof window === "undefined") return;
  const sink = (window.__shopTrack ??= []);
  sink.push({ ...event, path: window.location.pathname });
  if (Array.isArray(sink) && sink.length > QUEUE_LIMIT) sink.splice(0, sink.length - QUEUE_LIMIT);
}

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
