import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProductGrid } from "~/components/ProductGrid";
import { SmartLink } from "~/components/SmartLink";
import * as css from "~/components/shop.css";
import { formatDate } from "~/shared/format";
import { koDrawer } from "~/shared/messages/shop/drawer";
import { koHome } from "~/shared/messages/shop/home";
import { koList } from "~/shared/messages/shop/list";
import { rethrowAsResponse } from "~/lib/shop-loaders.server";
import { likedOf } from "~/lib/my-products.server";
import { useRootData, useShopFrameData } from "~/lib/root-data";
import { CategoryChips } from "~/components/CategoryChips";
import { sharePage } from "~/lib/shared-page.server";

const HOME_PRODUCTS = 12;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const shopid = context.shop.shopid;
  const [products, notices] = await Promise.all([
    context.api.call("productList", { query: { shopid, category: 0, page: 1, size: HOME_PRODUCTS } }),
    context.api.call("notices", { query: { shopid, page: 1 } }),
  ]).catch((e) => rethrowAsResponse(e));
  sharePage(context);
  return {
    products: products.items,
    total: products.total,
    notices: notices.items.slice(0, 3),
    liked: await likedOf(context, request, products.items),
  };
}

export default function Home() {
  const { shop, storageUrl } = useRootData();
  const { products, total, notices, liked } = useLoaderData<typeof loader>();
  // Category shortcuts: the top level, from the shop frame (no call of its own).
  const categories = (useShopFrameData()?.categories ?? []).filter((c) => c.parent_id === null);
  return (
    <>
      {shop.notice ? <p className={css.chip}>{shop.notice}</p> : null}
      {categories.length > 0 ? (
        <nav aria-label={koDrawer.categories} data-testid="home-categories">
          <CategoryChips categories={categories} current={null} all />
        </nav>
      ) : null}
      <h1 className={css.sectionTitle}>{koHome.newArrivals}</h1>
      {products.length === 0 ? (
        <p className={css.empty}>{koHome.noProducts}</p>
      ) : (
        <ProductGrid items={products} storageUrl={storageUrl} label={koHome.newArrivals} liked={liked} />
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
