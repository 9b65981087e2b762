import { shopMeta } from "~/lib/seo";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import * as cartCss from "~/components/cart/cart.css";
import { Pager } from "~/components/Pager";
import { ProductGrid } from "~/components/ProductGrid";
import * as css from "~/components/shop.css";
import { loginAgainIfExpired } from "~/lib/cart.server";
import { likeField } from "~/lib/likes";
import { pageParam } from "~/lib/shop-loaders.server";
import { useRootData } from "~/lib/root-data";
import { isShopApiError } from "~/shared/api-client.server";
import { koAccount } from "~/shared/messages/account";
import { loginPath, safeReturnPath } from "~/shared/return-path";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koAccount.favouritesTitle, noindex: true });

/** 찜한 상품 (spec §2 /myshop/favorite): the member's, or a guest's device's, newest first, 20 a page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const favourites = await context.api.call("myFavourites", { query: { page: pageParam(new URL(request.url)) } });
  return { ...favourites, guest: context.member === null };
}

/**
 * ♡ from anywhere in the shop (product cards, the product page, this list): likes or unlikes.
 * Scripts get data; a plain form post goes back to the page it came from.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const js = form.get(likeField.js) === "1";
  try {
    const result = await context.api.call("likeProduct", {
      body: { pid: String(form.get(likeField.pid) ?? ""), like: form.get(likeField.like) === "1" },
    });
    if (js) return data(result);
    return redirect(safeReturnPath(form.get(likeField.back), "/myshop/favorite"), 303);
  } catch (error) {
    loginAgainIfExpired(error, request);
    if (!isShopApiError(error)) throw error;
    return data({ error: error.message }, { status: js ? 200 : error.status });
  }
}

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
