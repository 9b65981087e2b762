import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { personalised } from "~/lib/personal";
import { LEAF_ROUTE } from "~/shared/personal";
import { Pager } from "~/components/Pager";
import { CategoryChips } from "~/components/CategoryChips";
import { SortChips } from "~/components/SortChips";
import { ProductGrid } from "~/components/ProductGrid";
import * as css from "~/components/shop.css";
import { koDrawer } from "~/shared/messages/shop/drawer";
import { koList } from "~/shared/messages/shop/list";
import { productDisplay } from "~/shared/display";
import { useRootData, useShopFrameData } from "~/lib/root-data";
import type { loader } from "./page.server";

// Kept apart so the browser build replaces its server imports with one empty module (decision 073).
export { loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = (args) =>
  shopMeta(args, {
    title: args.data?.category?.name ?? koList.all,
    description: args.data?.items.length
      ? `${args.data.category?.name ?? koList.all}: ${args.data.items
          .slice(0, 5)
          .map((i) => i.title)
          .join(", ")}`
      : null,
  });

export default function ProductList() {
  const { storageUrl, shop } = useRootData();
  const { items, page, pages, total, category, liked, sort } = personalised(LEAF_ROUTE, useLoaderData<typeof loader>());
  const categories = useShopFrameData()?.categories ?? [];
  const current = category?.id ?? 0;
  const parent = category?.parent_id ?? category?.id ?? null;
  const roots = categories.filter((c) => c.parent_id === null);
  const children = parent === null ? [] : categories.filter((c) => c.parent_id === parent);
  const href = (p: number, s = sort) =>
    `/shop/list?category=${current}${s !== "recommended" ? `&sort=${s}` : ""}${p > 1 ? `&page=${p}` : ""}`;
  return (
    <>
      <h1 className={css.sectionTitle}>{category?.name ?? koList.all}</h1>
      <nav id="categories" aria-label={koDrawer.categories}>
        <CategoryChips categories={roots} current={current} all />
        {children.length > 0 ? <CategoryChips categories={children} current={current} /> : null}
      </nav>
      <p>{koList.count(total)}</p>
      <SortChips current={sort} href={(s) => href(1, s)} />
      {items.length === 0 ? (
        <p className={css.empty}>{koList.empty}</p>
      ) : (
        <ProductGrid
          display={productDisplay(shop)}
          items={items}
          storageUrl={storageUrl}
          label={category?.name ?? koList.all}
          liked={liked}
        />
      )}
      <Pager page={page} pages={pages} href={href} />
    </>
  );
}
