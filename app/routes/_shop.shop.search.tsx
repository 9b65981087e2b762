import { shopMeta } from "~/lib/seo";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Pager } from "~/components/Pager";
import { ProductGrid } from "~/components/ProductGrid";
import { ShopSearchForm } from "~/components/SearchForm";
import { SortChips } from "~/components/SortChips";
import * as css from "~/components/shop.css";
import { likedOf } from "~/lib/my-products.server";
import { useRootData } from "~/lib/root-data";
import { pageParam, rethrowAsResponse, sortParam } from "~/lib/shop-loaders.server";
import { koSearch } from "~/shared/messages/shop/search";
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

// Result pages are endless variations of the catalogue: not for search engines.
export const meta: MetaFunction<typeof loader> = (args) =>
  shopMeta(args, { title: args.data?.q ? `${args.data.q} - ${koSearch.title}` : koSearch.title, noindex: true });

export default function SearchPage() {
  const { storageUrl } = useRootData();
  const { items, page, pages, total, q, sort, liked } = useLoaderData<typeof loader>();
  const href = (p: number, s = sort) =>
    `/shop/search?${new URLSearchParams({ q, ...(s !== "recommended" ? { sort: s } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  return (
    <>
      <h1 className={css.sectionTitle}>{koSearch.title}</h1>
      <ShopSearchForm q={q} autoFocus={q === ""} />
      {q === "" ? (
        <p className={css.empty}>{koSearch.hint}</p>
      ) : total === 0 ? (
        <p className={css.empty} role="status">
          {koSearch.none(q)}
        </p>
      ) : (
        <>
          <p role="status">{koSearch.results(q, total)}</p>
          <SortChips current={sort} href={(s) => href(1, s)} />
          <ProductGrid items={items} storageUrl={storageUrl} label={koSearch.title} liked={liked} />
          <Pager page={page} pages={pages} href={href} />
        </>
      )}
    </>
  );
}
