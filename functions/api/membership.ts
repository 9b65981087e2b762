import type { Membership as MembershipView } from "~/lib/api/contracts-membership";
import type { ShopInfo } from "~/lib/api/contracts";
import { ko } from "~/lib/messages";
import { koMembership } from "~/lib/messages-membership";
import { ShopMemberStore, type Membership } from "../db/shop-members";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";

/**
 * Membership belongs to the shop whose host the call came in on: `shopid` must name that shop
 * (no joining or cancelling another shop's membership from here), and the bare platform domain
 * has none.
 */
function hostShop(ctx: ApiContext, shopid: number): ShopInfo {
  const shop = ctx.hostShop;
  if (!shop || shop.shopid !== shopid) throw new ApiError(404, "SHOP_NOT_FOUND", ko.errors.shopNotFound);
  return shop;
}

async function requireUid(ctx: ApiContext): Promise<number> {
  const member = await ctx.member();
  if (!member) throw new ApiError(401, "LOGIN_REQUIRED", koMembership.loginRequired);
  return member.uid;
}

function toView(m: Membership, now: number): MembershipView {
  return {
    id: m.id,
    joined_at: m.joined_at,
    point: m.point,
    list_history: m.history.map((h) => {
      const expired = h.expires_at !== null && h.expires_at <= now;
      return {
        id: h.id,
        amount: h.amount,
        reason: h.reason,
        created_at: h.created_at,
        expiration: h.expires_at,
        rem_value: expired ? 0 : h.rem_value,
        expired,
      };
    }),
    join_point: m.join_point,
  };
}

export const membershipHandlers = {
  /** id, point and list_history; a guest or someone who has not joined gets id null and 0 points. */
  async isMember({ query }, ctx) {
    const shop = hostShop(ctx, query.shopid);
    const member = await ctx.member();
    const now = Date.now();
    const store = new ShopMemberStore(ctx.env.DB);
    if (!member) {
      return { id: null, joined_at: null, point: 0, list_history: [], join_point: shop.point ? shop.join_point : 0 };
    }
    return toView(await store.get(shop.shopid, member.uid, now), now);
  },

  async joinShop({ query }, ctx) {
    const shop = hostShop(ctx, query.shopid);
    const uid = await requireUid(ctx);
    const now = Date.now();
    const store = new ShopMemberStore(ctx.env.DB);
    const { joined, granted } = await store.join(shop.shopid, uid, now);
    return { ...toView(await store.get(shop.shopid, uid, now), now), joined, granted };
  },

  async cancelShop({ query }, ctx) {
    const shop = hostShop(ctx, query.shopid);
    const uid = await requireUid(ctx);
    const now = Date.now();
    const store = new ShopMemberStore(ctx.env.DB);
    const canceled = await store.cancel(shop.shopid, uid);
    return { ...toView(await store.get(shop.shopid, uid, now), now), canceled };
  },
} satisfies Handlers;
