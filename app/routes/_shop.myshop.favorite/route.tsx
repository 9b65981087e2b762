import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import * as cartCss from "~/components/cart/cart.css";
import { Pager } from "~/components/Pager";
import { ProductGrid } from "~/components/ProductGrid";
import * as css from "~/components/shop.css";
import { productDisplay } from "~/shared/display";
import { useRootData } from "~/lib/root-data";
import { koAccount } from "~/shared/messages/account";
import { loginPath } from "~/shared/return-path";
import type { loader, action } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koAccount.favouritesTitle, noindex: true });

export { loader, action } from "./page.server";

export default function Favourites() {
  const { items, page, pages, total, guest } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { storageUrl, shop } = useRootData();
  return (
    <>
      <h1 className={cartCss.title}>
        {koAccount.favouritesTitle} <span className={cartCss.muted}>{koAccount.count(total)}</span>
      </h1>
      {failed && "error" in failed ? (
        <p className={cartCss.notice} role="alert">
          {failed.error}
        </p>
      ) : null}
      {guest ? (
        <div className={cartCss.note}>
          {koAccount.guestFavourites} <Link to={loginPath("/myshop/favorite", shop.dom)}>{koAccount.login}</Link>
        </div>
      ) : null}
      {items.length === 0 ? (
        <p className={css.empty}>{koAccount.favouritesEmpty}</p>
      ) : (
        <ProductGrid
          display={productDisplay(shop)}
          items={items}
          storageUrl={storageUrl}
          label={koAccount.favouritesTitle}
          liked={items.map((p) => p.id)}
        />
      )}
      <Pager page={page} pages={pages} href={(p) => `/myshop/favorite${p > 1 ? `?page=${p}` : ""}`} />
    </>
  );
}
