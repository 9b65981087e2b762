import { cartOwner } from "../api/cart";
import { requireVisit } from "../api/smart";
import type { ApiContext } from "../api/context";
import type { Door } from "../api/doors";
import { liveRoom } from "./publisher";

/** Close codes of a socket refused after its upgrade: the client does not try again. */
export const LIVE_CLOSE = { nobody: 4401, notYours: 4403 } as const;

/**
 * A refusal of someone from the page's own origin (a session that just ended, a member asking for
 * the inbox): the socket opens and closes at once with its code, so the browser logs no failed
 * handshake and the client knows not to retry. Another origin still gets a plain 403 (doors.ts).
 */
function refused(code: number, reason: string): Response {
  const { 0: client, 1: server } = new WebSocketPair();
  server.accept();
  server.close(code, reason);
  return new Response(null, { status: 101, webSocket: client });
}

/** Where a page opens its socket: GET /api/live/ws (?room=inbox for the owner's console, ?room=table for a table's phones). */
export const LIVE_PATH = "/api/live/ws";

/**
 * The event socket's door (a websocket door: the upgrade and the page's own Origin are checked
 * before this runs). The room is never the client's to name: it is the caller's own on the host's
 * shop (member or device), or the shop's inbox for its owner.
 */
export const liveDoor: Door = {
  kind: "websocket",
  methods: ["GET"],
  async handle(ctx: ApiContext) {
    const shop = ctx.requireHostShop();
    if (ctx.url.searchParams.get("room") === "inbox") {
      const member = await ctx.member();
      if (!member) return refused(LIVE_CLOSE.nobody, "login required");
      if (member.uid !== shop.uid && !member.admin) return refused(LIVE_CLOSE.notYours, "not this shop's owner");
      return ctx.live.connect(liveRoom.inbox(shop.shopid), ctx.request);
    }
    if (ctx.url.searchParams.get("room") === "table") {
      // The meal this phone's table cookie names, on this shop: nobody names another table.
      const visit = await requireVisit(ctx, shop).catch(() => null);
      if (!visit) return refused(LIVE_CLOSE.nobody, "no table");
      return ctx.live.connect(liveRoom.table(shop.shopid, visit.id), ctx.request);
    }
    const owner = await cartOwner(ctx).catch(() => null);
    if (!owner) return refused(LIVE_CLOSE.nobody, "login required");
    return ctx.live.connect(liveRoom.of(shop.shopid, owner), ctx.request);
  },
};
