import { ADMIN_PAGE_SIZE } from "~/shared/contracts/orders";
import { MAX_PRODUCT_PHOTOS } from "~/shared/limits";
import { productPhotoPrefix } from "~/shared/uploads";
import { koAdmin } from "~/shared/messages/admin";
import type { Handlers } from "./context";
import { ApiError } from "./http";

const t = koAdmin.errors;
const notFound = () => new ApiError(404, "NOT_FOUND", t.notFound);

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

  async adminPhotos({ query }, ctx) {
    const { shop } = await ctx.requireOwner();
    const photos = await ctx.db.photos.photos(shop.shopid, query.id);
    if (!photos) throw notFound();
    return photos;
  },

  async adminPhotoChange({ body }, ctx) {
    const { shop } = await ctx.requireOwner();
    const before = await ctx.db.photos.photos(shop.shopid, body.product_id);
    if (!before) throw notFound();
    const has = before.images.includes(body.image);
    if (body.intent === "add") {
      // Only a picture this console stored for this product: never another shop's or a member's file.
      if (!body.image.startsWith(productPhotoPrefix(shop.shopid, body.product_id))) throw notFound();
      if (!has && before.images.length >= MAX_PRODUCT_PHOTOS) {
        throw new ApiError(409, "PHOTOS_FULL", t.photoFull(MAX_PRODUCT_PHOTOS), "photo");
      }
    } else if (!has || (body.intent === "main" && before.images[0] === body.image)) {
      throw new ApiError(409, "PHOTO_CHANGED", t.photoGone);
    }
    const { changed, photos } = await ctx.db.photos.change(shop.shopid, body, MAX_PRODUCT_PHOTOS);
    if (!photos) throw notFound();
    // Changed meanwhile (another tab): the pictures as they are now, said plainly.
    if (!changed && !(body.intent === "add" && has)) throw new ApiError(409, "PHOTO_CHANGED", t.photoGone);
    const unused = body.intent === "remove" ? await ctx.db.photos.unused(shop.shopid, [body.image]) : [];
    return { ...photos, unused };
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
