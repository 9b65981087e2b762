import { Link } from "@remix-run/react";
import { lazy, Suspense, useState } from "react";
import type { PanelSize } from "~/components/chat/MessagePanel";
import { useUi } from "~/components/ui/UiProvider";
import { koHeader } from "~/shared/messages/shop/header";
import type { SessionState } from "~/lib/session";
import { CartButton, CountBadge } from "../CartButton";
import { useSlots } from "~/lib/slots";
import * as shop from "../shop.css";

/** The panel opens from this width on; below it the message button is a plain link. */
const PANEL_MEDIA = "(min-width: 900px)";

// The window is drawn only after a click on a wide screen: its code is not part of the first load.
const MessagePanel = lazy(() => import("~/components/chat/MessagePanel").then((m) => ({ default: m.MessagePanel })));

/** The header's buttons in a shop: the cart, then messages (or the console). An island. */
export function HeaderButtons({
  cartCount,
  cartPath,
  ...actions
}: { cartCount: number; cartPath: string } & Parameters<typeof HeaderActions>[0]) {
  return (
    <>
      <CartButton count={cartCount} to={cartPath} />
      <HeaderActions {...actions} />
    </>
  );
}

/**
 * The owner gets the admin button (spec §2 Header); everybody else the message button. For a
 * member on a wide screen it opens the message window; on a phone (or without scripts) it is a
 * link to /message; Internet Explorer is told messaging is not supported there.
 */
export function HeaderActions({ session, unread, isIE }: { session: SessionState; unread: number; isIE: boolean }) {
  const [panel, setPanel] = useState<PanelSize>("closed");
  const ui = useUi();
  // A page kept for every visitor marks the unread count for the Worker to fill in (decision 122).
  const slots = useSlots();
  if (session.mshop && session.adminUrl) {
    return (
      <a className={shop.iconButton} href={session.adminUrl} data-testid="admin-button">
        {koHeader.admin}
      </a>
    );
  }
  const open = (event: React.MouseEvent) => {
    if (isIE) {
      event.preventDefault();
      void ui.modal(koHeader.messageUnsupported);
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
        aria-label={koHeader.message}
        aria-expanded={panel === "closed" ? undefined : true}
        data-testid="message-button"
        onClick={open}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 5h16v11H8l-4 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
        {unread > 0 || slots ? (
          <CountBadge count={unread} className={shop.iconBadge} testId="unread-count" slot="message" />
        ) : null}
      </Link>
      {panel === "closed" ? null : (
        <Suspense fallback={null}>
          <MessagePanel size={panel} onSize={setPanel} />
        </Suspense>
      )}
    </>
  );
}
