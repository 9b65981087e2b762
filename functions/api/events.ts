import type { ShopInfo } from "~/shared/contracts";
import { readCookie } from "~/shared/cookies";
import { koTrackingErrors as t } from "~/shared/messages/tracking";
import { CONSENT_COOKIE, consentOf, orderEventId, trackingIds, type TrackingIds } from "~/shared/tracking";
import { isPlaced } from "~/shared/order-status";
import type { NewServerEvent, ServerEventRow } from "../db/server-events";
import { deliverEvent } from "../events/provider";
import type { ApiContext, Handlers } from "./context";
import { requireCartOwner, trackingOf } from "./cart";
import { orderDataOf, ownOrder } from "./orders";
import { orderOwner } from "./order-lookup";
import { ApiError } from "./http";

/** The shop's tags and the shopper's consent, or the refusal: no tags, or no yes. */
function gate(ctx: ApiContext): { shop: ShopInfo; ids: TrackingIds } {
  const shop = ctx.requireHostShop();
  const ids = trackingIds(shop);
  if (!ids) throw new ApiError(409, "TRACKING_OFF", t.off);
  if (consentOf(readCookie(ctx.request.headers.get("cookie"), CONSENT_COOKIE)) !== "granted") {
    throw new ApiError(403, "NO_CONSENT", t.noConsent);
  }
  return { shop, ids };
}

/** What an ad platform matches the shopper by: its own cookies, the address and the browser. */
type UserData = { fbp: string | null; fbc: string | null; ip: string | null; ua: string | null; clientId: string };
const userData = (u: UserData) => ({
  fbp: u.fbp,
  fbc: u.fbc,
  client_ip_address: u.ip,
  client_user_agent: u.ua,
  ga_client_id: u.clientId || null,
});

export const eventHandlers = {
  async syncEvent({ query, body }, ctx) {
    const { shop, ids } = gate(ctx);
    const now = Date.now();
    const base = {
      event_name: query.event,
      event_time: Math.floor(now / 1000),
      action_source: "website",
      destinations: ids,
    };
    let event: NewServerEvent;
    if (query.event === "purchase") {
      if (!query.order_id) throw new ApiError(400, "BAD_REQUEST", t.orderRequired, "order_id");
      const owner = await orderOwner(ctx, shop.shopid, query.order_id);
      const record = await ownOrder(ctx, shop, owner, query.order_id);
      const { order, lines } = record;
      // Placed (app/shared/order-status.ts), and not cancelled.
      if (order.status === "CANCELED" || !isPlaced(order)) {
        throw new ApiError(409, "NOT_PLACED", t.notPlaced);
      }
      // Amounts, lines and the shopper's identifiers from the order as stored, never the caller's.
      const data = orderDataOf(shop, record);
      const eventId = orderEventId("purchase", String(order.id));
      event = {
        shopId: shop.shopid,
        eventId,
        event: "purchase",
        owner,
        orderId: order.id,
        payload: JSON.stringify({
          ...base,
          event_source_url: body.source_url ?? `${ctx.url.origin}/user/order_complete?id=${order.id}`,
          user_data: userData({ fbp: data.fbp, fbc: data.fbc, ip: data.ip, ua: data.ua, clientId: query.client_id }),
          custom_data: {
            currency: "KRW",
            value: data.total_price,
            shipping: data.delivery,
            order_id: String(order.id),
            pay_method: data.pay_method,
            contents: lines.map((l) => ({ id: l.sid, quantity: l.qty, item_price: l.unit_price })),
            num_items: lines.reduce((n, l) => n + l.qty, 0),
          },
        }),
      };
    } else {
      if (!body.event_id || !body.items) throw new ApiError(400, "BAD_REQUEST", t.itemsRequired, "items");
      const owner = await requireCartOwner(ctx);
      // Prices and names from this shop's catalogue: the caller names lines, nothing more.
      const lines = await ctx.db.cart.resolve(shop.shopid, body.items);
      if (lines.length !== body.items.length) throw new ApiError(400, "INVALID_PRODUCT", t.invalidProduct);
      const cookies = trackingOf(ctx);
      event = {
        shopId: shop.shopid,
        eventId: body.event_id,
        event: "add_to_cart",
        owner,
        orderId: null,
        payload: JSON.stringify({
          ...base,
          event_source_url: body.source_url ?? `${ctx.url.origin}/shop/view/${encodeURIComponent(lines[0]!.sid)}`,
          user_data: userData({
            ...cookies,
            ip: ctx.request.headers.get("cf-connecting-ip"),
            ua: ctx.request.headers.get("user-agent")?.slice(0, 500) ?? null,
            clientId: query.client_id,
          }),
          custom_data: {
            currency: "KRW",
            value: lines.reduce((n, l) => n + l.price * l.qty, 0),
            contents: lines.map((l) => ({ id: l.sid, quantity: l.qty, item_price: l.price })),
            num_items: lines.reduce((n, l) => n + l.qty, 0),
          },
        }),
      };
    }
    const store = ctx.db.serverEvents;
    const row = await store.add(event, now);
    if (!row) {
      // Sent before (the same id): one event however often it is reported. Past the hourly
      // allowance there is no row at all, and the answer says it was not recorded.
      const earlier = await store.byEventId(shop.shopid, event.eventId);
      if (!earlier) throw new ApiError(429, "TOO_MANY_EVENTS", t.tooMany);
      return { event_id: earlier.event_id, status: earlier.status, duplicate: true };
    }
    await deliverEvent(store, ctx.db.eventSink, row, now);
    const settled = (await store.byEventId(shop.shopid, row.event_id)) ?? row;
    return { event_id: settled.event_id, status: settled.status, duplicate: false };
  },

  async adminTracking({ body }, ctx) {
    const { shop } = await ctx.requireOwner();
    await ctx.db.shops.setTracking(shop.shopid, body);
    return body;
  },

  async adminServerEvents(_input, ctx) {
    const { shop } = await ctx.requireOwner();
    const [ids, rows] = await Promise.all([
      ctx.db.shops.tracking(shop.shopid),
      ctx.db.serverEvents.latest(shop.shopid),
    ]);
    const none = {
      facebook_pixel: null,
      facebook_moco_pixel: null,
      g_tagid: null,
      agency_g_tagid: null,
      agency_gtag_id: null,
    };
    return { ids: ids ?? none, items: rows.map(toItem), endpoint: ctx.config.EVENTS_ENDPOINT !== "" };
  },
} satisfies Handlers;

function toItem(row: ServerEventRow) {
  let value: number | null = null;
  try {
    const v = (JSON.parse(row.payload) as { custom_data?: { value?: unknown } }).custom_data?.value;
    value = typeof v === "number" ? v : null;
  } catch {
    value = null;
  }
  return {
    event_id: row.event_id,
    event: row.event,
    order_id: row.order_id,
    value,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: row.created_at,
  };
}
