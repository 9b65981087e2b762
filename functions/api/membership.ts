import { toMembershipView } from "../views/membership";
import type { Handlers } from "./context";

/**
 * Membership belongs to the shop whose host the call came in on: `shopid` must name that shop
 * (no joining or cancelling another shop's membership from here).
 */
export const membershipHandlers = {
  /** id, point and list_history; a guest or someone who has not joined gets id null and 0 points. */
  async isMember({ query }, ctx) {
    const shop = ctx.requireHostShop(query.shopid);
    const member = await ctx.member();
    const now = Date.now();
    const store = ctx.db.shopMembers;
    if (!member) {
      return { id: null, joined_at: null, point: 0, list_history: [], join_point: shop.point ? shop.join_point : 0 };
    }
    return toMembershipView(await store.get(shop.shopid, member.uid, now), now);
  },

  async joinShop({ query }, ctx) {
    const shop = ctx.requireHostShop(query.shopid);
    const { uid } = await ctx.requireMember();
    const now = Date.now();
    const store = ctx.db.shopMembers;
    const { joined, granted } = await store.join(shop.shopid, uid, now);
    return { ...toMembershipView(await store.get(shop.shopid, uid, now), now), joined, granted };
  },

  async cancelShop({ query }, ctx) {
    const shop = ctx.requireHostShop(query.shopid);
    const { uid } = await ctx.requireMember();
    const now = Date.now();
    const store = ctx.db.shopMembers;
    const canceled = await store.cancel(shop.shopid, uid);
    return { ...toMembershipView(await store.get(shop.shopid, uid, now), now), canceled };
  },
} satisfies Handlers;
