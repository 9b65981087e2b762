import { ko } from "~/lib/messages";
import { toShopInfo } from "../db/shops";
import type { ApiContext, Handlers } from "./context";
import { ApiError } from "./http";

/** Where the embedded API's files are served (functions/files.ts), on every host. */
export const EMBEDDED_STORAGE_URL = "/files/";

export async function requireShop(ctx: ApiContext, shopid: number) {
  const row = await ctx.shops.byId(shopid);
  if (!row) throw new ApiError(404, "SHOP_NOT_FOUND", ko.errors.shopNotFound);
  return row;
}

export const shopHandlers = {
  async shopInfo({ query }, ctx) {
    const row = query.domain
      ? await ctx.shops.byDomain(query.id.toLowerCase())
      : /^\d+$/.test(query.id)
        ? await ctx.shops.byId(Number(query.id))
        : null;
    if (!row) throw new ApiError(404, "SHOP_NOT_FOUND", ko.errors.shopNotFound);
    return toShopInfo(row, ctx.config.PLATFORM_DOMAIN, ctx.url);
  },

  async shopDomains({ query }, ctx) {
    const row = await requireShop(ctx, query.id);
    return { dom: row.dom, dom3: row.dom3 };
  },

  async shopDomainInfo({ query }, ctx) {
    const row = query.shopid
      ? await ctx.shops.byId(query.shopid)
      : query.dom
        ? await ctx.shops.byDomain(query.dom.toLowerCase())
        : null;
    if (!row) throw new ApiError(404, "SHOP_NOT_FOUND", ko.errors.shopNotFound);
    const info = toShopInfo(row, ctx.config.PLATFORM_DOMAIN, ctx.url);
    return { shopid: row.id, uid: row.uid, dom: row.dom, dom3: row.dom3, url: info.url };
  },

  async storageUrl() {
    return { storage_url: EMBEDDED_STORAGE_URL };
  },
} satisfies Handlers;
