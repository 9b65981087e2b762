import { useLive } from "~/lib/use-live";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, type ShouldRevalidateFunction, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { CartButton } from "~/components/CartButton";
import { ShopLayout } from "~/components/layouts/ShopLayout";
import { AccountBox } from "~/components/account/AccountBox";
import { MyMenu } from "~/components/account/MyMenu";
import { HeaderActions } from "~/components/account/HeaderActions";
import { accountPath, deviceIdOf } from "~/lib/cart.server";
import { syncDeviceStorage } from "~/shared/device";
import { useRootData } from "~/lib/root-data";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // No device id and no member: nothing of theirs to count, no call to make.
  const hasOwner = context.member !== null || deviceIdOf(request) !== null;
  const [{ categories }, summary] = await Promise.all([
    context.api.call("categories", { query: { shopid: context.shop.shopid } }),
    // The my menu's counts (one D1 round trip beside the categories): awaited, not streamed, so
    // that they are there without scripts too (decision 060).
    hasOwner ? context.api.call("mySummary").catch(() => null) : null,
  ]);
  return {
    categories,
    summary,
    cartCount: summary?.cart ?? 0,
    cartPath: accountPath("/user/checkout", request, context),
    device: context.member ? null : deviceIdOf(request),
  };
}

// Categories change rarely; navigating inside the shop does not need them again. Counts change
// with form posts, and with product views (recently viewed): entering the account area refreshes them.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
  currentUrl,
  nextUrl,
}) =>
  formMethod && formMethod !== "GET"
    ? defaultShouldRevalidate
    : // The account pages, and a live event's reload (same address): the counts may have changed.
      /^\/my(shop|order)(\/|$)/.test(nextUrl.pathname) || currentUrl.href === nextUrl.href;

export default function ShopFrame() {
  const { shop, storageUrl, session, isIE } = useRootData();
  const { categories, summary, cartCount, cartPath, device } = useLoaderData<typeof loader>();
  // A member's pages follow new messages and order changes (issue 12); a guest's order pages
  // follow their order (the device's room), and other guest pages open no socket.
  const { pathname } = useLocation();
  const guestOrderPage = device !== null && /^\/(myshop\/order|myorder\/|user\/order)/.test(pathname);
  useLive(session.login === 1 || guestOrderPage ? "me" : null);
  // The device id also lives in local storage once scripts run (and comes back from there).
  useEffect(() => {
    syncDeviceStorage();
  }, [cartPath]);
  return (
    <ShopLayout
      shop={shop}
      storageUrl={storageUrl}
      categories={categories}
      headerActions={
        <>
          <CartButton count={cartCount} to={cartPath} />
          <HeaderActions session={session} unread={summary?.message ?? 0} isIE={isIE} />
        </>
      }
      account={
        <>
          <AccountBox session={session} storageUrl={storageUrl} />
          <MyMenu summary={summary} device={device} cartPath={cartPath} shop={shop} />
        </>
      }
    >
      <Outlet />
    </ShopLayout>
  );
}
