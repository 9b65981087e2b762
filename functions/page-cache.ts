import type { SharedPage } from "~/lib/context";
import type { ShopInfo } from "~/shared/contracts";
import type { PersonalNotes } from "~/shared/personal";
import { requestPreferences } from "~/shared/preferences";
import { CONSENT_COOKIE, isTagCookie } from "~/shared/tracking";
import { HostCache } from "./tenant";
import type { ShopStore } from "./db/shops";
import type { Log } from "./log";
import { fillTemplate, type FillTemplate, type Filling } from "./personal";
import { render } from "./html-template";

/**
 * The edge page cache (issue 15, decision 077). A page view (its HTML, or its data for a client
 * navigation: Remix's `.data` request, a key of its own) with no cookie that could make it
 * personal (no session, cart, device, table or bookmark) gets the page every such visitor gets:
 * kept in the Cache API per address, host, shop, the shop's content version and the request's
 * preferences, so one host's page never answers another and an owner's change shows within a
 * second. Only pages whose loader said so (sharePage) with status 200 are kept. Each response
 * still gets its own script nonce, and the device id and recorded view a first product view brings.
 */

/** After its fresh time a kept page is given out once more while it is drawn again. */
const STALE_SECONDS = 300;

/** Headers of the kept copy only: never sent to a browser. */
const STORED_AT = "x-page-stored-at";
const VIEWED = "x-page-viewed";
/** The page's notes for filling it in per visitor (decision 122), JSON. */
const PERSONAL = "x-page-personal";

declare global {
  // workerd's own cache (the DOM library the app's code also compiles against does not know it).
  interface CacheStorage {
    readonly default: Cache;
  }
}

export type PageCacheState = "hit" | "stale" | "miss";

/**
 * The part of the key the request itself adds (requestPreferences), or null when its page may be
 * personal: anything but a GET, or any cookie besides the consent answer and the tags' own.
 */
export function sharedVariant(request: Request): string | null {
  if (request.method !== "GET") return null;
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const name = part.split("=")[0]!.trim();
    if (name && name !== CONSENT_COOKIE && !isTagCookie(name)) return null;
  }
  const p = requestPreferences(request);
  return [p.consent ?? "-", p.saveData ? "save-data" : "-", p.isIE ? "ie" : "-", p.crawler ? "crawler" : "-"].join(".");
}

/** The kept page's key: the request's own address, plus the host, shop, version and variant. */
export function pageKey(request: Request, host: string, shop: ShopInfo, variant: string): Request | null {
  // An upstream's shop has no content version: nothing would tell a kept page it is out of date.
  if (shop.content_version === undefined) return null;
  const url = new URL(request.url);
  url.hash = "";
  url.searchParams.append("__page", [host, shop.shopid, shop.content_version, variant].join("/"));
  return new Request(url.toString(), { method: "GET" });
}

/**
 * How long this isolate trusts a shop version it has read: under load, one small D1 read per shop
 * per second instead of one per page (an owner's change shows within this).
 */
const VERSION_TRUSTED_SECONDS = 1;
const confirmed = new HostCache<number>();

/**
 * Whether the isolate's copy of a shop is as new as the database says (its content version), for
 * resolveShop: a page that may be kept is drawn from, and keyed by, a current record.
 */
export function currentShop(shops: ShopStore, host: string | null): (shop: ShopInfo) => Promise<boolean> {
  return async (shop) => {
    const key = `${shop.shopid}@${host}`;
    if (confirmed.get(key)?.value === shop.content_version) return true;
    const current = (await shops.contentVersion(shop.shopid)) === shop.content_version;
    if (current && shop.content_version !== undefined)
      confirmed.set(key, shop.content_version, VERSION_TRUSTED_SECONDS);
    return current;
  };
}

type Answered = {
  response: Response;
  state: PageCacheState;
  viewed: number | null;
  /** How the page may be filled in for a visitor with a session or device; null: it may not. */
  personal: PersonalNotes | null;
  /** The kept copy given out (a hit or a stale one), for nobodysCopy; null for a page drawn now. */
  kept: Kept | null;
};

/** A kept page, read. */
type Kept = {
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
  storedAt: number;
  viewed: number | null;
  personal: PersonalNotes | null;
  /** Its template for filling it in, made once in this isolate (filledAnswer). */
  template?: Promise<FillTemplate>;
};

/**
 * The pages this isolate gave out last, by key (whose host and shop keep them apart): a hit without
 * even the Cache API's round trip. Bounded: about 40 KB each.
 */
const nearby = new HostCache<Kept>(100);
/** A bigger kept body (a sitemap file of 49,000 addresses is ≈ 4 MB) only in the Cache API: 100 of them would not fit an isolate. */
const NEARBY_MAX_BYTES = 256 * 1024;
const keepNearby = (url: string, kept: Kept, seconds: number) => {
  if (kept.body.byteLength <= NEARBY_MAX_BYTES) nearby.set(url, kept, seconds);
};

/** Pages being drawn in this isolate, by key: a burst of visitors to a new page waits for one. */
const drawing = new Map<string, Promise<Kept | null>>();

/**
 * The page for `key`: the kept one when there is one (drawn again after its fresh time, once it
 * has been given out), else drawn now, and kept when its loader shared it.
 */
export async function answerShared(
  key: Request,
  freshSeconds: number,
  waitUntil: (promise: Promise<unknown>) => void,
  log: Log,
  render: (notes: SharedPage) => Promise<Response>,
): Promise<Answered> {
  const life = freshSeconds + STALE_SECONDS;
  let kept = nearby.get(key.url)?.value;
  if (!kept) {
    const found = await caches.default.match(key);
    if (found) {
      kept = await read(found);
      keepNearby(key.url, kept, life - ageOf(kept));
    }
  }
  if (kept) {
    const state = ageOf(kept) <= freshSeconds ? "hit" : "stale";
    if (state === "stale" && !drawing.has(key.url)) {
      const notes: SharedPage = { keep: false, viewed: null, personal: null };
      draw(
        key,
        waitUntil,
        log,
        render(notes).then((again) => keep(key, again, life, notes)),
      );
    }
    return { response: forBrowser(kept), state, viewed: kept.viewed, personal: kept.personal, kept };
  }
  const underway = drawing.get(key.url);
  const joined = underway ? await underway : null;
  if (joined) {
    return {
      response: forBrowser(joined),
      state: "hit",
      viewed: joined.viewed,
      personal: joined.personal,
      kept: joined,
    };
  }
  const notes: SharedPage = { keep: false, viewed: null, personal: null };
  const response = await render(notes);
  if (!keepable(response, notes)) return { response, state: "miss", viewed: notes.viewed, personal: null, kept: null };
  const [out, copy] = response.body!.tee();
  draw(key, waitUntil, log, keep(key, new Response(copy, response), life, notes));
  return {
    response: new Response(out, response),
    state: "miss",
    viewed: notes.viewed,
    personal: notes.personal,
    kept: null,
  };
}

/** Notes a page being drawn (and kept), until it is. */
function draw(
  key: Request,
  waitUntil: (promise: Promise<unknown>) => void,
  log: Log,
  work: Promise<Kept | null>,
): void {
  const kept = work.catch((error: unknown) => {
    log.error("page cache", error);
    return null;
  });
  drawing.set(key.url, kept);
  waitUntil(kept.finally(() => drawing.delete(key.url)));
}

/**
 * Keeps a page its loader shared, complete (200), that sets no cookie: here and in the Cache API.
 * A page drawn again that no longer is one is forgotten instead.
 */
async function keep(key: Request, response: Response, life: number, notes: SharedPage): Promise<Kept | null> {
  if (!keepable(response, notes)) {
    // Read to its end rather than cancelled: the render behind it ends as it began.
    await response.body?.pipeTo(new WritableStream());
    nearby.delete(key.url);
    await caches.default.delete(key);
    return null;
  }
  const kept: Kept = {
    status: response.status,
    headers: ownHeaders(response.headers),
    body: await response.arrayBuffer(),
    storedAt: Date.now(),
    viewed: notes.viewed,
    personal: notes.personal,
  };
  keepNearby(key.url, kept, life);
  await caches.default.put(key, stored(kept, life));
  return kept;
}

function keepable(response: Response, notes: SharedPage): boolean {
  return notes.keep && response.status === 200 && response.body !== null && !response.headers.has("set-cookie");
}

/** The page's own headers: not the cache's. */
const ownHeaders = (headers: Headers): [string, string][] =>
  [...headers].filter(([name]) => ![STORED_AT, VIEWED, PERSONAL, "age", "cf-cache-status", "expires"].includes(name));

/** A page from the Cache API. */
async function read(response: Response): Promise<Kept> {
  return {
    status: response.status,
    headers: ownHeaders(response.headers),
    body: await response.arrayBuffer(),
    storedAt: Number(response.headers.get(STORED_AT)) || 0,
    viewed: Number(response.headers.get(VIEWED)) || null,
    personal: personalNotes(response.headers.get(PERSONAL)),
  };
}

/** The kept copy's notes for filling it in: what sharePage said, or null for anything else. */
function personalNotes(header: string | null): PersonalNotes | null {
  if (!header) return null;
  try {
    const notes = JSON.parse(header) as PersonalNotes;
    return Array.isArray(notes.pids) && notes.pids.every(Number.isInteger)
      ? { pids: notes.pids, one: notes.one === true }
      : null;
  } catch {
    return null;
  }
}

const ageOf = (kept: Kept) => (Date.now() - kept.storedAt) / 1000;

/** The Cache API's copy: its own life, and when it was drawn. */
function stored(kept: Kept, life: number): Response {
  const headers = new Headers(kept.headers);
  headers.set("cache-control", `public, max-age=${life}`);
  headers.set(STORED_AT, String(kept.storedAt));
  if (kept.viewed) headers.set(VIEWED, String(kept.viewed));
  if (kept.personal) headers.set(PERSONAL, JSON.stringify(kept.personal));
  return new Response(kept.body, { status: kept.status, headers });
}

/** The kept copy as a browser gets it: without the cache's own headers, not kept by the browser. */
function forBrowser(kept: Kept): Response {
  const headers = new Headers(kept.headers);
  headers.set("cache-control", "private, no-cache");
  return new Response(kept.body, { status: kept.status, headers });
}

/**
 * The page as one visitor gets it: put together with their `filling` from the page's template (decision 134),
 * made once per kept page in this isolate, so a visitor costs joining strings rather than a pass of
 * HTMLRewriter over the page (the most common page of all, an anonymous hit, was twice a trivial
 * response for that pass alone; a returning visitor's, three times). A page drawn now is read whole
 * first. Anything but HTML is given out as it is.
 */
export async function filledAnswer(answered: Pick<Answered, "response" | "kept">, filling: Filling): Promise<Response> {
  const fill = (template: FillTemplate) => render(template, filling);
  const { response, kept } = answered;
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html")) return response;
  if (!kept) {
    const template = await fillTemplate(await response.text());
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    return new Response(fill(template), { status: response.status, statusText: response.statusText, headers });
  }
  await response.body?.cancel();
  kept.template ??= fillTemplate(new TextDecoder().decode(kept.body)).catch((error: unknown) => {
    kept.template = undefined; // the next visitor tries again
    throw error;
  });
  const template = await kept.template;
  const headers = new Headers(kept.headers);
  headers.set("cache-control", "private, no-cache");
  return new Response(fill(template), { status: kept.status, headers });
}
