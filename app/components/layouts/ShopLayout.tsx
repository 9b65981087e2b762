import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Category, ShopInfo } from "~/shared/contracts";
import { Drawer } from "../Drawer";
import { Footer, footerHidden } from "../Footer";
import { Header } from "../Header";
import * as css from "../shop.css";

/** Header, side menu and (after about 2 s) the footer around the shop's pages. */
export function ShopLayout({
  shop,
  storageUrl,
  categories,
  headerActions,
  account,
  cart,
  children,
}: {
  shop: ShopInfo;
  storageUrl: string;
  categories: Category[];
  headerActions?: ReactNode;
  account?: ReactNode;
  /** The cart row of the drawer's menu: where the cart is and how many lines it holds. */
  cart?: { count: number; to: string };
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <>
      <Drawer shop={shop} categories={categories} account={account} cart={cart} />
      <Header shop={shop} storageUrl={storageUrl} actions={headerActions} />
      <div className={css.page}>
        <main className={css.main}>{children}</main>
        {footerHidden(pathname) ? null : <Footer shop={shop} />}
      </div>
    </>
  );
}
