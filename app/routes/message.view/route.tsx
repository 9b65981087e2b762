import { shopMeta } from "~/lib/seo";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Composer, Thread, ticketTitle } from "~/components/chat/Chat";
import * as css from "~/components/chat/chat.css";
import { MessageLayout } from "~/components/layouts";
import { requireMember } from "~/lib/auth.server";
import { memberSend, unreadOf, type SendResult } from "~/lib/chat.server";
import { rethrowAsResponse } from "~/lib/shop-loaders.server";
import { useRootData } from "~/lib/root-data";
import { koChat } from "~/shared/messages/chat";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koChat.title, noindex: true });

const idOf = (request: Request) => Number(new URL(request.url).searchParams.get("id")) || 0;

/** /message/view?id=: one conversation (reading it marks it read) and the form to send. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const id = idOf(request);
  if (id <= 0) throw new Response(koChat.notFound, { status: 404 });
  const conversation = await context.api
    .call("myTicket", { query: { id } })
    .catch((e) => rethrowAsResponse(e, koChat.notFound));
  return { ...conversation, unread: await unreadOf(context) };
}

export const action = ({ request, context }: ActionFunctionArgs) => memberSend(request, context, { id: idOf(request) });

export default function Conversation() {
  const { ticket, messages, unread } = useLoaderData<typeof loader>();
  const failed = useActionData<SendResult>();
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
