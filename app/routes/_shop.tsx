import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
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
  // No device id and no member: no cart to count, no call to make.
  const hasCart = context.member !== null || deviceIdOf(request) !== null;
  const [{ categories }, cart, orderCounts] = await Promise.all([
    context.api.call("categories", { query: { shopid: context.shop.shopid } }),
    hasCart ? context.api.call("cartCount").catch(() => ({ count: 0 })) : { count: 0 },
    // The drawer's my menu counts the orders of the member or this device (none without either).
    hasCart ? context.api.call("orderSummary").catch(() => null) : null,
  ]);
  return {
    categories,
    cartCount: cart.count,
    cartPath: accountPath("/user/checkout", request, context),
    orderCounts,
    device: context.member ? null : deviceIdOf(request),
  };
}

// Categories change rarely; navigating inside the shop does not need them again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;

export default function ShopFrame() {
  const { shop, storageUrl, session } = useRootData();
  const { categories, cartCount, cartPath, orderCounts, device } = useLoaderData<typeof loader>();
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
          <HeaderActions session={session} />
        </>
      }
      account={
        <>
          <AccountBox session={session} storageUrl={storageUrl} />
          <MyMenu counts={orderCounts} member={session.login === 1} device={device} />
        </>
      }
      cart={{ count: cartCount, to: cartPath }}
    >
      <Outlet />
    </ShopLayout>
  );
}
