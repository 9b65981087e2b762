import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { CartView } from "~/components/cart/CartView";
import * as css from "~/components/cart/cart.css";
import { useRootData } from "~/lib/root-data";
import { koCart } from "~/shared/messages/cart";
import { orderErrorView } from "~/shared/order-errors";
import type { loader, action } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koCart.title, noindex: true });

export { loader, action } from "./page.server";

export default function CheckoutPage() {
  const { cart, orderKey, links } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { storageUrl } = useRootData();
  const { pathname } = useLocation();
  const error = failed && "error" in failed ? failed.error : undefined;
  return (
    <>
      <h1 className={css.title}>{koCart.title}</h1>
      {error ? <OrderErrorNotice view={orderErrorView(error.code, links)} /> : null}
      {cart.count === 0 ? (
        <>
          <p className={css.empty}>{koCart.empty}</p>
          <Link className={css.secondary} to={links.shop}>
            {koCart.goShopping}
          </Link>
        </>
      ) : (
        <CartView
          cart={cart}
          // The key of a failed attempt stays (one order per intent); a fresh one only after success.
          orderKey={failed?.key ?? orderKey}
          storageUrl={storageUrl}
          links={links}
          // Its /save and /fees resource routes sit under the page itself (/user, /exmy/user, /myorder).
          apiBase={pathname.replace(/\/$/, "")}
        />
      )}
    </>
  );
}

/** Without scripts the order errors of spec §8 are shown here, with the way forward. */
function OrderErrorNotice({ view }: { view: ReturnType<typeof orderErrorView> }) {
  return (
    <div className={css.notice} role="alert">
      {view.text}
      {view.way ? (
        <p className={css.noticeLinks}>
          <Link to={view.way.to}>{view.way.label}</Link>
        </p>
      ) : null}
    </div>
  );
}
