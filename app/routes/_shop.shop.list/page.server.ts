/**
 * The category list's loader (spec §4), apart from the page so that the browser build replaces
 * its server imports with one empty module inside the route's own chunk (decision 073).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { productListing } from "~/lib/product-listing.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("category") ?? "0";
  if (!/^\d{1,9}$/.test(raw)) throw new Response(null, { status: 404 });
  return productListing(context, request, (query) =>
    context.api.call("productList", { query: { shopid: context.shop.shopid, category: Number(raw), ...query } }),
  );
}
