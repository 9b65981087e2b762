/**
 * The home page's loader (spec §4), apart from the page so that the browser build replaces
 * its server imports with one empty module inside the route's own chunk (decision 073).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { rethrowAsResponse } from "~/lib/shop-loaders.server";
import { likedOf } from "~/lib/my-products.server";
import { sharePage } from "~/lib/shared-page.server";

const HOME_PRODUCTS = 12;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const shopid = context.shop.shopid;
  const [products, notices] = await Promise.all([
    context.api.call("productList", { query: { shopid, category: 0, page: 1, size: HOME_PRODUCTS } }),
    context.api.call("notices", { query: { shopid, page: 1 } }),
  ]).catch((e) => rethrowAsResponse(e));
  sharePage(context, null, { pids: products.items.map((p) => p.id), one: false });
  return {
    products: products.items,
    total: products.total,
    notices: notices.items.slice(0, 3),
    liked: await likedOf(context, request, products.items),
  };
}
