import { useLive } from "~/lib/use-live";
import { Link, useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ShopInfo } from "~/shared/contracts";
import { koHeader } from "~/shared/messages/shop/header";
import * as css from "./layouts.css";

/**
 * The page frames of spec §2. The shop layout (header, drawer, footer) lives in ShopLayout.tsx;
 * these are the others. The spec's nobg and default frames are not kept: every page they could
 * serve has the shop layout or one of these (decision 071).
 */

function BackButton() {
  const navigate = useNavigate();
  return (
    <a
      className={css.barButton}
      href="/"
      aria-label={koHeader.back}
      onClick={(e) => {
        if (window.history.length > 1) {
          e.preventDefault();
          navigate(-1);
        }
      }}
    >
      ‹
    </a>
  );
}

function CountBadge({ count }: { count: number }) {
  return count > 0 ? <span className={css.barBadge}>{count > 99 ? "99+" : count}</span> : null;
}

/** White page with a back button and a title. */
export function ContentLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={css.white}>
      <div className={css.topBar}>
        <BackButton />
        <h1 className={css.barTitle}>{title}</h1>
        <span className={css.barButton} aria-hidden="true" />
      </div>
      <div className={css.body}>{children}</div>
    </div>
  );
}

/** Login, join and password pages: a card on the shop colour with the circle pattern. */
export function FullbgLayout({ children }: { children: ReactNode }) {
  return (
    <div className={css.fullbg} data-layout="fullbg">
      <div className={css.fullbgCard}>{children}</div>
    </div>
  );
}

/** Messaging: fixed 56 px bar with back, list (with unread badge) and title. */
export function MessageLayout({ title, unread, children }: { title: string; unread: number; children: ReactNode }) {
  // Message pages are members' own: new messages arrive live.
  useLive("me");
  return (
    <div className={css.white} data-layout="message">
      <div className={css.fixedBar}>
        <BackButton />
        <h1 className={css.barTitle}>{title}</h1>
        <Link className={css.barButton} to="/message/list" aria-label={koHeader.message}>
          ☰<CountBadge count={unread} />
        </Link>
      </div>
      <div className={css.fixedBarSpacer} />
      {children}
    </div>
  );
}

/** No frame at all (embeds, print views). */
export function NoneLayout({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

/** Smart order (table orders): shop name and table, nothing to wander off to. */
export function SmartLayout({ shop, table, children }: { shop: ShopInfo; table?: string; children: ReactNode }) {
  return (
    <div className={css.white} data-layout="smart">
      <div className={css.topBar}>
        <h1 className={css.barTitle}>
          {shop.name}
          {table ? ` · ${table}` : ""}
        </h1>
      </div>
      <div className={css.body}>{children}</div>
    </div>
  );
}
