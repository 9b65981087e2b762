import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import type { Category, ShopInfo } from "~/shared/contracts";
import { ko } from "~/shared/messages";
import { SmartLink } from "./SmartLink";
import { useUi } from "./ui/UiProvider";
import { ShopSearchForm } from "./SearchForm";
import * as css from "./shop.css";

export const DRAWER_TOGGLE_ID = "drawer-toggle";

/**
 * The side menu. Opened by a checkbox (so it works before scripts load); once hydrated it also
 * closes itself after every navigation.
 */
export function Drawer({ shop, categories, account }: { shop: ShopInfo; categories: Category[]; account?: ReactNode }) {
  const toggle = useRef<HTMLInputElement>(null);
  const location = useLocation();
  const ui = useUi();
  useEffect(() => {
    if (toggle.current) toggle.current.checked = false;
  }, [location.key]);

  const openCategories = (e: React.MouseEvent) => {
    e.preventDefault();
    void ui.modal(<CategoryTree categories={categories} onPick={() => ui.closeModal()} />);
  };

  const chat = shop.kakao_link || shop.kakao_cs;
  type Row = { href: string; label: string };
  const external = (
    [
      shop.youtube ? { href: shop.youtube, label: ko.drawer.youtube } : null,
      shop.instagram ? { href: shop.instagram, label: ko.drawer.instagram } : null,
      shop.naver ? { href: shop.naver, label: ko.drawer.naver } : null,
      shop.link1 ? { href: shop.link1, label: ko.drawer.link } : null,
      shop.help_email ? { href: `mailto:${shop.help_email}`, label: ko.drawer.helpMail } : null,
    ] as (Row | null)[]
  ).filter((x): x is Row => x !== null && /^(https?:|mailto:)/.test(x.href));

  return (
    <>
      <input
        ref={toggle}
        type="checkbox"
        id={DRAWER_TOGGLE_ID}
        className={css.drawerToggle}
        aria-label={ko.header.openMenu}
      />
      <label htmlFor={DRAWER_TOGGLE_ID} className={css.scrim} aria-hidden="true" />
      <nav className={css.drawer} aria-label={ko.drawer.title} data-testid="drawer">
        <div className={css.drawerHead}>
          <p className={css.drawerShopName}>{shop.name}</p>
          <ShopSearchForm />
        </div>
        {account ?? null}
        <div className={css.drawerSection}>
          <SmartLink className={css.drawerLink} to="/shop/list?category=0">
            {ko.drawer.allProducts}
          </SmartLink>
          <SmartLink className={css.drawerLink} to="/shop/notice-list">
            {ko.drawer.notices}
          </SmartLink>
          {categories.length > 0 ? (
            <a className={css.drawerLink} href="/shop/list?category=0#categories" onClick={openCategories}>
              {ko.drawer.categories}
            </a>
          ) : null}
        </div>
        {chat || external.length > 0 ? (
          <div className={css.drawerSection}>
            {chat && /^https?:/.test(chat) ? (
              <a className={css.drawerLink} href={chat} target="_blank" rel="noopener noreferrer">
                {ko.drawer.kakaoChannel}
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
      <h2 className={css.sectionTitle}>{ko.drawer.chooseCategory}</h2>
      <ul className={css.categoryTree}>
        <li>
          <SmartLink className={css.drawerLink} to="/shop/list?category=0" onClick={onPick}>
            {ko.drawer.allCategory}
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
