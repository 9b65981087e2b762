/**
 * What the category list and the search results share (spec §4, decision 067): the page and
 * sort from the URL, 404 past the last page, the edge cache's consent, and the visitor's likes.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ListSort, ProductCard } from "~/shared/contracts";
import { likedOf } from "~/lib/my-products.server";
import { pageParam, rethrowAsResponse, sortParam } from "~/lib/shop-loaders.server";
import { sharePage } from "~/lib/shared-page.server";

/** Products per page of a list or of search results. */
export const LISTING_PAGE_SIZE = 20;

export async function productListing<Page extends { items: ProductCard[]; pages: number }>(
  context: AppLoadContext,
  request: Request,
  fetchPage: (query: { page: number; size: number; sort: ListSort }) => Promise<Page>,
  /** False for a page that changes without the shop's content changing (the empty search's popular searches). */
  share = true,
) {
  const url = new URL(request.url);
  const page = pageParam(url);
  const sort = sortParam(url);
  const data = await fetchPage({ page, size: LISTING_PAGE_SIZE, sort }).catch((e) => rethrowAsResponse(e));
  if (page > data.pages) throw new Response(null, { status: 404 });
  if (share) sharePage(context, null, { pids: data.items.map((p) => p.id), one: false });
  return { ...data, sort, liked: await likedOf(context, request, data.items) };
}
