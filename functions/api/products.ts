import { koProducts } from "~/shared/messages/products";
import { ADMIN_PAGE_SIZE } from "~/shared/contracts/orders";
import { sanitizeRichText } from "../catalogue/rich-text";
import { batchFailure } from "../db/orders";
import type { Handlers } from "./context";
import { ApiError } from "./http";
import { EMBEDDED_STORAGE_URL } from "./shops";

const t = koProducts.errors;
const notFound = () => new ApiError(404, "NOT_FOUND", t.notFound);
const categoryNotFound = () => new ApiError(404, "NOT_FOUND", t.categoryNotFound);

/** A description's pictures: only this shop's own uploads, as the files door serves them. */
export const shopImages = (shopId: number) => ({
  imageAllowed: (src: string) => src.startsWith(`${EMBEDDED_STORAGE_URL}uploads/${shopId}/`),
});

/**
 * The console's products and categories (issue 36 items 2 and 3, decision 106): the host shop's
 * owner (or a platform admin) only, every read and write scoped by that shop.
 */
export const productHandlers = {
  async adminProducts({ query }, ctx) {
    const { shop } = await ctx.requireOwner();
    const page = await ctx.db.products.list(shop.shopid, { ...query, size: ADMIN_PAGE_SIZE });
    return { ...page, page: query.page };
  },

  async adminProduct({ query }, ctx) {
    const { shop } = await ctx.requireOwner();
    const product = await ctx.db.products.get(shop.shopid, query.id);
    if (product) return product;
    // A pick is this shop's row, but its goods are edited where they come from.
    if ((await ctx.db.products.kind(shop.shopid, query.id))?.ptype === "pick") {
      throw new ApiError(409, "PICK", t.pick);
    }
    throw notFound();
  },

  async adminProductSave({ body }, ctx) {
    const { shop } = await ctx.requireOwner();
    if (body.id) {
      const before = await ctx.db.products.get(shop.shopid, body.id);
      if (!before) throw notFound();
      // An option on an order keeps its row (the order's line names it): sold out, not taken off.
      const kept = new Set(body.options.flatMap((o) => (o.id ? [o.id] : [])));
      if (before.options.some((o) => o.ordered && !kept.has(o.id))) {
        throw new ApiError(409, "OPTION_ORDERED", t.optionOrdered, "options");
      }
    }
    const own = await ctx.db.products.ownCategories(shop.shopid, body.category_ids);
    if (body.category_ids.some((id) => !own.has(id)))
      throw new ApiError(400, "BAD_REQUEST", t.category, "category_ids");
    const description = sanitizeRichText(body.description, shopImages(shop.shopid));
    const saved = await ctx.db.products.save(shop.shopid, { ...body, description }).catch((error: unknown) => {
      // An option's stock moved since the form was loaded: nothing was written.
      if (batchFailure(error) === "state") throw new ApiError(409, "STOCK_CHANGED", t.stockMoved, "options");
      throw error;
    });
    if (!saved) throw body.id ? notFound() : new ApiError(409, "TOO_MANY", t.tooMany);
    return saved;
  },

  async adminProductAction({ body }, ctx) {
    const { shop } = await ctx.requireOwner();
    const store = ctx.db.products;
    const kind = await store.kind(shop.shopid, body.id);
    if (!kind) throw notFound();
    switch (body.intent) {
      case "hide":
      case "show":
        if (!(await store.setVisible(shop.shopid, body.id, body.intent === "show"))) throw notFound();
        return { id: body.id, done: body.intent === "show" ? ("shown" as const) : ("hidden" as const), unused: [] };
      case "copy": {
        if (kind.ptype === "pick") throw new ApiError(409, "PICK", t.pick);
        const id = await store.copy(shop.shopid, body.id, koProducts.copyTitle(kind.title).slice(0, 100));
        if (id === null) throw new ApiError(409, "TOO_MANY", t.tooMany);
        return { id, done: "copied" as const, unused: [] };
      }
      case "remove": {
        const removed = await store.remove(shop.shopid, body.id);
        if (!removed) throw notFound();
        return { id: body.id, ...removed };
      }
    }
  },

  async adminCategories(_input, ctx) {
    const { shop } = await ctx.requireOwner();
    return { categories: await ctx.db.products.categories(shop.shopid) };
  },

  async adminCategorySave({ body }, ctx) {
    const { shop } = await ctx.requireOwner();
    const all = await ctx.db.products.categories(shop.shopid);
    if (body.id && !all.some((c) => c.id === body.id)) throw categoryNotFound();
    if (body.parent_id !== null) {
      const parent = all.find((c) => c.id === body.parent_id);
      if (!parent || parent.parent_id !== null || parent.id === body.id) {
        throw new ApiError(400, "BAD_REQUEST", t.categoryParent, "parent_id");
      }
      if (body.id && all.some((c) => c.parent_id === body.id)) {
        throw new ApiError(400, "BAD_REQUEST", t.categoryHasChildren, "parent_id");
      }
    }
    const id = await ctx.db.products.saveCategory(shop.shopid, body);
    if (id === null) throw body.id ? categoryNotFound() : new ApiError(409, "TOO_MANY", t.tooMany);
    return { id };
  },

  async adminCategoryAction({ body }, ctx) {
    const { shop } = await ctx.requireOwner();
    const store = ctx.db.products;
    const ok =
      body.intent === "up" || body.intent === "down"
        ? await store.moveCategory(shop.shopid, body.id, body.intent === "up" ? -1 : 1)
        : await store.setCategoryVisible(shop.shopid, body.id, body.intent === "show");
    if (!ok) throw categoryNotFound();
    return { ok: true as const };
  },
} satisfies Handlers;
