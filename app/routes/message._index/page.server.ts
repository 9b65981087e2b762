import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireMember } from "~/lib/auth.server";
import { unreadOf } from "~/lib/chat.server";
import { pageParam } from "~/lib/shop-loaders.server";

/** /message and /message/list: the member's conversations with this shop, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const page = pageParam(new URL(request.url));
  const [tickets, unread] = await Promise.all([context.api.call("myTickets", { query: { page } }), unreadOf(context)]);
  return { tickets, unread };
}
