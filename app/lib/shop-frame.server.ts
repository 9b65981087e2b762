/**
 * The shop frame's data (routes/_shop, read by its pages through useShopFrameData): categories and the my menu's counts. Server-only, so the
 * browser build of the frame carries none of the cart's server code.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { accountPath, deviceIdOf, mayOwnAnything } from "~/lib/cart.server";
import type { Category } from "~/shared/contracts";
import { HostCache } from "../../functions/tenant";

/**
 * A shop's categories, kept per isolate for as long as its shop record is (SHOP_CACHE_TTL,
 * 30 s): they change rarely, and every page of the frame needs them (one D1 round trip less).
 * Keyed by the shop's content version too, when it has one: a page drawn from a fresh shop record
 * (to be kept at the edge, decision 077) never shows categories older than that record.
 */
const categoryCache = new HostCache<Category[]>();

async function shopCategories(request: Request, context: AppLoadContext): Promise<Category[]> {
  const key = `${context.shop.shopid}@${new URL(request.url).host}#${context.shop.content_version ?? ""}`;
  const hit = categoryCache.get(key);
  if (hit) return hit.value;
  const { categories } = await context.api.call("categories", { query: { shopid: context.shop.shopid } });
  categoryCache.set(key, categories, context.config.SHOP_CACHE_TTL);
  return categories;
}

export async function shopFrameData(context: AppLoadContext, request: Request) {
  // No device id and no member: nothing of theirs to count, no call to make.
  const hasOwner = mayOwnAnything(request, context);
  const [categories, summary] = await Promise.all([
    shopCategories(request, context),
    // The my menu's counts (one D1 round trip beside the categories): awaited, not streamed, so
    // that they are there without scripts too (decision 060).
    hasOwner ? context.api.call("mySummary").catch(() => null) : null,
  ]);
  return {
    categories,
    summary,
    cartCount: summary?.cart ?? 0,
    cartPath: accountPath("/user/checkout", request, context),
    device: context.member ? null : deviceIdOf(request),
  };
}
