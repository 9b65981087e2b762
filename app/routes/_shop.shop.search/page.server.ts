/**
 * The search page's loader (decision 067), apart from the page so that the browser build replaces
 * its server imports with one empty module inside the route's own chunk (decision 073).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { productListing } from "~/lib/product-listing.server";

/** /shop/search?q=: the shop's own products matching the words (decision 067), sorted and paged. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  return productListing(context, request, (query) =>
    context.api.call("productSearch", { query: { shopid: context.shop.shopid, q, ...query } }),
  );
}
