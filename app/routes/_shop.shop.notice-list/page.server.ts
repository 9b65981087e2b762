import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pageParam, rethrowAsResponse } from "~/lib/shop-loaders.server";
import { sharePage } from "~/lib/shared-page.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = pageParam(new URL(request.url));
  const data = await context.api
    .call("notices", { query: { shopid: context.shop.shopid, page } })
    .catch((e) => rethrowAsResponse(e));
  if (page > data.pages) throw new Response(null, { status: 404 });
  // A notice linked from elsewhere (home) opens by itself, without scripts.
  const open = Number(new URL(request.url).searchParams.get("open")) || null;
  sharePage(context);
  return { ...data, open };
}
