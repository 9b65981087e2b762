/**
 * The search page's loader (decision 067), apart from the page so that the browser build replaces
 * its server imports with one empty module inside the route's own chunk (decision 073).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { productListing } from "~/lib/product-listing.server";
import { searchTerms } from "~/shared/search";

/** /shop/search?q=: the shop's own products matching the words (decision 067), sorted and paged. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  // The empty search page shows the shop's popular searches as counted now (decision 129): it is
  // not kept at the edge, where it would stay as drawn until the shop's content changes.
  return productListing(
    context,
    request,
    (query) => context.api.call("productSearch", { query: { shopid: context.shop.shopid, q, ...query } }),
    searchTerms(q).length > 0,
  );
}
