import { shopOwnerUid } from "~/shared/shop-owner";
import { LIVE_CLOSE } from "~/shared/live";
import { readDeviceId } from "~/shared/device";
import { sessionFromRequest } from "../auth/session";
import { clientKey } from "../auth/throttle";
import { cartOwner } from "../api/cart";
import { requireVisit } from "../api/smart";
import type { ApiContext } from "../api/context";
import type { Door } from "../api/door-type";
import { countedAddress } from "../orders/limits";
import { LIVE_WHO } from "./headers";
import { liveRoom } from "./publisher";
import { refusedSocket } from "./room";

/** Where a page opens its socket: GET /api/live/ws (?room=inbox for the owner's console, ?room=table for a table's phones). */
export const LIVE_PATH = "/api/live/ws";

/**
 * Opens the socket in `room`: the upgrade as the room gets it says who asks (the login's session,
 * else the device; set here, so a client's own header of that name never reaches the room), for
 * the room's cap per session (decision 094). The counted client address takes one of its slots on
 * the whole platform first (decision 150): an address that holds them all, in whatever rooms and
 * under whatever device ids, gets the socket closed at once with 4429.
 */
async function connect(ctx: ApiContext, room: string): Promise<Response> {
  const session = (await ctx.member()) ? sessionFromRequest(ctx.request) : null;
  const device = readDeviceId(ctx.request.headers.get("cookie"));
  const headers = new Headers(ctx.request.headers);
  headers.set(LIVE_WHO, session ? `s:${session.sid}` : device ? `d:${device}` : "anonymous");
  const address = countedAddress(ctx.request.headers.get("cf-connecting-ip")) ? clientKey(ctx.request) : null;
  const opened = await ctx.live.connect(room, new Request(ctx.request, { headers }), address);
  return opened ?? refusedSocket(LIVE_CLOSE.tooMany, "too many connections");
}

/**
 * The event socket's door (a websocket door: the upgrade and the page's own Origin are checked
 * before this runs). The room is never the client's to name: it is the caller's own on the host's
 * shop (member or device), or the shop's inbox for its owner. Someone of the page's own origin who
 * may not listen (a session that just ended, a member asking for the inbox) gets a socket closed at
 * once with its code (refusedSocket); another origin still gets a plain 403 (doors.ts).
 */
export const liveDoor: Door = {
  kind: "websocket",
  methods: ["GET"],
  async handle(ctx: ApiContext) {
    const shop = ctx.requireHostShop();
    if (ctx.url.searchParams.get("room") === "inbox") {
      const member = await ctx.member();
      if (!member) return refusedSocket(LIVE_CLOSE.nobody, "login required");
      if (member.uid !== shopOwnerUid(shop) && !member.admin)
        return refusedSocket(LIVE_CLOSE.notYours, "not this shop's owner");
      return connect(ctx, liveRoom.inbox(shop.shopid));
    }
    if (ctx.url.searchParams.get("room") === "table") {
      // The meal this phone's table cookie names, on this shop: nobody names another table.
      const visit = await requireVisit(ctx, shop).catch(() => null);
      if (!visit) return refusedSocket(LIVE_CLOSE.nobody, "no table");
      return connect(ctx, liveRoom.table(shop.shopid, visit.id));
    }
    const owner = await cartOwner(ctx).catch(() => null);
    if (!owner) return refusedSocket(LIVE_CLOSE.nobody, "login required");
    return connect(ctx, liveRoom.of(shop.shopid, owner));
  },
};
