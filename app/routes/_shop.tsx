import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { ShopLayout } from "~/components/layouts/ShopLayout";
import { AccountBox } from "~/components/account/AccountBox";
import { HeaderActions } from "~/components/account/HeaderActions";
import { useRootData } from "~/root";

export async function loader({ context }: LoaderFunctionArgs) {
  const { categories } = await context.api.call("categories", { query: { shopid: context.shop.shopid } });
  return { categories };
}

// Categories change rarely; navigating inside the shop does not need them again.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod !== "GET" ? defaultShouldRevalidate : false;

export default function ShopFrame() {
  const { shop, storageUrl, session } = useRootData();
  const { categories } = useLoaderData<typeof loader>();
  return (
    <ShopLayout
      shop={shop}
      storageUrl={storageUrl}
      categories={categories}
      headerActions={<HeaderActions session={session} />}
      account={<AccountBox session={session} storageUrl={storageUrl} />}
    >
      <Outlet />
    </ShopLayout>
  );
}
