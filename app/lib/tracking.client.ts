import type { QueuedEvent } from "~/lib/track";
import { readCookie } from "~/shared/cookies";
import { PIXEL_EVENT_NAMES, orderEventId, type TrackingIds } from "~/shared/tracking";

/**
 * The shop's ad and analytics tags, loaded only after the shopper agreed and the page is
 * interactive (its own chunk: nobody else downloads it). Meta's pixel and Google's gtag.js get
 * the same events with the same ids as the Worker's server events (decision 070).
 */

export const PIXEL_SCRIPT = "https://connect.facebook.net/en_US/fbevents.js";
export const GTAG_SCRIPT = "https://www.googletagmanager.com/gtag/js";

type Command = (...args: unknown[]) => void;
type TagWindow = Window & { fbq?: Command; _fbq?: Command; dataLayer?: unknown[]; gtag?: Command };

let started = false;

export function startTracking(ids: TrackingIds): void {
  if (started) return;
  started = true;
  const w = window as TagWindow;
  scrubAddress();
  if (ids.pixels.length > 0) startPixel(w, ids.pixels);
  if (ids.gtags.length > 0) startGtag(w, ids.gtags);
  // What pages reported before the tags were here: this page's only (an earlier page's view
  // would be counted on the wrong address).
  const queued = window.__shopTrack;
  window.__shopTrack = { push: (event: QueuedEvent) => send(w, event) };
  if (Array.isArray(queued)) for (const event of queued) if (event.path === window.location.pathname) send(w, event);
}

function loadScript(src: string): void {
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  // A blocked or failing tag leaves the page as it is.
  script.onerror = () => script.remove();
  document.head.appendChild(script);
}

/** A host-only first-party cookie, like every cookie of the storefront. */
function setCookie(name: string, value: string, maxAge: number): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

const NINETY_DAYS = 90 * 24 * 60 * 60;

function startPixel(w: TagWindow, pixels: string[]): void {
  // _fbp (this browser) and _fbc (the ad click that brought it) in Meta's documented format,
  // set here rather than by the pixel so that they are host-only and reach the Worker's
  // server events even when the pixel's script is blocked.
  if (!readCookie(document.cookie, "_fbp")) {
    setCookie("_fbp", `fb.1.${Date.now()}.${Math.floor(1e9 + Math.random() * 9e9)}`, NINETY_DAYS);
  }
  const fbclid = new URL(window.location.href).searchParams.get("fbclid");
  if (fbclid && /^[\w-]{1,500}$/.test(fbclid)) setCookie("_fbc", `fb.1.${Date.now()}.${fbclid}`, NINETY_DAYS);
  if (!w.fbq) {
    // The pixel's command queue until fbevents.js arrives: it sets callMethod and takes the
    // queue over (the shape of Meta's own loader).
    type Fbq = Command & { callMethod?: Command; queue: unknown[][]; loaded: boolean; version: string; push?: Fbq };
    const fbq: Fbq = Object.assign(
      (...args: unknown[]) => {
        if (fbq.callMethod) Reflect.apply(fbq.callMethod, fbq, args);
        else fbq.queue.push(args);
      },
      { queue: [] as unknown[][], loaded: true, version: "2.0" },
    );
    fbq.push = fbq;
    w.fbq = fbq;
    w._fbq = fbq;
  }
  for (const id of pixels) w.fbq("init", id);
  loadScript(PIXEL_SCRIPT);
}

function startGtag(w: TagWindow, tags: string[]): void {
  w.dataLayer ??= [];
  const layer = w.dataLayer;
  // gtag.js reads `arguments` objects from the data layer, not arrays.
  w.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    layer.push(arguments);
  };
  w.gtag("js", new Date());
  // Page views are ours to send (client-side navigation); cookies on this host only.
  for (const id of tags) w.gtag("config", id, { send_page_view: false, cookie_domain: "none" });
  loadScript(`${GTAG_SCRIPT}?id=${encodeURIComponent(tags[0]!)}`);
}

function randomId(): string {
  return typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The event's deduplication id: the order's for order events, the action's for add_to_cart. */
export function eventIdOf(event: QueuedEvent): string {
  switch (event.name) {
    case "purchase":
    case "begin_checkout":
      return orderEventId(event.name, event.orderId);
    case "add_to_cart":
      return event.id;
    default:
      return randomId();
  }
}

/**
 * A guest's account pages carry their device id in the address (uuid_value): the tags read the
 * address themselves, so it is taken out of the address bar before any of them sees it. The
 * device cookie still identifies the guest on this host.
 */
export function scrubAddress(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has("uuid_value")) return;
  url.searchParams.delete("uuid_value");
  window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
}

function send(w: TagWindow, event: QueuedEvent): void {
  scrubAddress();
  const eventID = eventIdOf(event);
  try {
    if (w.fbq) {
      if (event.name === "page_view") w.fbq("track", "PageView", {}, { eventID });
      else {
        w.fbq(
          "track",
          PIXEL_EVENT_NAMES[event.name],
          {
            content_type: "product",
            content_ids: event.items.map((i) => i.id),
            contents: event.items.map((i) => ({ id: i.id, quantity: i.quantity, item_price: i.price })),
            num_items: event.items.reduce((n, i) => n + i.quantity, 0),
            value: event.value,
            currency: "KRW",
            ...(event.name === "purchase" ? { order_id: event.orderId } : {}),
          },
          { eventID },
        );
      }
    }
    if (w.gtag) {
      if (event.name === "page_view") {
        w.gtag("event", "page_view", {
          page_location: window.location.href,
          page_title: document.title,
          event_id: eventID,
        });
      } else {
        w.gtag("event", event.name, {
          currency: "KRW",
          value: event.value,
          items: event.items.map((i) => ({ item_id: i.id, item_name: i.name, price: i.price, quantity: i.quantity })),
          event_id: eventID,
          ...(event.name === "purchase" ? { transaction_id: event.orderId, shipping: event.shipping } : {}),
        });
      }
    }
  } catch {
    // A tag that throws is the tag's problem, never the page's.
  }
}
