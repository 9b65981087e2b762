/**
 * The search page's loader (decision 067), apart from the page so that the browser build replaces
 * its server imports with one empty module inside the route's own chunk (decision 073).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { likedOf } from "~/lib/my-products.server";
import { pageParam, rethrowAsResponse, sortParam } from "~/lib/shop-loaders.server";
import { sharePage } from "~/lib/shared-page.server";

/** Results per page. */
const PAGE_SIZE = 20;

/** /shop/search?q=: the shop's own products matching the words (decision 067), sorted and paged. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = pageParam(url);
  const sort = sortParam(url);
  const data = await context.api
    .call("productSearch", {
      query: { shopid: context.shop.shopid, q: url.searchParams.get("q") ?? "", page, size: PAGE_SIZE, sort },
    })
    .catch((e) => rethrowAsResponse(e));
  if (page > data.pages) throw new Response(null, { status: 404 });
  sharePage(context);
  return { ...data, sort, liked: await likedOf(context, request, data.items) };
}
