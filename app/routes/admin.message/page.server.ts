import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireShopOwner } from "~/lib/admin.server";
import { readSendForm, sendFailure } from "~/lib/chat.server";
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
