import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import type { Category, ShopInfo } from "~/shared/contracts";
import { koDrawer } from "~/shared/messages/shop/drawer";
import { koHeader } from "~/shared/messages/shop/header";
import { SmartLink } from "./SmartLink";
import { useUi } from "./ui/UiProvider";
import { ShopSearchForm } from "./SearchForm";
import * as css from "./shop.css";

/**
 * The side menu. Opened by a checkbox (so it works before scripts load); once hydrated it also
 * closes itself after every navigation.
 */
export function Drawer({ shop, categories, account }: { shop: ShopInfo; categories: Category[]; account?: ReactNode }) {
  const toggle = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const ui = useUi();
  // Closes after a navigation, not when it hydrates: the menu is an island (decision 073), and a
  // shopper may have opened it (the checkbox works without scripts) before its code arrived.
  const openedAt = useRef(location.key);
  useEffect(() => {
    if (openedAt.current === location.key) return;
    openedAt.current = location.key;
    if (toggle.current) toggle.current.checked = false;
  }, [location.key]);

  /** The key of the page the address shows now (React Router keeps it in history.state). */
  const currentKey = () => (window.history.state as { key?: string } | null)?.key;

  const openCategories = (e: React.MouseEvent) => {
    e.preventDefault();
    void ui.modal(<CategoryTree categories={categories} onPick={() => ui.closeModal()} />);
  };

  const chat = shop.kakao_link || shop.kakao_cs;
  type Row = { href: string; label: string };
  const external = (
    [
      shop.youtube ? { href: shop.youtube, label: koHeader.youtube } : null,
      shop.instagram ? { href: shop.instagram, label: koHeader.instagram } : null,
      shop.naver ? { href: shop.naver, label: koHeader.naver } : null,
      shop.link1 ? { href: shop.link1, label: koHeader.link } : null,
      shop.help_email ? { href: `mailto:${shop.help_email}`, label: koDrawer.helpMail } : null,
    ] as (Row | null)[]
  ).filter((x): x is Row => x !== null && /^(https?:|mailto:)/.test(x.href));

  return (
    <>
      <input
        ref={toggle}
        // Opened as a navigation lands (the address already the new page's, the page not yet drawn):
        // that navigation happened before it was opened, so it does not close it.
        onChange={(e) => {
          if (e.currentTarget.checked) openedAt.current = currentKey() ?? location.key;
        }}
        type="checkbox"
        id={css.DRAWER_TOGGLE_ID}
        className={css.drawerToggle}
        aria-label={koHeader.openMenu}
      />
      {/* The scrim closes the menu. Empty, it has nothing to announce; aria-hidden is not allowed
          on a label tied to a control (the checkbox is named by its aria-label). */}
      <label htmlFor={css.DRAWER_TOGGLE_ID} className={css.scrim} />
      <nav className={css.drawer} aria-label={koDrawer.title} data-testid="drawer">
        <div className={css.drawerHead}>
          <p className={css.drawerShopName}>{shop.name}</p>
          <ShopSearchForm />
        </div>
        {/* The visitor's part: hidden while the menu's HTML is stale (island.tsx, decision 163). */}
        {account ? <div className={css.drawerAccount}>{account}</div> : null}
        <div className={css.drawerSection}>
          <SmartLink className={css.drawerLink} to="/shop/list?category=0">
            {koDrawer.allProducts}
          </SmartLink>
          <SmartLink className={css.drawerLink} to="/shop/notice-list">
            {koDrawer.notices}
          </SmartLink>
          {categories.length > 0 ? (
            <a className={css.drawerLink} href="/shop/list?category=0#categories" onClick={openCategories}>
              {koDrawer.categories}
            </a>
          ) : null}
        </div>
        {chat || external.length > 0 ? (
          <div className={css.drawerSection}>
            {chat && /^https?:/.test(chat) ? (
              <a className={css.drawerLink} href={chat} target="_blank" rel="noopener noreferrer">
                {koDrawer.kakaoChannel}
              </a>
            ) : null}
            {external.map((l) => (
              <a key={l.label} className={css.drawerLink} href={l.href} target="_blank" rel="noopener noreferrer">
                {l.label}
              </a>
            ))}
          </div>
        ) : null}
      </nav>
    </>
  );
}

/** Top-level categories with their children; a choice goes to /shop/list?category=N. */
export function CategoryTree({ categories, onPick }: { categories: Category[]; onPick?: () => void }) {
  const roots = categories.filter((c) => c.parent_id === null);
  return (
    <div>
      <h2 className={css.sectionTitle}>{koDrawer.chooseCategory}</h2>
      <ul className={css.categoryTree}>
        <li>
          <SmartLink className={css.drawerLink} to="/shop/list?category=0" onClick={onPick}>
            {koDrawer.allCategory}
          </SmartLink>
        </li>
        {roots.map((root) => (
          <li key={root.id}>
            <SmartLink className={css.drawerLink} to={`/shop/list?category=${root.id}`} onClick={onPick}>
              {root.name}
            </SmartLink>
            <ul className={`${css.categoryTree} ${css.categoryChild}`}>
              {categories
                .filter((c) => c.parent_id === root.id)
                .map((c) => (
                  <li key={c.id}>
                    <SmartLink className={css.drawerLink} to={`/shop/list?category=${c.id}`} onClick={onPick}>
                      {c.name}
                    </SmartLink>
                  </li>
                ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
