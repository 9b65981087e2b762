import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import { Composer } from "~/components/chat/Chat";
import * as css from "~/components/chat/chat.css";
import { MessageLayout } from "~/components/layouts";
import { useRootData } from "~/lib/root-data";
import { koChat } from "~/shared/messages/chat";
import type { action, loader } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koChat.newTitle, noindex: true });

export { loader, action } from "./page.server";

export default function NewConversation() {
  const { product, orderId, unread } = useLoaderData<typeof loader>();
  const failed = useActionResult<typeof action>();
  const { shop, storageUrl } = useRootData();
  return (
    <MessageLayout title={koChat.newTitle} unread={unread}>
      {product ? (
        <Link className={css.about} to={`/shop/view/${encodeURIComponent(product.sid)}`} data-testid="about">
          {product.image ? (
            <img className={css.aboutImage} src={`${storageUrl}${product.image}`} alt="" width={44} height={44} />
          ) : null}
          <span>
            {koChat.aboutProduct} · {product.title}
          </span>
        </Link>
      ) : (
        <p className={css.about} data-testid="about">
          {orderId ? koChat.aboutOrder(orderId) : koChat.aboutShop(shop.name)}
        </p>
      )}
      <p className={css.empty}>{koChat.noMessagesYet}</p>
      <Composer error={failed?.error} text={failed?.text} />
    </MessageLayout>
  );
}
