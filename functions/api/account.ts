import { koAccount } from "~/shared/messages/account";
import { MAX_FAVOURITES, MY_PRODUCTS_PAGE_SIZE } from "~/shared/limits";
import { countsByList } from "~/shared/order-lists";
import { memberOwner } from "../db/cart";
import { cartOwner, requireCartOwner } from "./cart";
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
      : { cart: 0, like: 0, recent: 0, message: 0, membership: null, orders: [] };
    return {
      member: member ? { name: member.name, profile: member.profile } : null,
      membership: member && owner === memberOwner(member.uid) ? counts.membership : null,
      orders: countsByList(counts.orders),
      cart: counts.cart,
      like: counts.like,
      recent: counts.recent,
      message: member && owner === memberOwner(member.uid) ? counts.message : 0,
    };
  },

  async likeProduct({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const owner = await requireCartOwner(ctx);
    const result = await ctx.db.favourites.set(shop.shopid, owner, body.pid, body.like, Date.now());
    // Another shop's product, a hidden one, or none: this shop does not sell it.
    if (!result) throw new ApiError(404, "NOT_SOLD_HERE", koAccount.notSoldHere);
    if (result.full) throw new ApiError(409, "TOO_MANY_FAVOURITES", koAccount.tooManyFavourites(MAX_FAVOURITES));
    return { liked: result.liked, like: result.like };
  },

  async likedProducts({ query }, ctx) {
    const shop = ctx.requireHostShop();
    const owner = await cartOwner(ctx).catch(() => null);
    return { ids: owner ? await ctx.db.favourites.likedAmong(shop.shopid, owner, query.pids) : [] };
  },

  async myFavourites({ query }, ctx) {
    const shop = ctx.requireHostShop();
    const owner = await cartOwner(ctx);
    const { ids, total } = owner
      ? await ctx.db.favourites.page(shop.shopid, owner, query.page, MY_PRODUCTS_PAGE_SIZE)
      : { ids: [], total: 0 };
    const items = (await ctx.db.catalogue.byIds(ids)).filter((p) => p.shopid === shop.shopid);
    return {
      items: items.map(({ shopid: _shopid, ...card }) => card),
      page: query.page,
      pages: Math.max(1, Math.ceil(total / MY_PRODUCTS_PAGE_SIZE)),
      total,
    };
  },

  async recordView({ body }, ctx) {
    const shop = ctx.requireHostShop();
    // Nobody to remember it for (no member, no device yet): nothing to do.
    const owner = await cartOwner(ctx).catch(() => null);
    if (owner) await ctx.db.recent.record(shop.shopid, owner, body.pid, Date.now());
    return { ok: true as const };
  },

  async myRecent(_input, ctx) {
    const shop = ctx.requireHostShop();
    const owner = await cartOwner(ctx);
    return { ids: owner ? await ctx.db.recent.ids(shop.shopid, owner) : [] };
  },

  async removeRecent({ body }, ctx) {
    const shop = ctx.requireHostShop();
    const owner = await requireCartOwner(ctx);
    await ctx.db.recent.remove(shop.shopid, owner, body.pid ?? null);
    return { ok: true as const };
  },
} satisfies Handlers;
