import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loginAgainIfExpired } from "~/lib/cart.server";
import { likedOf } from "~/lib/my-products.server";

/**
 * 최근 본 상품 (spec §2 /myshop/recent): the ids the server recorded, newest first, read as cards
 * through the spec's pidlist/info; only this shop's products that are still shown.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ids } = await context.api.call("myRecent");
  const { items } =
    ids.length > 0 ? await context.api.call("pidListInfo", { query: { pidlist: ids.join(",") } }) : { items: [] };
  const cards = items.filter((p) => p.shopid === context.shop.shopid).map(({ shopid: _shopid, ...card }) => card);
  return { items: cards, liked: await likedOf(context, request, cards), guest: context.member === null };
}

/** 삭제 (one product) or 전체 삭제, as plain form posts. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const pid = form.get("pid");
  try {
    await context.api.call("removeRecent", { body: pid ? { pid: String(pid) } : {} });
  } catch (error) {
    loginAgainIfExpired(error, request);
    throw error;
  }
  return redirect("/myshop/recent", 303);
}
