import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loginAgainIfExpired } from "~/lib/cart.server";
import { likeField } from "~/lib/likes";
import { pageParam } from "~/lib/shop-loaders.server";
import { isShopApiError } from "~/shared/api-client.server";
import { safeReturnPath } from "~/shared/return-path";

/** 찜한 상품 (spec §2 /myshop/favorite): the member's, or a guest's device's, newest first, 20 a page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const favourites = await context.api.call("myFavourites", { query: { page: pageParam(new URL(request.url)) } });
  return { ...favourites, guest: context.member === null };
}

/**
 * ♡ from anywhere in the shop (product cards, the product page, this list): likes or unlikes.
 * Scripts get data; a plain form post goes back to the page it came from.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const js = form.get(likeField.js) === "1";
  try {
    const result = await context.api.call("likeProduct", {
      body: { pid: String(form.get(likeField.pid) ?? ""), like: form.get(likeField.like) === "1" },
    });
    if (js) return data(result);
    return redirect(safeReturnPath(form.get(likeField.back), "/myshop/favorite"), 303);
  } catch (error) {
    loginAgainIfExpired(error, request);
    if (!isShopApiError(error)) throw error;
    return data({ error: error.message }, { status: js ? 200 : error.status });
  }
}
