/**
 * The product page's loader and action (spec §5). Kept beside the page so the browser build
 * replaces all of its server imports with one empty module inside the page's own chunk.
 */
import {
  data,
  redirect,
  redirectDocument,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
} from "@remix-run/cloudflare";
import { sendServerEvent } from "~/lib/server-events.server";
import { isShopApiError } from "~/shared/api-client.server";
import { accountPath, loginAgainIfExpired, trackingCookies } from "~/lib/cart.server";
import { orderErrorCode, orderErrorView } from "~/shared/order-errors";
import { approveOnlyText } from "~/lib/membership-text.server";
import { field, typedQty } from "~/shared/cart-form";
import { MAX_LINE_QTY } from "~/shared/limits";
import { NO_PRODUCT, NOT_READY } from "~/components/ErrorPage";
import { likedOf } from "~/lib/my-products.server";
import type { ProductCard, ProductReview, ReviewSummary } from "~/shared/contracts";
import { koCartButton } from "~/shared/messages/shop/cart";
import { koBuyRefused, koProduct } from "~/shared/messages/shop/product";
import { rethrowAsResponse } from "~/lib/shop-loaders.server";
import { sharePage } from "~/lib/shared-page.server";
import { QUESTIONS_ON_PAGE } from "~/shared/question-limits";
import { loginPath } from "~/shared/return-path";
import { createElement } from "react";
import * as view from "~/components/product.css";
import * as shopCss from "~/components/shop.css";
import { koDelivery } from "~/shared/messages/shop/delivery";
import { deliveryTerms } from "./delivery-terms";
import { renderToStaticMarkup } from "react-dom/server";
import { QuestionsSection } from "~/components/questions/Questions";
import { ProductReviewsSection } from "~/components/reviews/ReviewDisplay";
import { REVIEWS_ON_PAGE } from "~/shared/review-display";
import { formatPhone } from "~/shared/phone";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const sid = params.sid ?? "";
  const shopid = context.shop.shopid;
  const product = await context.api
    .call("productDetail", { query: { sid, shopid } })
    .catch((e) => rethrowAsResponse(e, NO_PRODUCT));
  if (!product.title || product.options.length === 0) throw new Response(NOT_READY, { status: 404 });
  // Recently viewed: written after the page has gone out, never in its way (issue 10, decision
  // 056); a link prefetched on hover is no view. A shared page's view is recorded by the Worker,
  // for each visitor it gives the page to (decision 077).
  if (
    !context.shared &&
    !/prefetch/i.test(request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "")
  ) {
    context.waitUntil(
      context.api.call("recordView", { body: { pid: product.id } }).then(
        () => undefined,
        (error: unknown) => context.log.error("recently viewed not recorded", error),
      ),
    );
  }
  const [info, liked, questions, reviews] = await Promise.all([
    (product.ptype === "pick"
      ? context.api.call("pickableAdditionalInfo", { query: { id: product.id } })
      : context.api.call("additionalInfo", { query: { id: product.id, shopid } })
    ).catch((e) => rethrowAsResponse(e, NOT_READY)),
    likedOf(context, request, [product]),
    // The latest few 상품문의; the shared (cookieless) page is nobody's, so it never holds a secret body.
    context.api.call("productQuestions", { query: { pid: product.id, size: QUESTIONS_ON_PAGE } }),
    // The reviews' summary, photo strip and first few 추천순, read with the product (decision 119).
    context.api.call("productReviews", {
      query: { product_id: product.id, sort: "best", size: REVIEWS_ON_PAGE, strip: "1" },
    }),
  ]);
  // Goods behind adult or identity verification differ per visitor beyond the marked parts: a
  // visitor with cookies gets them drawn for them (decision 122). So does a page showing 상품문의:
  // a secret one's body is its asker's to see, and each asker's own are marked 내 문의, neither of
  // which the kept copy (nobody's) may hold.
  const personal =
    product.adult_only || product.auth_only || questions.items.length > 0 ? null : { pids: [product.id], one: true };
  sharePage(context, product.id, personal);
  // Not awaited: streamed after the shell, so a slow recommendation never delays the page.
  const recommendations: Promise<ProductCard[]> = context.api
    .call("combinedContents", { query: { pid: product.id, type: "0", shopid } })
    .then((r) => r.items);
  const verification = await verificationOf(context, product);
  // Adult-only goods before adult verification: no picture address and no description leave the
  // server (the law's 포장에 준하는 조치, decision 114). The page kept for visitors without cookies
  // is always this one.
  const covered = product.adult_only && !verification.adult;
  return {
    product: covered ? { ...product, images: [] } : product,
    info: covered ? { ...info, description: "" } : info,
    recommendations,
    liked: liked.includes(product.id),
    verification: { ...verification, covered },
    // Made here, not in the page's meta: the browser's bundle does not carry the builder.
    reviewsLd: reviewsJsonLd(reviews.summary, reviews.reviews),
    // The delivery terms, the reviews and 상품문의 as HTML made here: they add no script to the
    // page's first load, and the page's own code carries not even their frames or words. The
    // reviews end in the page's ReviewsMore island (the next ones with scripts; the link to all).
    deliveryHtml: renderToStaticMarkup(
      createElement(
        "section",
        { className: view.section, "aria-labelledby": "delivery" },
        createElement("h2", { id: "delivery", className: shopCss.sectionTitle }, koDelivery.title),
        ...deliveryTerms(info.delivery).map((line) => createElement("p", { key: line }, line)),
        createElement(
          "p",
          null,
          `${koDelivery.seller}: ${info.seller.corpname ?? info.delivery.shop_name}`,
          info.seller.tel ? ` · ${formatPhone(info.seller.tel)}` : "",
        ),
      ),
    ),
    reviewsHtml: renderToStaticMarkup(
      createElement(ProductReviewsSection, {
        sid: product.sid,
        summary: reviews.summary,
        // Adult-only goods before verification: no review photo either (decision 114).
        reviews: covered ? reviews.reviews.map((r) => ({ ...r, photos: [] })) : reviews.reviews,
        strip: covered ? [] : reviews.strip,
        storageUrl: context.storageUrl,
      }),
    ),
    // The head's count is the section's (decision 168): one figure, read once.
    reviewCount: reviews.summary.count,
    reviewsMore:
      reviews.summary.count > 0 ? { total: reviews.summary.count, shown: reviews.reviews.map((r) => r.id) } : null,
    questionsHtml: renderToStaticMarkup(
      createElement(
        "section",
        { className: view.section, "aria-labelledby": "questions", "data-testid": "questions" },
        createElement(QuestionsSection, {
          items: questions.items,
          total: questions.total,
          pid: product.id,
          sid: product.sid,
          // The kept copy draws the ask form and the login link, marked: the Worker keeps the
          // visitor's (decision 122).
          loggedIn: context.shared ? "marked" : context.member !== null,
          loginHref: loginPath(`/shop/view/${encodeURIComponent(sid)}`, context.shop.dom),
        }),
      ),
    ),
  };
}

/** AggregateRating and a few Reviews (authors masked), only when there are reviews (decision 119). */
function reviewsJsonLd(summary: ReviewSummary, top: ProductReview[]) {
  if (summary.count === 0) return {};
  const rating = (value: number) => ({ "@type": "Rating", ratingValue: value, bestRating: 5, worstRating: 1 });
  return {
    aggregateRating: { ...rating(summary.average), "@type": "AggregateRating", reviewCount: summary.count },
    review: top.map((r) => ({
      "@type": "Review",
      author: { "@type": "Person", name: r.author },
      datePublished: new Date(r.created_at).toISOString().slice(0, 10),
      reviewRating: rating(r.rating),
      reviewBody: r.body,
    })),
  };
}

/** A refusal with a way forward (adult or identity verification, membership): the page asks. */
export type AddWay = { to: string; label: string; question: string };

type AddResult =
  | { ok: true; count: number; eventId: string; error?: undefined }
  | { ok?: undefined; error: string; field?: undefined; way?: AddWay }
  | { ok?: undefined; error: string; field: "qty" | "option"; typed: string };

/**
 * Add to cart (spec §5): option and quantity from the form. A quantity out of 1 to the maximum
 * and a missing option are refused with a message beside their field (issue 40), never changed
 * to 1 or left to the API's general failure. Without scripts the page comes back with a
 * confirmation (?added=1); with them, data for a snackbar. Only the product and option ids
 * travel: the API checks both against this shop.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const pid2 = Number(form.get("pid2"));
  const pid3 = Number(form.get("option"));
  const qty = typedQty(form.get("qty"));
  const back = `/shop/view/${encodeURIComponent(params.sid ?? "")}`;
  const typed = String(form.get("qty") ?? "");
  // Both buttons: 바로구매 posts the same form (with scripts too, through the router).
  if (qty === null) return data(refusal("qty", koBuyRefused.qtyRange(MAX_LINE_QTY), typed), { status: 400 });
  if (!(pid3 > 0)) return data(refusal("option", koProduct.chooseOption, typed), { status: 400 });
  if (form.get("intent") === "buy") return buyNow(request, context, { pid2, pid3, qty });
  let result: AddResult;
  try {
    // More than there is says so, instead of a cart line that cannot be ordered.
    const stock = await optionStock(context, params.sid ?? "", pid2, pid3);
    if (stock !== null && qty > stock) {
      result = { error: koProduct.overStock(stock) };
    } else {
      const { count } = await context.api.call("addCart", {
        body: { list: [{ pid2, pid3, qty: qty }], ...trackingCookies(request) },
      });
      // The browser's add_to_cart and the server's carry this one id (decision 070).
      const eventId = crypto.randomUUID();
      sendServerEvent(request, context, { event: "add_to_cart", event_id: eventId, pid2, pid3, qty: qty });
      result = { ok: true, count, eventId };
    }
  } catch (error) {
    loginAgainIfExpired(error, request);
    if (!isShopApiError(error)) throw error;
    // Goods that need a verification or membership first: the spec's question, with its answers
    // (issue 52: a notice nobody could answer).
    const view = orderErrorView(orderErrorCode(error.code), wayLinks(request, context));
    // A malformed request (no such product, no option chosen) is the catalogue's add failure.
    result = view.way
      ? { error: view.text, way: view.way }
      : {
          error:
            error.status === 400 && error.code !== "NO_DEVICE"
              ? koCartButton.addFailed
              : error.message || koCartButton.addFailed,
        };
  }
  if (form.get(field.js) === "1") return data(result);
  if (result.ok) return redirect(`${back}?added=1`, 303);
  return data(result, { status: 400 });
}

/** A refused field: its message, and the quantity as typed (the page shows it again, unchanged). */
const refusal = (field: "qty" | "option", error: string, typed: string): AddResult => ({ error, field, typed });

/** The stock of option `pid3` of this page's product, or null when the page names another. */
async function optionStock(context: AppLoadContext, sid: string, pid2: number, pid3: number) {
  const product = await context.api.call("productDetail", { query: { sid, shopid: context.shop.shopid } });
  if (product.id !== pid2) return null;
  return product.options.find((o) => o.id === pid3)?.stock ?? null;
}

/** 바로구매: an order sheet of just this line, from the catalogue; the cart stays as it is. */
async function buyNow(request: Request, context: AppLoadContext, line: { pid2: number; pid3: number; qty: number }) {
  try {
    const { order_id } = await context.api.call("makeOrder", {
      body: { list: [line], key: crypto.randomUUID(), direct: true, ...trackingCookies(request) },
    });
    // A document of its own: only the sheet's CSP lets Toss's window in (functions/payments/csp.ts).
    return redirectDocument(accountPath(`/user/order?id=${order_id}`, request, context), 303);
  } catch (error) {
    loginAgainIfExpired(error, request);
    if (!isShopApiError(error)) throw error;
    if (error.status === 400 && error.code === "BAD_REQUEST")
      return data({ error: koCartButton.addFailed }, { status: 400 });
    // The cart's order errors (spec §8), in their words, and the way forward where there is one.
    const { text, way } = orderErrorView(orderErrorCode(error.code), wayLinks(request, context));
    return data({ error: text, way }, { status: error.status });
  }
}

/** Where a refusal leads: verification, then back to this product; the shop's membership. */
function wayLinks(request: Request, context: AppLoadContext) {
  return {
    verify: `/notlogin/auth?url=${encodeURIComponent(new URL(request.url).pathname)}`,
    join: "/shop/member_point",
    joinText: approveOnlyText(context.member !== null),
  };
}

/** The shopper's verification, asked only for goods that need it; a shared page is nobody's. */
async function verificationOf(
  context: AppLoadContext,
  product: { adult_only: boolean; auth_only: boolean },
): Promise<{ adult: boolean; identity: boolean; available: boolean }> {
  const none = { adult: false, identity: false, available: true };
  if (!(product.adult_only || product.auth_only) || context.shared) return none;
  return context.api.call("myVerification").catch(() => none);
}
