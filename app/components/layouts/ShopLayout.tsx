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
  children,
}: {
  shop: ShopInfo;
  storageUrl: string;
  categories: Category[];
  headerActions?: ReactNode;
  account?: ReactNode;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <>
      <Drawer shop={shop} categories={categories} account={account} />
      <Header shop={shop} storageUrl={storageUrl} actions={headerActions} />
      <div className={css.page}>
        <main className={css.main}>{children}</main>
        {footerHidden(pathname) ? null : <Footer shop={shop} />}
      </div>
    </>
  );
}
