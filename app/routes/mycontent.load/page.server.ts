import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { rethrowAsResponse } from "~/lib/shop-loaders.server";

/**
 * /mycontent/load?id=: one piece of the shop's own content, a notice, on a page of its own in the
 * content layout (decision 071): the address a shop owner shares in a chat or a post.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const id = Number(new URL(request.url).searchParams.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw new Response(null, { status: 404 });
  const notice = await context.api
    .call("notice", { query: { shopid: context.shop.shopid, id } })
    .catch((e) => rethrowAsResponse(e));
  return { notice };
}
