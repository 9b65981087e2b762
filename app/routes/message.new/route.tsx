import { shopMeta } from "~/lib/seo";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Composer } from "~/components/chat/Chat";
import * as css from "~/components/chat/chat.css";
import { MessageLayout } from "~/components/layouts";
import { requireMember } from "~/lib/auth.server";
import { memberSend, unreadOf, type SendResult } from "~/lib/chat.server";
import { rethrowAsResponse } from "~/lib/shop-loaders.server";
import { useRootData } from "~/lib/root-data";
import { koChat } from "~/shared/messages/chat";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koChat.newTitle, noindex: true });

/** What the new conversation is about: ?pid= (이 상품 문의), ?order= (이 주문 문의), or the shop. */
function aboutOf(request: Request): { pid?: string; order_id?: number } {
  const params = new URL(request.url).searchParams;
  const pid = params.get("pid")?.slice(0, 40);
  const order = Number(params.get("order"));
  if (pid) return { pid };
  if (Number.isInteger(order) && order > 0) return { order_id: order };
  return {};
}

/** /message/new: the first message to the shop; the API reuses a conversation about the same thing. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(request, context);
  const about = aboutOf(request);
  const product = about.pid
    ? await context.api
        .call("productDetail", { query: { sid: about.pid, shopid: context.shop.shopid } })
        .then((p) => ({ sid: about.pid!, title: p.title, image: p.images[0] ?? null }))
        .catch((e) => rethrowAsResponse(e, koChat.productNotHere))
    : null;
  return { product, orderId: about.order_id ?? null, unread: await unreadOf(context) };
}

export const action = ({ request, context }: ActionFunctionArgs) => memberSend(request, context, aboutOf(request));

export default function NewConversation() {
  const { product, orderId, unread } = useLoaderData<typeof loader>();
  const failed = useActionData<SendResult>();
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
