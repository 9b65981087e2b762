import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { personalised } from "~/lib/personal";
import { LEAF_ROUTE } from "~/shared/personal";
import { Pager } from "~/components/Pager";
import { ProductGrid } from "~/components/ProductGrid";
import { ShopSearchForm } from "~/components/SearchForm";
import { RememberSearch, SearchSuggestions } from "~/components/SearchSuggestions";
import { SortChips } from "~/components/SortChips";
import * as css from "~/components/shop.css";
import { productDisplay } from "~/shared/display";
import { useRootData } from "~/lib/root-data";
import { koSearch } from "~/shared/messages/shop/search";
import type { loader } from "./page.server";

// Kept apart so the browser build replaces its server imports with one empty module (decision 073).
export { loader } from "./page.server";

// Result pages are endless variations of the catalogue: not for search engines.
export const meta: MetaFunction<typeof loader> = (args) =>
  shopMeta(args, { title: args.data?.q ? `${args.data.q} - ${koSearch.title}` : koSearch.title, noindex: true });

export default function SearchPage() {
  const { storageUrl, shop } = useRootData();
  const { items, page, pages, total, q, sort, liked, loose, popular } = personalised(
    LEAF_ROUTE,
    useLoaderData<typeof loader>(),
  );
  const href = (p: number, s = sort) =>
    `/shop/search?${new URLSearchParams({ q, ...(s !== "recommended" ? { sort: s } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  return (
    <>
      <h1 className={css.sectionTitle}>{koSearch.title}</h1>
      <ShopSearchForm q={q} autoFocus={q === ""} />
      <RememberSearch q={q} />
      {q === "" ? (
        <>
          <p className={css.empty}>{koSearch.hint}</p>
          <SearchSuggestions popular={popular} />
        </>
      ) : total === 0 ? (
        <p className={css.empty} role="status">
          {koSearch.none(q)}
        </p>
      ) : (
        <>
          <p role="status">{loose ? koSearch.loose(q, total) : koSearch.results(q, total)}</p>
          <SortChips current={sort} href={(s) => href(1, s)} />
          <ProductGrid
            display={productDisplay(shop)}
            items={items}
            storageUrl={storageUrl}
            label={koSearch.title}
            liked={liked}
          />
          <Pager page={page} pages={pages} href={href} />
        </>
      )}
    </>
  );
}
