import { Link } from "@remix-run/react";
import { useState } from "react";
import { MessagePanel, PANEL_MEDIA, type PanelSize } from "~/components/chat/MessagePanel";
import { useUi } from "~/components/ui/UiProvider";
import { ko } from "~/shared/messages";
import type { SessionState } from "~/lib/session";
import { CountBadge } from "../CartButton";
import * as shop from "../shop.css";

/**
 * The owner gets the admin button (spec §2 Header); everybody else the message button. For a
 * member on a wide screen it opens the message window; on a phone (or without scripts) it is a
 * link to /message; Internet Explorer is told messaging is not supported there.
 */
export function HeaderActions({ session, unread, isIE }: { session: SessionState; unread: number; isIE: boolean }) {
  const [panel, setPanel] = useState<PanelSize>("closed");
  const ui = useUi();
  if (session.mshop && session.adminUrl) {
    return (
      <a className={shop.iconButton} href={session.adminUrl} data-testid="admin-button">
        {ko.header.admin}
      </a>
    );
  }
  const open = (event: React.MouseEvent) => {
    if (isIE) {
      event.preventDefault();
      void ui.modal(ko.header.messageUnsupported);
      return;
    }
    if (session.login !== 1 || !window.matchMedia(PANEL_MEDIA).matches) return;
    event.preventDefault();
    setPanel(panel === "closed" ? "open" : "closed");
  };
  return (
    <>
      <Link
        className={`${shop.iconButton} ${shop.withBadge}`}
        to="/message"
        aria-label={ko.header.message}
        aria-expanded={panel === "closed" ? undefined : true}
        data-testid="message-button"
        onClick={open}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 5h16v11H8l-4 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
        {unread > 0 ? <CountBadge count={unread} className={shop.iconBadge} testId="unread-count" /> : null}
      </Link>
      <MessagePanel size={panel} onSize={setPanel} />
    </>
  );
}
