import { useLoaderData } from "@remix-run/react";
import * as cartCss from "~/components/cart/cart.css";
import { TicketList } from "~/components/chat/Chat";
import * as chatCss from "~/components/chat/chat.css";
import { Pager } from "~/components/Pager";
import { useRootData } from "~/lib/root-data";
import { koChat } from "~/shared/messages/chat";
import type { loader } from "./page.server";

export { loader } from "./page.server";

export default function Inbox() {
  const inbox = useLoaderData<typeof loader>();
  const { shop } = useRootData();
  return (
    <>
      <h2 className={cartCss.sectionTitle}>
        {koChat.inboxTitle}
        {inbox.unread > 0 ? (
          <span className={chatCss.unreadDot} data-testid="inbox-unread" aria-label={koChat.unreadBadge(inbox.unread)}>
            {inbox.unread}
          </span>
        ) : null}
      </h2>
      {inbox.items.length === 0 ? <p className={chatCss.empty}>{koChat.inboxEmpty}</p> : null}
      <TicketList items={inbox.items} shopName={shop.name} href={(id) => `/admin/message?id=${id}`} who />
      <Pager page={inbox.page} pages={inbox.pages} href={(p) => `/admin/messages?page=${p}`} />
    </>
  );
}
