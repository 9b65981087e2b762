import type { ShopInfo } from "~/shared/contracts";
import { BOOKMARK_COOKIE } from "./db/session";
import { FIRST_VIEW_COOKIE, withDevice, DEVICE_KEY } from "~/shared/device";
import { koCartButton } from "~/shared/messages/shop/cart";
import { koHeader } from "~/shared/messages/shop/header";
import { koMemberBox } from "~/shared/messages/shop/account";
import { koProduct } from "~/shared/messages/shop/product";
import { countsByList } from "~/shared/order-lists";
import { badgeText, SLOT } from "~/shared/slots";
import {
  FRAME_ROUTE,
  LEAF_ROUTE,
  LIKE_SLOT,
  OVERLAY_ATTRIBUTE,
  ROOT_ROUTE,
  type PersonalNotes,
  type PersonalOverlay,
} from "~/shared/personal";
import { membershipLine } from "~/shared/membership-line";
import { shopOwnerUid } from "~/shared/shop-owner";
import { CONSENT_COOKIE, isTagCookie } from "~/shared/tracking";
import { nowSeconds, SID_COOKIE, SKEY_COOKIE } from "./auth/session";
import { memberOfRow, type Member } from "./auth/member";
import { sha256Hex } from "./auth/crypto";
import { SessionStore, type SessionMemberRow } from "./db/sessions";
import { AccountSummaryStore, type SummaryCounts } from "./db/account-summary";
import { deviceOwner, memberOwner, type Owner } from "./db/cart";
import { FavouriteStore, RecentStore } from "./db/favourites";
import type { Db } from "./db/session";
import { escapeText, TemplateMaker, type Part, type Template } from "./html-template";

/**
 * Personal pages from the shared copy (issue 39, decision 122). A page that differs per visitor
 * only in marked parts (the header's and drawer's login state, counts and membership line, the
 * ♡) is drawn once, like the page for visitors without cookies (decision 077), and filled in here
 * for each visitor from one D1 round trip, with HTMLRewriter; the browser gets the same values as
 * an overlay on the loader data it hydrates with (app/lib/personal.ts).
 */

/** The cookies a visitor whose page may be filled in may carry: theirs, and those that change nothing. */
const PERSONAL_COOKIES = new Set([SID_COOKIE, SKEY_COOKIE, DEVICE_KEY, BOOKMARK_COOKIE, FIRST_VIEW_COOKIE]);

/**
 * The pages that may be filled in rather than drawn per visitor (their loaders say so too,
 * sharePage's `personal`): home, product pages, lists and search. Their HTML only: a client
 * navigation's data is the visitor's own.
 */
const FILLABLE = /^\/(?:|shop\/view\/[^/]+|shop\/list|shop\/search)$/;

/**
 * Whether this request's page may come from the shared copy, filled in: a GET of a fillable page
 * whose cookies are a session, a device, a bookmark or a kept first view (and those that change
 * nothing). A smart-order table or a login under way is drawn for its visitor.
 */
export function fillable(request: Request): boolean {
  const { pathname } = new URL(request.url);
  // `/shop/view/b0017.data` is that page's data (Remix's single fetch): the visitor's own.
  if (request.method !== "GET" || pathname.endsWith(".data") || !FILLABLE.test(pathname)) return false;
  let personal = false;
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const name = part.split("=")[0]!.trim();
    if (!name || name === CONSENT_COOKIE || isTagCookie(name)) continue;
    if (!PERSONAL_COOKIES.has(name)) return false;
    personal = true;
  }
  return personal;
}

/** The request as a visitor without cookies of their own makes it: the shared copy's. */
export function withoutPersonalCookies(request: Request): Request {
  const kept = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part && !PERSONAL_COOKIES.has(part.split("=")[0]!.trim()));
  const headers = new Headers(request.headers);
  if (kept.length > 0) headers.set("cookie", kept.join("; "));
  else headers.delete("cookie");
  return new Request(request.url, { method: "GET", headers });
}

/** An owner's header has the console button: their pages are drawn for them. */
export const ownsShop = (member: Member | null, shop: ShopInfo) => member !== null && member.uid === shopOwnerUid(shop);

/** Who the page is filled in for, and what of theirs it shows. */
export type Visitor = {
  member: Member | null;
  /** A guest's device id (a member's links carry none). */
  device: string | null;
  /** The drawer's counts; null when there is nobody to count for (as the frame's loader). */
  summary: {
    member: { name: string; profile: string | null } | null;
    membership: SummaryCounts["membership"];
    orders: Record<string, number>;
    cart: number;
    like: number;
    recent: number;
    message: number;
  } | null;
  liked: number[];
};

/** Nobody: the page as every visitor without cookies gets it. */
export const NOBODY: Visitor = { member: null, device: null, summary: null, liked: [] };

/**
 * Who asks for the page, as far as the Worker knows before the fill's batch: a member already read
 * (or nobody; `sessionCookie`: they sent a session that is no longer valid, which counts as nobody's
 * counts, as the account summary does), or a session whose id names its member, to be checked in
 * that batch (decision 125).
 */
export type Asker =
  | { member: Member | null; sessionCookie: boolean }
  | { session: { sid: string; skey: string; uid: number; host: string } };

/**
 * The visitor's part of a page, in one D1 round trip (one batch): their session when it is still
 * to be checked, their counts, which of the page's products they like, and, on a product page,
 * their view recorded first (so the count has it).
 */
export async function readVisitor(
  db: Db,
  shop: ShopInfo,
  asker: Asker,
  device: string | null,
  notes: PersonalNotes,
  viewed: number | null,
  now: number,
): Promise<Visitor> {
  if ("session" in asker) {
    // A batch the session's guard failed (a session ended since, or someone else's id) wrote
    // nothing: the session is then read on its own, as for any page.
    const read = await readClaimed(db, shop, asker.session, device, notes, viewed, now).catch(() => null);
    if (read) return read;
    const { sid, skey, host } = asker.session;
    const member = await memberOfRow(await new SessionStore(db).findMember(sid, host, nowSeconds()), skey);
    return readVisitor(db, shop, { member, sessionCookie: member === null }, device, notes, viewed, now);
  }
  const { member, sessionCookie } = asker;
  const owner: Owner | null = member ? memberOwner(member.uid) : sessionCookie || !device ? null : deviceOwner(device);
  if (!owner) return nobodyCounted(member, device);
  const summary = new AccountSummaryStore(db);
  const record = viewed === null ? [] : new RecentStore(db).recordStatements(shop.shopid, owner, viewed, now);
  const results = await db.batch([
    ...record,
    summary.statement(shop.shopid, owner, member?.uid ?? null, now),
    new FavouriteStore(db).likedAmongStatement(shop.shopid, owner, notes.pids),
  ]);
  const [counts, liked] = results.slice(record.length);
  return counted(member, device, summary.counts(counts!, member?.uid ?? null), liked!);
}

/**
 * The visitor whose session id names their member: the session and member read in the same batch
 * as the counts read for that member, which are used only if the session holds (a forged id reads
 * nothing it may see). A product page's view is written for that member behind the session's
 * guard, which fails the whole batch when it does not hold.
 */
async function readClaimed(
  db: Db,
  shop: ShopInfo,
  session: { sid: string; skey: string; uid: number; host: string },
  device: string | null,
  notes: PersonalNotes,
  viewed: number | null,
  now: number,
): Promise<Visitor> {
  const { sid, skey, uid, host } = session;
  const sessions = new SessionStore(db);
  const owner = memberOwner(uid);
  const summary = new AccountSummaryStore(db);
  const writes =
    viewed === null
      ? []
      : [
          sessions.guardStatement(sid, await sha256Hex(skey), uid, host, nowSeconds()),
          ...new RecentStore(db).recordStatements(shop.shopid, owner, viewed, now),
        ];
  const results = await db.batch([
    ...writes,
    sessions.findMemberStatement(sid, host, nowSeconds()),
    summary.statement(shop.shopid, owner, uid, now),
    new FavouriteStore(db).likedAmongStatement(shop.shopid, owner, notes.pids),
  ]);
  const [row, counts, liked] = results.slice(writes.length);
  const member = await memberOfRow(row!.results[0] as SessionMemberRow | undefined, skey);
  if (!member || member.uid !== uid) return nobodyCounted(null, device);
  return counted(member, device, summary.counts(counts!, uid), liked!);
}

/** A visitor with nothing to count: a device new to the shop, or a session no longer valid. */
function nobodyCounted(member: Member | null, device: string | null): Visitor {
  const guestDevice = member ? null : device;
  const zero = { cart: 0, like: 0, recent: 0, message: 0, membership: null, orders: countsByList([]) };
  const mayOwn = member !== null || device !== null;
  return { member, device: guestDevice, summary: mayOwn ? { member: null, ...zero } : null, liked: [] };
}

/** The visitor with their counts and likes, as the frame's loader would say them. */
function counted(member: Member | null, device: string | null, counts: SummaryCounts, liked: D1Result): Visitor {
  return {
    member,
    device: member ? null : device,
    summary: {
      member: member ? { name: member.name, profile: member.profile } : null,
      membership: member ? counts.membership : null,
      orders: countsByList(counts.orders),
      cart: counts.cart,
      like: counts.like,
      recent: counts.recent,
      message: member ? counts.message : 0,
    },
    liked: (liked.results as { id: number }[]).map((r) => r.id),
  };
}

/**
 * What the browser puts over the loader data it hydrates with: what the root's, the frame's and
 * the page's loaders would have said for this visitor (app/lib/session.ts, shop-frame.server.ts).
 */
export function overlayOf(visitor: Visitor, notes: PersonalNotes): PersonalOverlay {
  const { member } = visitor;
  const page = notes.one ? notes.pids.some((pid) => visitor.liked.includes(pid)) : visitor.liked;
  return {
    [ROOT_ROUTE]: {
      session: member
        ? {
            login: 1,
            muid: member.uid,
            madmin: member.admin,
            mshop: false,
            member: { uid: member.uid, name: member.name, profile: member.profile },
            adminUrl: null,
          }
        : { login: -1, muid: 0, madmin: false, mshop: false, member: null, adminUrl: null },
    },
    [FRAME_ROUTE]: {
      summary: visitor.summary,
      cartCount: visitor.summary?.cart ?? 0,
      cartPath: withDevice("/user/checkout", visitor.device),
      device: visitor.device,
    },
    [LEAF_ROUTE]: { liked: page },
  };
}

/** The avatar's letter, as app/components/account/Avatar.tsx draws it. */
const initialOf = (name: string) => (Array.from(name.trim())[0] ?? "?").toUpperCase();

/** What one visitor's page is filled in with: the values the page's tokens read. */
export type Filling = {
  counts: Record<string, number>;
  /** Which of SLOT.only's names the visitor's page keeps. */
  applies: Record<string, boolean>;
  texts: Record<string, string>;
  liked: Set<number>;
  /** The guest's device id for links to carry; null for a member or nobody. */
  device: string | null;
  /** The avatar's address; null when the member has no picture (or there is no member). */
  photo: string | null;
  /** The overlay on <body>, encoded; null for nobody. */
  overlay: string | null;
  /** This response's nonce: a kept page's scripts carry the one it was drawn with (its CSP names only this one). */
  nonce: string;
};

/** The values `visitor`'s page is filled in with. */
export function fillingOf(
  visitor: Visitor,
  shop: ShopInfo,
  storageUrl: string,
  overlay: PersonalOverlay | null,
  nonce: string,
): Filling {
  const { member, summary } = visitor;
  return {
    counts: {
      cart: summary?.cart ?? 0,
      message: summary?.message ?? 0,
      like: summary?.like ?? 0,
      recent: summary?.recent ?? 0,
      ...Object.fromEntries(Object.entries(summary?.orders ?? {}).map(([list, n]) => [`orders.${list}`, n])),
    },
    applies: {
      member: member !== null,
      guest: member === null,
      photo: member?.profile != null,
      initial: member !== null && member.profile == null,
    },
    texts: {
      greeting: member ? koMemberBox.greeting(member.name) : "",
      initial: member ? initialOf(member.name) : "",
      membership: membershipLine(member !== null, summary?.membership ?? null, shop),
    },
    liked: new Set(visitor.liked),
    device: visitor.device,
    photo: member?.profile ? `${storageUrl}${member.profile}` : null,
    // URI-encoded: no quote or ampersand for the attribute to escape.
    overlay: overlay ? encodeURIComponent(JSON.stringify(overlay)) : null,
    nonce,
  };
}

export type FillTemplate = Template<Filling>;

/**
 * A kept page split where visitors differ (decision 134): every mark out, a token where each
 * visitor's part goes (the parts not theirs left out, theirs written in), and where the nonce and
 * the overlay go. One HTMLRewriter pass per kept page and isolate; each visitor is then
 * html-template's `render` (page-cache.ts filledAnswer).
 */
export async function fillTemplate(html: string): Promise<FillTemplate> {
  const maker = new TemplateMaker<Filling>();
  const token = (part: Part<Filling>) => maker.token(part);
  const end = () => token({ end: true });
  const count = (v: Filling, name: string) => v.counts[name] ?? 0;
  let like: { pid: number; title: string } | null = null;
  const marked = await new HTMLRewriter()
    .on("[nonce]", {
      element(element) {
        element.setAttribute("nonce", token({ attribute: "nonce", value: (v) => v.nonce }));
      },
    })
    .on(`[${SLOT.only}]`, {
      element(element) {
        const name = element.getAttribute(SLOT.only) ?? "";
        element.removeAttribute(SLOT.only);
        element.before(token({ when: (v) => v.applies[name] === true }), { html: true });
        element.after(end(), { html: true });
      },
    })
    .on(`[${SLOT.count}]`, {
      element(element) {
        const name = element.getAttribute(SLOT.count) ?? "";
        element.removeAttribute(SLOT.count);
        element.before(token({ when: (v) => count(v, name) > 0 }), { html: true });
        element.setInnerContent(token({ html: (v) => badgeText(count(v, name)) }), { html: true });
        element.after(end(), { html: true });
      },
    })
    .on(`[${SLOT.text}]`, {
      element(element) {
        const name = element.getAttribute(SLOT.text) ?? "";
        element.removeAttribute(SLOT.text);
        element.setInnerContent(token({ html: (v) => escapeText(v.texts[name] ?? "") }), { html: true });
      },
    })
    .on(`[${SLOT.device}]`, {
      element(element) {
        const href = element.getAttribute("href");
        element.removeAttribute(SLOT.device);
        if (href === null) return;
        element.setAttribute(
          "href",
          token({ attribute: "href", value: (v) => (v.device ? withDevice(href, v.device) : href) }),
        );
      },
    })
    .on(`[${SLOT.cartLabel}]`, {
      element(element) {
        element.removeAttribute(SLOT.cartLabel);
        element.setAttribute(
          "aria-label",
          token({
            attribute: "aria-label",
            value: (v) => (count(v, "cart") > 0 ? koCartButton.badge(count(v, "cart")) : koHeader.cart),
          }),
        );
      },
    })
    .on(`[${SLOT.photo}]`, {
      element(element) {
        const src = element.getAttribute("src");
        element.removeAttribute(SLOT.photo);
        element.setAttribute("src", token({ attribute: "src", value: (v) => v.photo ?? src }));
      },
    })
    // A ♡: the form's marks say whose; its fields, label and sign follow the visitor's like.
    .on(`form[${LIKE_SLOT.pid}]`, {
      element(element) {
        const pid = Number(element.getAttribute(LIKE_SLOT.pid));
        like = { pid, title: element.getAttribute(LIKE_SLOT.title) ?? "" };
        element.removeAttribute(LIKE_SLOT.pid);
        element.removeAttribute(LIKE_SLOT.title);
        element.onEndTag(() => {
          like = null;
        });
      },
    })
    .on('input[name="like"]', {
      element(element) {
        if (!like) return;
        const { pid } = like;
        const value = element.getAttribute("value");
        element.setAttribute("value", token({ attribute: "value", value: (v) => (v.liked.has(pid) ? "0" : value) }));
      },
    })
    .on("button[aria-pressed]", {
      element(element) {
        if (!like) return;
        const { pid, title } = like;
        const on = (v: Filling) => v.liked.has(pid);
        const pressed = element.getAttribute("aria-pressed");
        const label = element.getAttribute("aria-label");
        element.setAttribute(
          "aria-pressed",
          token({ attribute: "aria-pressed", value: (v) => (on(v) ? "true" : pressed) }),
        );
        element.setAttribute(
          "aria-label",
          token({ attribute: "aria-label", value: (v) => (on(v) ? koProduct.unlike(title) : label) }),
        );
        // The sign drawn (♡) kept unless liked, then ♥.
        element.prepend(token({ when: (v) => !on(v) }), { html: true });
        element.append(end(), { html: true });
        element.append(token({ html: (v) => (on(v) ? "♥" : "") }), { html: true });
      },
    })
    // On <body>, not <html>: the head's <meta charset> must stay within the document's first 1024
    // bytes, and <html> already carries the shop's theme (decision 161).
    .on("body", {
      element(element) {
        element.setAttribute(OVERLAY_ATTRIBUTE, token({ attribute: OVERLAY_ATTRIBUTE, value: (v) => v.overlay }));
      },
    })
    .transform(new Response(html))
    .text();
  return maker.make(marked);
}
