import { ko } from "~/lib/messages";
import { toShopInfo } from "../db/shops";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";
import { requireShop } from "./shops";

/** Most products a product page recommends (spec §9). */
export const RECOMMENDATION_COUNT = 30;
const NOTICE_PAGE_SIZE = 20;

function notFound(): never {
  throw new ApiError(404, "PRODUCT_NOT_FOUND", ko.errors.notReady);
}

type Additional = NonNullable<Awaited<ReturnType<ApiContext["catalogue"]["additional"]>>>;

function additionalInfo(a: Additional) {
  // Delivery terms and seller are those of the shop that owns the goods: it ships them.
  return {
    id: a.id,
    description: a.description ?? "",
    delivery: { fee: a.delivery_fee, free_threshold: a.free_delivery_threshold, shop_name: a.shop_name },
    seller: { corpname: a.corpname, tel: a.tel },
  };
}

export const catalogueHandlers = {
  async categories({ query }, ctx) {
    return { categories: await ctx.catalogue.categories(query.shopid) };
  },

  async productList({ query }, ctx) {
    await requireShop(ctx, query.shopid);
    const category = query.category === 0 ? null : await ctx.catalogue.category(query.shopid, query.category);
    if (query.category !== 0 && !category) throw new ApiError(404, "CATEGORY_NOT_FOUND", ko.errors.notFound);
    const page = await ctx.catalogue.list(query.shopid, query.category, query.page, query.size);
    return { ...page, page: query.page, category };
  },

  async productDetail({ query }, ctx) {
    return (await ctx.catalogue.page(query.shopid, query.sid)) ?? notFound();
  },

  async additionalInfo({ query }, ctx) {
    const info = await ctx.catalogue.additional(query.id);
    if (!info || info.shop_id !== query.shopid) notFound();
    return additionalInfo(info);
  },

  async pickableAdditionalInfo({ query }, ctx) {
    const info = await ctx.catalogue.additional(query.id);
    if (!info || info.ptype !== "pick") notFound();
    return additionalInfo(info);
  },

  async combinedContents({ query }, ctx) {
    const items = await ctx.catalogue.related(query.shopid, query.pid, query.type, RECOMMENDATION_COUNT);
    return { items: items ?? notFound() };
  },

  async pidListInfo({ query }, ctx) {
    return { items: await ctx.catalogue.byIds(query.pidlist) };
  },

  async productUrl({ query }, ctx) {
    // A sid is unique platform-wide, so it alone names the product and the shop that sells it.
    const row = await ctx.env.DB.prepare("SELECT shop_id FROM products WHERE sid = ? AND visible = 1")
      .bind(query.sid)
      .first<{ shop_id: number }>();
    if (!row) notFound();
    const shop = await requireShop(ctx, row.shop_id);
    const origin = toShopInfo(shop, ctx.config.PLATFORM_DOMAIN, ctx.url).url;
    return { url: `${origin}/shop/view/${encodeURIComponent(query.sid)}` };
  },

  async notices({ query }, ctx) {
    await requireShop(ctx, query.shopid);
    const { items, pages } = await ctx.catalogue.notices(query.shopid, query.page, NOTICE_PAGE_SIZE);
    return { items, page: query.page, pages };
  },
} satisfies Handlers;
