import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireMember } from "~/lib/auth.server";
import { memberSend, unreadOf } from "~/lib/chat.server";
import { rethrowAsResponse } from "~/lib/shop-loaders.server";
import { koChat } from "~/shared/messages/chat";

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
