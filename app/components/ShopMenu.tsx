import type { Category, ShopInfo } from "~/shared/contracts";
import { Drawer } from "./Drawer";
import { DrawerAccount } from "./account/DrawerAccount";

export type MenuAccount = Parameters<typeof DrawerAccount>[0];

/** The side menu with the visitor's account part in it (none on the error page's frame). */
export function ShopMenu({
  shop,
  categories,
  account,
}: {
  shop: ShopInfo;
  categories: Category[];
  account?: MenuAccount;
}) {
  return <Drawer shop={shop} categories={categories} account={account ? <DrawerAccount {...account} /> : null} />;
}
