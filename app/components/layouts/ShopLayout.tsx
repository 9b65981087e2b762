import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Category, ShopInfo } from "~/shared/contracts";
import { island } from "~/lib/island";
import * as css from "../shop.css";
import type { MenuAccount } from "../ShopMenu";

// The frame hydrates after the page's own content (decision 073): until then its links, the
// menu's checkbox and the search link work as they do without scripts.
const Header = island("Header", () => import("../frame.islands").then((m) => m.Header));
// The side menu loads when first used (decision 128): its checkbox opens its HTML before that.
const Menu = island("ShopMenu", () => import("../menu.islands").then((m) => m.ShopMenu), "use");
// The footer is plain markup below the fold: it hydrates only when the shopper scrolls near it.
const Footer = island("Footer", () => import("../Footer").then((m) => m.Footer), "visible");

/** Pages whose layout has no footer (spec §2). */
export const FOOTERLESS_PATHS = ["/user/login", "/user/join", "/user/forget", "/my/login"];

export function footerHidden(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "");
  return FOOTERLESS_PATHS.includes(path);
}

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
  /** The drawer's account part: the visitor's session and counts. */
  account?: MenuAccount;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <>
      <Menu shop={shop} categories={categories} account={account} />
      <Header shop={shop} storageUrl={storageUrl} actions={headerActions} />
      <div className={css.page}>
        {shop.notice ? (
          <p className={css.noticeBar} data-testid="notice-bar">
            {shop.notice}
          </p>
        ) : null}
        <main className={css.main}>{children}</main>
        {footerHidden(pathname) ? null : <Footer shop={shop} />}
      </div>
    </>
  );
}
