import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import * as cartCss from "~/components/cart/cart.css";
import { ProductGrid } from "~/components/ProductGrid";
import * as css from "~/components/shop.css";
import { productDisplay } from "~/shared/display";
import { useRootData } from "~/lib/root-data";
import { koAccount } from "~/shared/messages/account";
import { loginPath } from "~/shared/return-path";
import type { loader } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koAccount.recentTitle, noindex: true });

export { loader, action } from "./page.server";

export default function Recent() {
  const { items, liked, guest } = useLoaderData<typeof loader>();
  const { storageUrl, shop } = useRootData();
  return (
    <>
      <div className={css.sectionHead}>
        <h1 className={cartCss.title}>
          {koAccount.recentTitle} <span className={cartCss.muted}>{koAccount.count(items.length)}</span>
        </h1>
        {items.length > 0 ? (
          <Form method="post">
            <button type="submit" className={cartCss.smallButton}>
              {koAccount.clear}
            </button>
          </Form>
        ) : null}
      </div>
      {guest ? (
        <div className={cartCss.note}>
          {koAccount.guest} <Link to={loginPath("/myshop/recent", shop.dom)}>{koAccount.login}</Link>
        </div>
      ) : null}
      {items.length === 0 ? (
        <p className={css.empty}>{koAccount.recentEmpty}</p>
      ) : (
        <ProductGrid
          display={productDisplay(shop)}
          items={items}
          storageUrl={storageUrl}
          label={koAccount.recentTitle}
          liked={liked}
          below={(p) => (
            <Form method="post" className={css.belowCard}>
              <input type="hidden" name="pid" value={p.id} />
              <button type="submit" className={cartCss.smallButton} aria-label={koAccount.removeItem(p.title)}>
                {koAccount.remove}
              </button>
            </Form>
          )}
        />
      )}
    </>
  );
}
