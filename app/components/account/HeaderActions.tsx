import { Link } from "@remix-run/react";
import { ko } from "~/shared/messages";
import type { SessionState } from "~/lib/session";
import { CountBadge } from "../CartButton";
import * as shop from "../shop.css";

/** The owner gets the admin button (spec §2 Header); everybody else the message button. */
export function HeaderActions({ session, unread }: { session: SessionState; unread: number }) {
  if (session.mshop && session.adminUrl) {
    return (
      <a className={shop.iconButton} href={session.adminUrl} data-testid="admin-button">
        {ko.header.admin}
      </a>
    );
  }
  return (
    <Link
      className={`${shop.iconButton} ${shop.withBadge}`}
      to="/message"
      aria-label={ko.header.message}
      data-testid="message-button"
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 5h16v11H8l-4 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      {unread > 0 ? <CountBadge count={unread} className={shop.iconBadge} testId="unread-count" /> : null}
    </Link>
  );
}
