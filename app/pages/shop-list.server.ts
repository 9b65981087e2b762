/**
 * The category list's loader (spec §4), apart from the page so that the browser build replaces
 * its server imports with one empty module inside the route's own chunk (decision 073).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pageParam, rethrowAsResponse, sortParam } from "~/lib/shop-loaders.server";
import { likedOf } from "~/lib/my-products.server";
import { sharePage } from "~/lib/shared-page.server";

/** Products per page of a category list. */
const PAGE_SIZE = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get("category") ?? "0";
  if (!/^\d{1,9}$/.test(raw)) throw new Response(null, { status: 404 });
  const category = Number(raw);
  const page = pageParam(url);
  const sort = sortParam(url);
  const data = await context.api
    .call("productList", { query: { shopid: context.shop.shopid, category, page, size: PAGE_SIZE, sort } })
    .catch((e) => rethrowAsResponse(e));
  if (page > data.pages) throw new Response(null, { status: 404 });
  sharePage(context);
  return { ...data, sort, liked: await likedOf(context, request, data.items) };
}
