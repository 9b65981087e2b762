import { shopMeta } from "~/lib/seo";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { TicketList } from "~/components/chat/Chat";
import * as css from "~/components/chat/chat.css";
import { MessageLayout } from "~/components/layouts";
import { Pager } from "~/components/Pager";
import { requireMember } from "~/lib/auth.server";
import { unreadOf } from "~/lib/chat.server";
import { pageParam } from "~/lib/shop-loaders.server";
import { useRootData } from "~/lib/root-data";
import { koChat } from "~/shared/messages/chat";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koChat.listTitle, noindex: true });

/** /message and /message/list: the member's conversations with this shop, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const page = pageParam(new URL(request.url));
  const [tickets, unread] = await Promise.all([context.api.call("myTickets", { query: { page } }), unreadOf(context)]);
  return { tickets, unread };
}

export default function Messages() {
  const { tickets, unread } = useLoaderData<typeof loader>();
  const { shop } = useRootData();
  return (
    <MessageLayout title={koChat.listTitle} unread={unread}>
      {tickets.items.length === 0 ? <p className={css.empty}>{koChat.empty}</p> : null}
      <TicketList items={tickets.items} shopName={shop.name} href={(id) => `/message/view?id=${id}`} />
      <Pager page={tickets.page} pages={tickets.pages} href={(p) => `/message/list?page=${p}`} />
      <p className={css.askShop}>
        <Link to="/message/new">{koChat.askShop}</Link>
      </p>
    </MessageLayout>
  );
}
