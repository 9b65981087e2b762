import { useLoaderData } from "@remix-run/react";
import { ProductGrid } from "~/components/ProductGrid";
import { SmartLink } from "~/components/SmartLink";
import * as css from "~/components/shop.css";
import { formatDate } from "~/shared/format";
import { koDrawer } from "~/shared/messages/shop/drawer";
import { koHome } from "~/shared/messages/shop/home";
import { koList } from "~/shared/messages/shop/list";
import { productDisplay } from "~/shared/display";
import { useRootData, useShopFrameData } from "~/lib/root-data";
import { personalised } from "~/lib/personal";
import { LEAF_ROUTE } from "~/shared/personal";
import { CategoryChips } from "~/components/CategoryChips";
import type { loader } from "./page.server";

// Kept apart so the browser build replaces its server imports with one empty module (decision 073).
export { loader } from "./page.server";

export default function Home() {
  const { shop, storageUrl } = useRootData();
  const { products, total, notices, liked } = personalised(LEAF_ROUTE, useLoaderData<typeof loader>());
  // Category shortcuts: the top level, from the shop frame (no call of its own).
  const categories = (useShopFrameData()?.categories ?? []).filter((c) => c.parent_id === null);
  return (
    <>
      {categories.length > 0 ? (
        <nav aria-label={koDrawer.categories} data-testid="home-categories">
          <CategoryChips categories={categories} current={null} all />
        </nav>
      ) : null}
      <h1 className={css.sectionTitle}>{koHome.newArrivals}</h1>
      {products.length === 0 ? (
        <p className={css.empty}>{koHome.noProducts}</p>
      ) : (
        <ProductGrid
          display={productDisplay(shop)}
          items={products}
          storageUrl={storageUrl}
          label={koHome.newArrivals}
          liked={liked}
        />
      )}
      {total > products.length ? (
        <p className={css.pager}>
          <SmartLink className={css.pagerLink} to="/shop/list?category=0">
            {koHome.allProducts} ({koList.count(total)})
          </SmartLink>
        </p>
      ) : null}
      {notices.length > 0 ? (
        <section aria-labelledby="home-notices">
          <h2 id="home-notices" className={css.sectionTitle}>
            <SmartLink to="/shop/notice-list">{koHome.notices}</SmartLink>
          </h2>
          <ul className={css.categoryTree}>
            {notices.map((n) => (
              <li key={n.id}>
                <SmartLink className={css.drawerLink} to={`/shop/notice-list?open=${n.id}#notice-${n.id}`}>
                  <span>{n.title}</span>
                  <small>{formatDate(n.created_at)}</small>
                </SmartLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
