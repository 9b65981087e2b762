import { Link, useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as cartCss from "~/components/cart/cart.css";
import { Composer, Thread, ticketTitle } from "~/components/chat/Chat";
import * as chatCss from "~/components/chat/chat.css";
import { useRootData } from "~/lib/root-data";
import { koChat } from "~/shared/messages/chat";
import type { action, loader } from "./page.server";

export { loader, action } from "./page.server";

export default function OwnerConversation() {
  const { ticket, messages } = useLoaderData<typeof loader>();
  const failed = useActionResult<typeof action>();
  const { shop } = useRootData();
  return (
    <>
      <p>
        <Link to="/admin/messages">← {koChat.inboxTitle}</Link>
      </p>
      <h2 className={cartCss.sectionTitle}>
        {koChat.member(ticket.member_name)} · {ticketTitle(ticket, shop.name)}
      </h2>
      {ticket.order_id ? (
        <p className={chatCss.about}>
          <Link to={`/admin/order?id=${ticket.order_id}`}>{koChat.aboutOrder(ticket.order_id)}</Link>
        </p>
      ) : null}
      <Thread messages={messages} mine="shop" />
      <Composer error={failed?.error} text={failed?.text} placeholder={koChat.replyPlaceholder} />
    </>
  );
}
