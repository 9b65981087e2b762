/**
 * /shop/reviews?pid=<sid>&sort=&photo=1&star=&page=: a product's reviews, sorted, filtered and
 * paged as plain links and a GET form (decision 119); and 도움돼요, posted from here or the
 * product page, back where it came from.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { NO_PRODUCT } from "~/components/ErrorPage";
import { rethrowAsResponse } from "~/lib/shop-loaders.server";
import { ReviewHelpfulForm } from "~/shared/forms/review-helpful";
import { koReviews } from "~/shared/messages/reviews";
import { parseReviewFilter, REVIEW_LIST_SIZE, reviewListHref } from "~/shared/review-display";
import { loginPath } from "~/shared/return-path";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const sid = url.searchParams.get("pid") ?? "";
  if (!sid) throw new Response(NO_PRODUCT, { status: 404 });
  const filter = parseReviewFilter(url.searchParams);
  const product = await context.api
    .call("productDetail", { query: { sid, shopid: context.shop.shopid } })
    .catch((e) => rethrowAsResponse(e, NO_PRODUCT));
  const reviews = await context.api
    .call("productReviews", {
      query: {
        product_id: product.id,
        sort: filter.sort,
        photo: filter.photo ? "1" : "0",
        ...(filter.star ? { star: filter.star } : {}),
        page: filter.page,
        size: REVIEW_LIST_SIZE,
      },
    })
    .catch((e) => rethrowAsResponse(e, NO_PRODUCT));
  // Adult-only goods before adult verification show no picture (decision 114): review photos neither.
  const covered =
    product.adult_only &&
    !(await context.api.call("myVerification").then(
      (v) => v.adult,
      () => false,
    ));
  return {
    product: { id: product.id, sid: product.sid, title: product.title },
    filter,
    summary: reviews.summary,
    total: reviews.total,
    pages: reviews.pages,
    reviews: covered ? reviews.reviews.map((r) => ({ ...r, photos: [] })) : reviews.reviews,
    storageUrl: context.storageUrl,
  };
}

export type HelpfulResult = { ok: true; id: number; helpful_count: number } | { ok: false; id: number; error: string };

/**
 * 도움돼요: counted once per member (the API's insert is keyed by review and member, and a member's
 * own review is not counted). Guests go to log in and come back. Without scripts, back to `back`.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const values = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === "string"));
  const parsed = ReviewHelpfulForm.safeParse(values);
  const sid = url.searchParams.get("pid");
  const back = (parsed.success && parsed.data.back) || (sid ? reviewListHref(sid) : "/");
  if (!context.member) throw redirect(loginPath(back, context.shop.dom), 303);
  if (!parsed.success) {
    return data<HelpfulResult>(
      { ok: false, id: 0, error: koReviews.errors.notYours },
      { status: 400, headers: NO_STORE },
    );
  }
  const { id, js } = parsed.data;
  try {
    const { helpful_count } = await context.api.call("reviewHelpful", { body: { id } });
    if (js) return data<HelpfulResult>({ ok: true, id, helpful_count }, { headers: NO_STORE });
    return redirect(back, { status: 303, headers: NO_STORE });
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    if (error.status === 401) throw redirect(loginPath(back, context.shop.dom), 303);
    return data<HelpfulResult>({ ok: false, id, error: error.message }, { status: error.status, headers: NO_STORE });
  }
}
