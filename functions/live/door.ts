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
import { liveRoom } from "./publisher";
import { LIVE_ADDRESS, LIVE_WHO, refusedSocket } from "./room";

/** Where a page opens its socket: GET /api/live/ws (?room=inbox for the owner's console, ?room=table for a table's phones). */
export const LIVE_PATH = "/api/live/ws";

/**
 * The upgrade as the room gets it: who asks (the login's session, else the device) and the counted
 * client address, for the room's caps per session and per address (decision 094). Both are set
 * here, so a client's own headers of those names never reach the room.
 */
async function handedOver(ctx: ApiContext): Promise<Request> {
  const session = (await ctx.member()) ? sessionFromRequest(ctx.request) : null;
  const device = readDeviceId(ctx.request.headers.get("cookie"));
  const headers = new Headers(ctx.request.headers);
  headers.set(LIVE_WHO, session ? `s:${session.sid}` : device ? `d:${device}` : "anonymous");
  const address = countedAddress(ctx.request.headers.get("cf-connecting-ip"));
  headers.set(LIVE_ADDRESS, address ? clientKey(ctx.request) : "");
  return new Request(ctx.request, { headers });
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
      return ctx.live.connect(liveRoom.inbox(shop.shopid), await handedOver(ctx));
    }
    if (ctx.url.searchParams.get("room") === "table") {
      // The meal this phone's table cookie names, on this shop: nobody names another table.
      const visit = await requireVisit(ctx, shop).catch(() => null);
      if (!visit) return refusedSocket(LIVE_CLOSE.nobody, "no table");
      return ctx.live.connect(liveRoom.table(shop.shopid, visit.id), await handedOver(ctx));
    }
    const owner = await cartOwner(ctx).catch(() => null);
    if (!owner) return refusedSocket(LIVE_CLOSE.nobody, "login required");
    return ctx.live.connect(liveRoom.of(shop.shopid, owner), await handedOver(ctx));
  },
};
