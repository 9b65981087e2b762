import { toShopInfo } from "../views/shop";
import { apiErrors, type ApiContext, type Handlers } from "./context";

/** Where the embedded API's files are served (functions/files.ts), on every host. */
export const EMBEDDED_STORAGE_URL = "/files/";

export async function requireShop(ctx: ApiContext, shopid: number) {
  const row = await ctx.db.shops.byId(shopid);
  if (!row) throw apiErrors.shopNotFound();
  return row;
}

export const shopHandlers = {
  async shopInfo({ query }, ctx) {
    const row = query.domain
      ? await ctx.db.shops.byDomain(query.id.toLowerCase())
      : /^\d+$/.test(query.id)
        ? await ctx.db.shops.byId(Number(query.id))
        : null;
    if (!row) throw apiErrors.shopNotFound();
    return toShopInfo(row, ctx.config.PLATFORM_DOMAIN, ctx.url);
  },

  async shopDomains({ query }, ctx) {
    const row = await requireShop(ctx, query.id);
    return { dom: row.dom, dom3: row.dom3 };
  },

  async shopDomainInfo({ query }, ctx) {
    const row = query.shopid
      ? await ctx.db.shops.byId(query.shopid)
      : query.dom
        ? await ctx.db.shops.byDomain(query.dom.toLowerCase())
        : null;
    if (!row) throw apiErrors.shopNotFound();
    const info = toShopInfo(row, ctx.config.PLATFORM_DOMAIN, ctx.url);
    return { shopid: row.id, uid: row.uid, dom: row.dom, dom3: row.dom3, url: info.url };
  },

  async storageUrl() {
    return { storage_url: EMBEDDED_STORAGE_URL };
  },
} satisfies Handlers;
