import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireMember } from "~/lib/auth.server";
import { memberSend, unreadOf } from "~/lib/chat.server";
import { rethrowAsResponse } from "~/lib/shop-loaders.server";
import { koChat } from "~/shared/messages/chat";

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
