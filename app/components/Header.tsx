import { useEffect, useState, type ReactNode } from "react";
import type { ShopInfo } from "~/shared/contracts";
import { shopHomeHref } from "~/shared/device-handoff";
import { koHeader } from "~/shared/messages/shop/header";
import { HEADER_SCROLL_OFFSET, hasSocialLinks, headerHeight } from "~/lib/header";
import { SmartLink } from "./SmartLink";
import * as css from "./shop.css";
import { visuallyHidden } from "../../styles/a11y.css";

/** True once the page has scrolled past the header's height plus the spec's 100 px. */
export function useHeaderFixed(height: number): boolean {
  const [fixed, setFixed] = useState(false);
  useEffect(() => {
    const onScroll = () => setFixed(window.scrollY > height + HEADER_SCROLL_OFFSET);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [height]);
  return fixed;
}

export function Header({ shop, storageUrl, actions }: { shop: ShopInfo; storageUrl: string; actions?: ReactNode }) {
  const height = headerHeight(shop);
  const fixed = useHeaderFixed(height);
  const showLogo = shop.use_logo && shop.logo;
  return (
    <>
      {/* Keeps the content from jumping up when the header leaves the flow. */}
      {fixed ? <div className={css.headerSpacer} aria-hidden="true" /> : null}
      <header className={fixed ? `${css.header} ${css.headerFixed}` : css.header} data-fixed={fixed ? "true" : "false"}>
        <div className={css.headerRow}>
          <label htmlFor={css.DRAWER_TOGGLE_ID} className={css.iconButton} title={koHeader.openMenu}>
            {/* A label takes no aria-label: its name is this text (WCAG, Lighthouse). */}
            <span className={visuallyHidden}>{koHeader.openMenu}</span>
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </label>
          {/* The home may be the shop's other host: the link brings the guest's device along (decision 116). */}
          <a className={css.brand} href={shopHomeHref(shop)}>
            {showLogo ? (
              <img className={css.logo} src={`${storageUrl}${shop.logo}`} alt={shop.name} />
            ) : (
              <span>{shop.name}</span>
            )}
          </a>
          {/* A client navigation: a plain link loaded the whole document again, on a phone's
              network, and a shopper typing before it hydrated met React 18's forced hydration. */}
          <SmartLink className={css.iconButton} to="/shop/search" aria-label={koHeader.search} title={koHeader.search}>
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" fill="none" />
              <path d="M16.5 16.5L21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </SmartLink>
          {actions ?? null}
        </div>
        {hasSocialLinks(shop) && !fixed ? <SocialLinks shop={shop} /> : null}
      </header>
    </>
  );
}

function SocialLinks({ shop }: { shop: ShopInfo }) {
  const links = (
    [
      [shop.youtube, koHeader.youtube],
      [shop.instagram, koHeader.instagram],
      [shop.naver, koHeader.naver],
      [shop.link1, koHeader.link],
    ] as const
  ).filter((l): l is readonly [string, (typeof l)[1]] => Boolean(l[0] && /^https?:/.test(l[0])));
  return (
    <nav className={css.social} aria-label="SNS" data-testid="header-social">
      {links.map(([href, label]) => (
        <a key={label} href={href} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      ))}
    </nav>
  );
}
