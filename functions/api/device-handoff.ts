import { z } from "zod";
import { HANDOFF_PATH, HANDOFF_TICKET_PATH } from "~/shared/device-handoff";
import { deviceCookie, readCookie, readDeviceId } from "~/shared/device";
import { safeReturnPath } from "~/shared/return-path";
import type { ShopInfo } from "~/shared/contracts";
import { randomToken, sha256Hex } from "../auth/crypto";
import { cookie, isSecureRequest, nowSeconds } from "../auth/session";
import { clientKey } from "../auth/throttle";
import { requestHost, shopOrigin } from "../host";
import type { ApiContext } from "./context";

/** A device ticket works this long, once. */
export const DEVICE_TICKET_SECONDS = 60;
/** The receiving host's state cookie: long enough for the two redirects, gone after. */
const STATE_SECONDS = 5 * 60;
/** Its own name, so that a login carry (lstate, decision 014) running beside it is not disturbed. */
export const HANDOFF_STATE_COOKIE = "dstate";

function redirect(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ location, "cache-control": "private, no-store", "referrer-policy": "no-referrer" });
  for (const c of cookies) headers.append("set-cookie", c);
  return new Response(null, { status: 303, headers });
}

/** The shop's other host (host name and origin), seen from `host`; null when `host` is neither. */
function otherHost(shop: ShopInfo, host: string, ctx: ApiContext): { host: string; origin: string } | null {
  if (!shop.dom3) return null;
  const custom = shop.dom3.toLowerCase();
  const sub = `${shop.dom}.${ctx.config.PLATFORM_DOMAIN}`.toLowerCase();
  // Origins come from the shop record, never from the query.
  if (host === custom)
    return { host: sub, origin: shopOrigin({ dom: shop.dom, dom3: null }, ctx.config.PLATFORM_DOMAIN, ctx.url) };
  if (host === sub) return { host: custom, origin: shopOrigin(shop, ctx.config.PLATFORM_DOMAIN, ctx.url) };
  return null;
}

const ReceiveQuery = z.object({
  url: z.string().max(2000).optional(),
  ticket: z.string().max(100).optional(),
  back: z.literal("1").optional(),
});

/**
 * GET /api/device/handoff?url= on the host a guest is arriving at.
 *  - first: sets a state cookie and asks the shop's other host for a ticket;
 *  - back with a ticket: redeems it once, with this browser's state, for this shop and host, and
 *    makes this host's device the sending host's (this host's own rows join it); then url;
 *  - back without one (no device there, or too many tickets): url, with whatever device is here.
 * Nothing to fetch for a member (their cart is the account's) or a click on this very host.
 */
async function receive(ctx: ApiContext): Promise<Response> {
  const parsed = ReceiveQuery.safeParse(Object.fromEntries(ctx.url.searchParams));
  const query = parsed.success ? parsed.data : {};
  const returnTo = safeReturnPath(query.url);
  const shop = ctx.hostShop;
  const host = requestHost(ctx.request);
  const other = shop && host ? otherHost(shop, host, ctx) : null;
  if (!shop || !host || !other) return redirect(returnTo);
  const secure = isSecureRequest(ctx.request);
  const clearState = cookie(HANDOFF_STATE_COOKIE, "", { secure, maxAge: 0 });

  if (query.ticket) {
    const state = readCookie(ctx.request.headers.get("cookie"), HANDOFF_STATE_COOKIE) ?? "";
    const attempt = await ctx.db.throttle.begin([{ kind: "token_client", key: clientKey(ctx.request) }]);
    const device =
      attempt && state
        ? await ctx.db.deviceTickets.consume(
            await sha256Hex(query.ticket),
            shop.shopid,
            host,
            await sha256Hex(state),
            nowSeconds(),
          )
        : null;
    if (!device) return redirect(returnTo, [clearState]);
    await attempt?.succeeded();
    const here = readDeviceId(ctx.request.headers.get("cookie"));
    if (here && here !== device) await ctx.db.deviceTickets.moveDevice(shop.shopid, here, device, Date.now());
    return redirect(returnTo, [deviceCookie(device, secure), clearState]);
  }
  if (query.back) return redirect(returnTo, [clearState]);
  if (ctx.request.headers.get("sec-fetch-site") === "same-origin" || (await ctx.member())) return redirect(returnTo);

  const state = randomToken(16);
  const params = new URLSearchParams({ state, url: returnTo });
  return redirect(`${other.origin}${HANDOFF_TICKET_PATH}?${params}`, [
    cookie(HANDOFF_STATE_COOKIE, state, { secure, maxAge: STATE_SECONDS }),
  ]);
}

const TicketQuery = z.object({ url: z.string().max(2000).optional(), state: z.string().min(16).max(100).optional() });

/**
 * GET /api/device/handoff/ticket?state=&url= on the host the guest comes from: mints a one-minute,
 * single-use ticket for the device in this host's cookie, bound to the state, the shop and the
 * shop's other host, and sends the browser back there to redeem it. Only that host is ever a target.
 */
async function mint(ctx: ApiContext): Promise<Response> {
  const parsed = TicketQuery.safeParse(Object.fromEntries(ctx.url.searchParams));
  const query = parsed.success ? parsed.data : {};
  const returnTo = safeReturnPath(query.url);
  const shop = ctx.hostShop;
  const host = requestHost(ctx.request);
  const other = shop && host ? otherHost(shop, host, ctx) : null;
  if (!shop || !other) return redirect(returnTo);
  const back = (extra: Record<string, string>) =>
    redirect(`${other.origin}${HANDOFF_PATH}?${new URLSearchParams({ ...extra, url: returnTo })}`);
  // Started here rather than on the receiving host: let it set its state first.
  if (!query.state) return back({});
  const device = readDeviceId(ctx.request.headers.get("cookie"));
  if (!device) return back({ back: "1" });
  const ticket = randomToken(16);
  const now = nowSeconds();
  const made = await ctx.db.deviceTickets.create({
    ticketHash: await sha256Hex(ticket),
    shopId: shop.shopid,
    device,
    host: other.host,
    stateHash: await sha256Hex(query.state),
    client: clientKey(ctx.request),
    now,
    expiresAt: now + DEVICE_TICKET_SECONDS,
  });
  return made ? back({ ticket }) : back({ back: "1" });
}

type Navigation = { methods: string[]; handle: (ctx: ApiContext) => Promise<Response> };

/** The handoff's two doors: page navigations answered with redirects (decision 116). */
export const deviceHandoffNavigations: Record<string, Navigation> = {
  [HANDOFF_PATH]: { methods: ["GET"], handle: receive },
  [HANDOFF_TICKET_PATH]: { methods: ["GET"], handle: mint },
};
