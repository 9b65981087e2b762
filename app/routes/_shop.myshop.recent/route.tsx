import { shopMeta } from "~/lib/seo";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import * as cartCss from "~/components/cart/cart.css";
import { ProductGrid } from "~/components/ProductGrid";
import * as css from "~/components/shop.css";
import { loginAgainIfExpired } from "~/lib/cart.server";
import { likedOf } from "~/lib/my-products.server";
import { useRootData } from "~/lib/root-data";
import { koAccount } from "~/shared/messages/account";
import { loginPath } from "~/shared/return-path";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koAccount.recentTitle, noindex: true });

/**
 * 최근 본 상품 (spec §2 /myshop/recent): the ids the server recorded, newest first, read as cards
 * through the spec's pidlist/info; only this shop's products that are still shown.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ids } = await context.api.call("myRecent");
  const { items } =
    ids.length > 0 ? await context.api.call("pidListInfo", { query: { pidlist: ids.join(",") } }) : { items: [] };
  const cards = items.filter((p) => p.shopid === context.shop.shopid).map(({ shopid: _shopid, ...card }) => card);
  return { items: cards, liked: await likedOf(context, request, cards), guest: context.member === null };
}

/** 삭제 (one product) or 전체 삭제, as plain form posts. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const pid = form.get("pid");
  try {
    await context.api.call("removeRecent", { body: pid ? { pid: String(pid) } : {} });
  } catch (error) {
    loginAgainIfExpired(error, request);
    throw error;
  }
  return redirect("/myshop/recent", 303);
}

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
