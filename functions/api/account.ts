import { countsByList } from "~/shared/order-lists";
import { memberOwner } from "../db/cart";
import { cartOwner } from "./cart";
import type { Handlers } from "./context";
import { ApiError } from "./http";

/** The shopper's own corner (issue 10): the counts of the drawer's my menu and of /myshop. */
export const accountHandlers = {
  /**
   * Spec's get/my/summary: the member's (or the device's) counts on the host's shop, in one D1
   * round trip. An ended session counts as nobody: the shell shows no numbers rather than an error.
   */
  async mySummary(_input, ctx) {
    const shop = ctx.requireHostShop();
    const owner = await cartOwner(ctx).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === "SESSION_EXPIRED") return null;
      throw error;
    });
    const member = await ctx.member();
    const counts = owner
      ? await ctx.db.accountSummary.read(shop.shopid, owner, member?.uid ?? null, Date.now())
      : { cart: 0, membership: null, orders: [] };
    return {
      member: member ? { name: member.name, profile: member.profile } : null,
      membership: member && owner === memberOwner(member.uid) ? counts.membership : null,
      orders: countsByList(counts.orders),
      cart: counts.cart,
      message: 0,
    };
  },
} satisfies Handlers;
