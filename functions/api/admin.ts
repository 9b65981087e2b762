import { ADMIN_PAGE_SIZE } from "~/shared/contracts/orders";
import { koAdmin } from "~/shared/messages/admin";
import type { Handlers } from "./context";
import { ApiError } from "./http";

const notFound = () => new ApiError(404, "NOT_FOUND", koAdmin.errors.notFound);

/** The owner console's stock and notices: the host shop's owner (or a platform admin) only. */
export const adminHandlers = {
  async adminStock({ query }, ctx) {
    const { shop } = await ctx.requireOwner();
    const { items, pages } = await ctx.db.catalogue.stockList(shop.shopid, {
      page: query.page,
      size: ADMIN_PAGE_SIZE,
      q: query.q,
    });
    return { items, page: query.page, pages };
  },

  async adminStockSet({ body }, ctx) {
    const { shop } = await ctx.requireOwner();
    // Another shop's option (or a pick's, whose stock is its origin's) is no option here.
    if (!(await ctx.db.catalogue.setStock(shop.shopid, body.option_id, body.stock))) throw notFound();
    return { option_id: body.option_id, stock: body.stock };
  },

  async adminPointTerms({ body }, ctx) {
    const { shop } = await ctx.requireOwner();
    await ctx.db.shops.setPointTerms(shop.shopid, body);
    return body;
  },

  async adminNoticeSave({ body }, ctx) {
    const { shop } = await ctx.requireOwner();
    const id = await ctx.db.catalogue.saveNotice(shop.shopid, body);
    if (id === null) throw notFound();
    return { id };
  },

  async adminNoticeDelete({ body }, ctx) {
    const { shop } = await ctx.requireOwner();
    if (!(await ctx.db.catalogue.deleteNotice(shop.shopid, body.id))) throw notFound();
    return { ok: true as const };
  },
} satisfies Handlers;
