import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import * as cartCss from "~/components/cart/cart.css";
import { Composer, Thread, ticketTitle } from "~/components/chat/Chat";
import * as chatCss from "~/components/chat/chat.css";
import { requireShopOwner } from "~/lib/admin.server";
import { readSendForm, sendFailure, type SendResult } from "~/lib/chat.server";
import { useRootData } from "~/lib/root-data";
import { rethrowAsResponse } from "~/lib/shop-loaders.server";
import { koChat } from "~/shared/messages/chat";

const idOf = (request: Request) => Number(new URL(request.url).searchParams.get("id")) || 0;

/** One conversation in the owner's console: reading marks it read; the reply is a form post. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  const id = idOf(request);
  if (id <= 0) throw new Response(koChat.notFound, { status: 404 });
  return context.api.call("adminTicket", { query: { id } }).catch((e) => rethrowAsResponse(e, koChat.notFound));
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireShopOwner(request, context);
  const form = await readSendForm(request);
  if (!form.ok) return form.refusal;
  try {
    const sent = await context.api.call("adminReply", { body: { id: idOf(request), text: form.text } });
    return redirect(`/admin/message?id=${sent.ticket_id}#m${sent.message.id}`, 303);
  } catch (error) {
    return sendFailure(error, form.text);
  }
}

export default function OwnerConversation() {
  const { ticket, messages } = useLoaderData<typeof loader>();
  const failed = useActionData<SendResult>();
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
