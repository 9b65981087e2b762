import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import { Composer, Thread, ticketTitle } from "~/components/chat/Chat";
import * as css from "~/components/chat/chat.css";
import { MessageLayout } from "~/components/layouts";
import { useRootData } from "~/lib/root-data";
import { koChat } from "~/shared/messages/chat";
import type { action, loader } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koChat.title, noindex: true });

export { loader, action } from "./page.server";

export default function Conversation() {
  const { ticket, messages, unread } = useLoaderData<typeof loader>();
  const failed = useActionResult<typeof action>();
  const { shop, storageUrl } = useRootData();
  return (
    <MessageLayout title={ticketTitle(ticket, shop.name)} unread={unread}>
      {ticket.product ? (
        <Link className={css.about} to={`/shop/view/${encodeURIComponent(ticket.product.sid)}`}>
          {ticket.product.image ? (
            <img
              className={css.aboutImage}
              src={`${storageUrl}${ticket.product.image}`}
              alt=""
              width={44}
              height={44}
            />
          ) : null}
          <span>{ticket.product.title}</span>
        </Link>
      ) : ticket.order_id ? (
        <Link className={css.about} to={`/myshop/order_view?id=${ticket.order_id}`}>
          {koChat.aboutOrder(ticket.order_id)}
        </Link>
      ) : null}
      <Thread messages={messages} mine="member" />
      <Composer error={failed?.error} text={failed?.text} />
    </MessageLayout>
  );
}
