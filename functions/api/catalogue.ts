import { ko } from "~/lib/messages";
import { toShopInfo } from "../db/shops";
import type { ProductRecord } from "../db/catalogue";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";
import { requireShop } from "./shops";

/** Most products a product page recommends (spec §9). */
export const RECOMMENDATION_COUNT = 30;
const NOTICE_PAGE_SIZE = 20;

function notFound(): never {
  throw new ApiError(404, "PRODUCT_NOT_FOUND", ko.errors.notReady);
}

async function productOf(ctx: ApiContext, shopid: number, id: number): Promise<ProductRecord> {
  const product = await ctx.catalogue.byId(id);
  if (!product || product.shop_id !== shopid) notFound();
  return product;
}

async function additionalInfo(ctx: ApiContext, product: ProductRecord) {
  // Delivery terms and seller are those of the shop that owns the goods: it ships them.
  const owner = await requireShop(ctx, product.goods_shop_id);
  return {
    id: product.id,
    description: await ctx.catalogue.description(product.goods_id),
    delivery: { fee: owner.delivery_fee, free_threshold: owner.free_delivery_threshold, shop_name: owner.name },
    seller: { corpname: owner.corpname, tel: owner.tel },
  };
}

export const catalogueHandlers: Handlers = {
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
    const shop = await requireShop(ctx, query.shopid);
    const product = await ctx.catalogue.bySid(query.shopid, query.sid);
    if (!product) notFound();
    const origin = product.goods_shop_id === shop.id ? shop : await requireShop(ctx, product.goods_shop_id);
    return ctx.catalogue.detail(product, {
      shop: shop.name,
      origin: origin.name,
      uid: shop.uid,
      originUid: origin.uid,
    });
  },

  async additionalInfo({ query }, ctx) {
    return additionalInfo(ctx, await productOf(ctx, query.shopid, query.id));
  },

  async pickableAdditionalInfo({ query }, ctx) {
    const product = await ctx.catalogue.byId(query.id);
    if (!product || product.ptype !== "pick") notFound();
    return additionalInfo(ctx, product);
  },

  async combinedContents({ query }, ctx) {
    const product = await productOf(ctx, query.shopid, query.pid);
    return { items: await ctx.catalogue.related(query.shopid, product, query.type, RECOMMENDATION_COUNT) };
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
};
