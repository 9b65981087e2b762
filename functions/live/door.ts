import { koChat } from "~/shared/messages/chat";
import { cartOwner } from "../api/cart";
import type { ApiContext } from "../api/context";
import type { Door } from "../api/doors";
import { ApiError } from "../api/http";
import { liveRoom } from "./publisher";

/** Where a page opens its socket: GET /api/live/ws (?room=inbox for the owner's console). */
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
      await ctx.requireOwner();
      return ctx.live.connect(liveRoom.inbox(shop.shopid), ctx.request);
    }
    const owner = await cartOwner(ctx);
    if (!owner) throw new ApiError(401, "LOGIN_REQUIRED", koChat.liveNobody);
    return ctx.live.connect(liveRoom.of(shop.shopid, owner), ctx.request);
  },
};
