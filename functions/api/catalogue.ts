import { MAX_QUERY_CHARS, normaliseText, searchTerms } from "~/shared/search";
import { koErrors } from "~/shared/messages/shop/errors";
import { koRequestErrors } from "~/shared/messages/shop/request-errors";
import { toShopInfo } from "../views/shop";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";
import { requireShop } from "./shops";
import { toAdditionalInfo } from "../views/catalogue";
import { sessionFromRequest } from "../auth/session";
import { deviceOwner } from "../db/cart";
import { readDeviceId } from "~/shared/device";
import { verificationFor } from "../orders/verification";
import { cartOwner } from "./cart";
import { SITEMAP_FILE_PRODUCTS } from "~/shared/limits";

/** Most products a product page recommends (spec §9). */
export const RECOMMENDATION_COUNT = 30;
const NOTICE_PAGE_SIZE = 20;

function notFound(): never {
  throw new ApiError(404, "PRODUCT_NOT_FOUND", koErrors.notReady);
}

export const catalogueHandlers = {
  async categories({ query }, ctx) {
    return { categories: await ctx.db.catalogue.categories(query.shopid) };
  },

  async productList({ query }, ctx) {
    await requireShop(ctx, query.shopid);
    const category = query.category === 0 ? null : await ctx.db.catalogue.category(query.shopid, query.category);
    if (query.category !== 0 && !category) throw new ApiError(404, "CATEGORY_NOT_FOUND", koRequestErrors.notFound);
    const page = await ctx.db.catalogue.list(query.shopid, query.category, query.page, query.size, query.sort);
    return { ...page, page: query.page, category };
  },

  async sitemapEntries({ query }, ctx) {
    ctx.requireHostShop(query.shopid);
    // A file is one read: as many products a read as a file holds.
    return ctx.db.catalogue.sitemap(query.shopid, query.after, SITEMAP_FILE_PRODUCTS, SITEMAP_FILE_PRODUCTS);
  },

  async productSearch({ query }, ctx) {
    // This host's shop only: a search box never reaches into another shop.
    ctx.requireHostShop(query.shopid);
    const terms = searchTerms(query.q);
    const q = normaliseText(query.q).slice(0, MAX_QUERY_CHARS);
    // The empty search page offers the shop's popular searches (decision 129).
    if (terms.length === 0) {
      const popular = await ctx.db.searchCounts.popular(query.shopid, Date.now());
      return { items: [], total: 0, pages: 1, page: 1, category: null, q, loose: false, popular };
    }
    await ctx.db.search.refresh();
    const page = await ctx.db.catalogue.list(query.shopid, 0, query.page, query.size, query.sort, terms);
    return { ...page, page: query.page, category: null, q, popular: [] };
  },

  async productDetail({ query }, ctx) {
    // A guest's device (no session to read) may have liked it: asked in the same batch.
    const device = sessionFromRequest(ctx.request) ? null : readDeviceId(ctx.request.headers.get("cookie"));
    const product = (await ctx.db.catalogue.page(query.shopid, query.sid, device && deviceOwner(device))) ?? notFound();
    return product.adult_only && !(await adultVerified(ctx, query.shopid)) ? { ...product, images: [] } : product;
  },

  async additionalInfo({ query }, ctx) {
    const info = await ctx.db.catalogue.additional(query.id);
    if (!info || info.shop_id !== query.shopid) notFound();
    return coverAdult(ctx, query.shopid, info);
  },

  async pickableAdditionalInfo({ query }, ctx) {
    const info = await ctx.db.catalogue.additional(query.id);
    if (!info || info.ptype !== "pick") notFound();
    return coverAdult(ctx, info.shop_id, info);
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

  async notice({ query }, ctx) {
    await requireShop(ctx, query.shopid);
    const notice = await ctx.db.catalogue.notice(query.shopid, query.id);
    if (!notice) throw new ApiError(404, "NOTICE_NOT_FOUND", koRequestErrors.notFound);
    return notice;
  },
} satisfies Handlers;

/**
 * Adult-only goods before adult verification (decision 114): the API answers no picture and no
 * description either, so the law's covering does not end at the pages. Answers are `no-store`, so
 * a verified shopper's answer is never anyone else's.
 */
async function adultVerified(ctx: ApiContext, shopId: number): Promise<boolean> {
  const owner = await cartOwner(ctx).catch(() => null);
  return (await verificationFor(ctx.db.verification, owner, shopId)).adult;
}

type Additional = NonNullable<Awaited<ReturnType<ApiContext["db"]["catalogue"]["additional"]>>>;

async function coverAdult(ctx: ApiContext, shopId: number, info: Additional) {
  const view = toAdditionalInfo(info);
  return info.adult_only === 1 && !(await adultVerified(ctx, shopId)) ? { ...view, description: "" } : view;
}
