/**
 * Owner-configured ad and analytics tags (issue 14, decision 070): which ids a shop may have, the
 * origins their scripts need in the Content-Security-Policy, the shopper's marketing consent and
 * the commerce events pages report. Shared by the Worker, the loaders and the browser.
 */

/** A Meta (Facebook) pixel id: digits only. */
export const PIXEL_PATTERN = /^\d{8,20}$/;
/** A Google tag: GA4 (G-), Google Ads (AW-), a Google tag (GT-) or Floodlight (DC-). */
export const GTAG_PATTERN = /^(G|AW|GT|DC)-[A-Z0-9]{4,20}$/;

export type TrackingIds = { pixels: string[]; gtags: string[] };

type TrackingFields = {
  facebook_pixel?: string | null;
  facebook_moco_pixel?: string | null;
  g_tagid?: string | null;
  agency_g_tagid?: string | null;
  agency_gtag_id?: string | null;
};

const valid = (pattern: RegExp, values: (string | null | undefined)[]) => [
  ...new Set(values.map((v) => v?.trim() ?? "").filter((v) => pattern.test(v))),
];

/**
 * The shop's valid ids, or null when it has none: then no script, no consent bar and no server
 * event. An id that does not match its pattern never reaches a script tag (an upstream's data
 * included), it is left out.
 */
export function trackingIds(shop: TrackingFields): TrackingIds | null {
  const pixels = valid(PIXEL_PATTERN, [shop.facebook_pixel, shop.facebook_moco_pixel]);
  const gtags = valid(GTAG_PATTERN, [shop.g_tagid, shop.agency_g_tagid, shop.agency_gtag_id]);
  return pixels.length + gtags.length > 0 ? { pixels, gtags } : null;
}

/** Where the tags' scripts come from and talk to (Meta's and Google's published CSP lists). */
export const TRACKING_ORIGINS = {
  pixel: {
    script: ["https://connect.facebook.net"],
    connect: ["https://www.facebook.com", "https://connect.facebook.net"],
    img: ["https://www.facebook.com"],
    frame: [] as string[],
  },
  gtag: {
    script: ["https://www.googletagmanager.com"],
    connect: [
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://www.googletagmanager.com",
      "https://www.google.com",
      "https://googleads.g.doubleclick.net",
    ],
    img: [
      "https://*.google-analytics.com",
      "https://www.googletagmanager.com",
      "https://www.google.com",
      "https://www.google.co.kr",
      "https://googleads.g.doubleclick.net",
    ],
    frame: ["https://td.doubleclick.net", "https://www.googletagmanager.com"],
  },
} as const;

/** The CSP additions for a shop's ids: only what its configured tags need. */
export function trackingCsp(ids: TrackingIds | null) {
  const parts = [
    ...(ids?.pixels.length ? [TRACKING_ORIGINS.pixel] : []),
    ...(ids?.gtags.length ? [TRACKING_ORIGINS.gtag] : []),
  ];
  const all = (key: "script" | "connect" | "img" | "frame") => parts.flatMap((p) => [...p[key]]);
  return { script: all("script"), connect: all("connect"), img: all("img"), frame: all("frame") };
}

/**
 * Marketing consent (PIPA asks for it apart from the terms): a host-only cookie the browser sets
 * when the shopper answers the bar, read by the Worker before it sends a server event.
 */
/** The footer's 마케팅 쿠키 설정 asks the bar again through this window event (with scripts). */
export const ASK_CONSENT_EVENT = "shop:ask-consent";

export const CONSENT_COOKIE = "mkt_consent";
export type Consent = "granted" | "denied";
/** A year, then the shopper is asked again. */
export const CONSENT_MAX_AGE = 365 * 24 * 60 * 60;

/** Whether a shop's tags load for a visitor: only on their consent, and never while they save data. */
export const tagsMayRun = (consent: Consent | null, savingData: boolean) => consent === "granted" && !savingData;

export function consentOf(value: string | null | undefined): Consent | null {
  return value === "granted" || value === "denied" ? value : null;
}

/**
 * Cookies the tags write, removed when the shopper refuses or withdraws (all host-only). No page is
 * drawn from them on the server, so they do not keep a page out of the edge cache (decision 077).
 */
export const isTagCookie = (name: string) => /^(_fbp|_fbc|_ga(_\w+)?|_gcl_\w+)$/.test(name);

/** The tag cookies among a Cookie header's (or document.cookie's), each as an expiring line. */
export function expiredTagCookies(cookieHeader: string | null): string[] {
  return (cookieHeader ?? "")
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter(isTagCookie)
    .map((name) => `${name}=; Max-Age=0; Path=/`);
}

/** The consent cookie as a Set-Cookie / document.cookie line ("reset" forgets the answer). */
export function consentCookie(value: Consent | "reset", secure: boolean): string {
  const age = value === "reset" ? 0 : CONSENT_MAX_AGE;
  return `${CONSENT_COOKIE}=${value === "reset" ? "" : value}; Max-Age=${age}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** One line of an event: the product's public id (sid), its name, unit price in won and count. */
export type TrackedItem = { id: string; name: string; price: number; quantity: number };

/**
 * The commerce events pages report. Each has an id an ad platform deduplicates by: purchase and
 * begin_checkout are named after the order (`purchase-{orderId}`), so the browser's and the
 * server's purchase are one; add_to_cart carries the id the Worker's action chose.
 */
export type CommerceEvent =
  | { name: "page_view" }
  | { name: "view_item"; items: TrackedItem[]; value: number }
  | { name: "add_to_cart"; id: string; items: TrackedItem[]; value: number }
  | { name: "begin_checkout"; orderId: string; items: TrackedItem[]; value: number }
  | { name: "purchase"; orderId: string; items: TrackedItem[]; value: number; shipping: number };

export type CommerceEventName = CommerceEvent["name"];

/** The dedup id of an order's event: the same in the browser and in the server's call. */
export const orderEventId = (event: "purchase" | "begin_checkout", orderId: string) => `${event}-${orderId}`;

/** An event id a caller may hand the server (add_to_cart): short, plain. */
export const EVENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** Meta's standard event names for ours. */
export const PIXEL_EVENT_NAMES: Record<CommerceEventName, string> = {
  page_view: "PageView",
  view_item: "ViewContent",
  add_to_cart: "AddToCart",
  begin_checkout: "InitiateCheckout",
  purchase: "Purchase",
};
