import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { TicketList } from "~/components/chat/Chat";
import * as css from "~/components/chat/chat.css";
import { MessageLayout } from "~/components/layouts";
import { Pager } from "~/components/Pager";
import { useRootData } from "~/lib/root-data";
import { koChat } from "~/shared/messages/chat";
import type { loader } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koChat.listTitle, noindex: true });

export { loader } from "./page.server";

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
