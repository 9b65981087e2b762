import { koSettlement } from "~/shared/messages/settlement";
import { registerSeller, settlementPage } from "../payments/payouts";
import type { Handlers } from "./context";
import { ApiError } from "./http";

/** Being paid through the platform's contract (issue 52 item 1, decision 178): the host shop's owner only. */
export const payoutHandlers = {
  async adminSettlement(_input, ctx) {
    const { shop } = await ctx.requireOwner();
    return settlementPage(ctx, shop, Date.now());
  },

  async adminPayoutSeller({ body }, ctx) {
    const { shop, member } = await ctx.requireOwner();
    return registerSeller(ctx, shop, member.uid, body);
  },

  /** Back to the platform's contract: only for a shop already registered as its seller. */
  async adminPayVia(_input, ctx) {
    const { shop } = await ctx.requireOwner();
    if (!(await ctx.db.payouts.seller(shop.shopid))) {
      throw new ApiError(409, "NO_SELLER", koSettlement.errors.noSeller);
    }
    await ctx.db.payouts.setVia(shop.shopid, "platform");
    return { ok: true as const };
  },
} satisfies Handlers;
