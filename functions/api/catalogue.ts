import { ko } from "~/shared/messages";
import { toShopInfo } from "../views/shop";
import type { Handlers } from "./context";
import { ApiError } from "./http";
import { requireShop } from "./shops";
import { toAdditionalInfo } from "../views/catalogue";

/** Most products a product page recommends (spec §9). */
export const RECOMMENDATION_COUNT = 30;
const NOTICE_PAGE_SIZE = 20;

function notFound(): never {
  throw new ApiError(404, "PRODUCT_NOT_FOUND", ko.errors.notReady);
}

export const catalogueHandlers = {
  async categories({ query }, ctx) {
    return { categories: await ctx.db.catalogue.categories(query.shopid) };
  },

  async productList({ query }, ctx) {
    await requireShop(ctx, query.shopid);
    const category = query.category === 0 ? null : await ctx.db.catalogue.category(query.shopid, query.category);
    if (query.category !== 0 && !category) throw new ApiError(404, "CATEGORY_NOT_FOUND", ko.errors.notFound);
    const page = await ctx.db.catalogue.list(query.shopid, query.category, query.page, query.size);
    return { ...page, page: query.page, category };
  },

  async productDetail({ query }, ctx) {
    return (await ctx.db.catalogue.page(query.shopid, query.sid)) ?? notFound();
  },

  async additionalInfo({ query }, ctx) {
    const info = await ctx.db.catalogue.additional(query.id);
    if (!info || info.shop_id !== query.shopid) notFound();
    return toAdditionalInfo(info);
  },

  async pickableAdditionalInfo({ query }, ctx) {
    const info = await ctx.db.catalogue.additional(query.id);
    if (!info || info.ptype !== "pick") notFound();
    return toAdditionalInfo(info);
  },

  async combinedContents({ query }, ctx) {
    const items = await ctx.db.catalogue.related(query.shopid, query.pid, query.type, RECOMMENDATION_COUNT);
    return { items: items ?? notFound() };
  },

  async pidListInfo({ query }, ctx) {
    return { items: await ctx.db.catalogue.byIds(query.pidlist) };
  },

  async productUrl({ query }, ctx) {
    // A sid is unique platform-wide, so it alone names the product and the shop that sells it.
    const shopId = await ctx.db.catalogue.shopOfSid(query.sid);
    if (shopId === null) notFound();
    const shop = await requireShop(ctx, shopId);
    const origin = toShopInfo(shop, ctx.config.PLATFORM_DOMAIN, ctx.url).url;
    return { url: `${origin}/shop/view/${encodeURIComponent(query.sid)}` };
  },

  async notices({ query }, ctx) {
    await requireShop(ctx, query.shopid);
    const { items, pages } = await ctx.db.catalogue.notices(query.shopid, query.page, NOTICE_PAGE_SIZE);
    return { items, page: query.page, pages };
  },
} satisfies Handlers;
