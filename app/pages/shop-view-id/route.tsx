import type { Category } from "~/shared/contracts";
import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Await, Link, useActionData, useFetcher, useLoaderData, useSearchParams, useSubmit } from "@remix-run/react";
import { Suspense, useEffect, useRef, useState } from "react";
import { track } from "~/lib/track";
import { useUi } from "~/components/ui/UiProvider";
import * as uiCss from "~/components/ui/ui.css";
import { WayChoice } from "~/components/ui/WayChoice";
import { field, normaliseQty, stepQty } from "~/shared/cart-form";
import { useHydrated } from "~/lib/hydrated";
import { LikeButton } from "~/components/LikeButton";
import { island } from "~/lib/island";
import { SmartLink } from "~/components/SmartLink";
import * as css from "~/components/shop.css";
import * as view from "~/components/product.css";
import { discountRate, formatKRW } from "~/shared/format";
import { lineSum, optionPrice } from "~/shared/money";
import { pictureSizes } from "~/shared/picture-sizes";
import { FIRST_PICTURE } from "~/lib/after-paint";
import { koCartButton } from "~/shared/messages/shop/cart";
import { koCommon } from "~/shared/messages/shop/common";
import { koErrors } from "~/shared/messages/shop/errors";
import { koProduct } from "~/shared/messages/shop/product";
import { koSeller } from "~/shared/messages/seller";
import { rootMatchData, useRootData, useShopFrameData } from "~/lib/root-data";
import { personalised } from "~/lib/personal";
import { LEAF_ROUTE } from "~/shared/personal";
import { productDisplay } from "~/shared/display";
import { LOW_STOCK } from "~/shared/product-quote";
import type { action, loader } from "./page.server";

// Recommendations come after the page's own content, streamed: their grid hydrates as an island.
const ProductGrid = island(
  "ProductGrid",
  () => import("~/components/ProductGrid").then((m) => m.ProductGrid),
  "visible",
);

// The next reviews, with scripts, as the reader comes near the end of the first few (decision 119).
const ReviewsMore = island(
  "ReviewsMore",
  () => import("~/components/reviews/ReviewsMore").then((m) => m.ReviewsMore),
  "visible",
);

export { loader, action } from "./page.server";

export const meta: MetaFunction<typeof loader> = (args) => {
  const { data, matches } = args;
  if (!data) return [{ title: koErrors.notReady }];
  const root = rootMatchData(matches);
  const p = data.product;
  const origin = root?.shop?.url ?? "";
  const storage = root?.storageUrl ?? "/files/";
  const absolute = (key: string) => `${/^https?:\/\//.test(storage) ? "" : origin}${storage}${key}`;
  const url = `${origin}/shop/view/${encodeURIComponent(p.sid)}`;
  // The category and its parent, from the shop frame's category list.
  const categories =
    (matches.find((m) => m.id === "routes/_shop")?.data as { categories?: Category[] } | undefined)?.categories ?? [];
  const category = categories.find((c) => c.id === p.category_id);
  const parent = category?.parent_id ? categories.find((c) => c.id === category.parent_id) : undefined;
  const trail = [
    { name: root?.shop?.name ?? koCommon.defaultShopName, item: `${origin}/` },
    ...[parent, category]
      .filter((c): c is Category => Boolean(c))
      .map((c) => ({ name: c.name, item: `${origin}/shop/list?category=${c.id}` })),
    { name: p.title, item: url },
  ];
  const inStock = !p.sold_out && !p.sale_ended;
  // A shop that hides its prices (decision 107) does not tell crawlers either.
  const showPrice = root?.shop ? productDisplay(root.shop).price : true;
  return [
    ...shopMeta(args, {
      title: p.title,
      description: p.summary ?? p.title,
      // No sharing picture for adult-only goods, verified or not (decision 114).
      image: p.adult_only ? null : (p.images[0] ?? null),
      type: "product",
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "Product",
          name: p.title,
          sku: p.sid,
          ...(p.summary ? { description: p.summary } : {}),
          ...(p.images.length > 0 && !p.adult_only ? { image: p.images.map(absolute) } : {}),
          ...(showPrice
            ? {
                offers: {
                  "@type": "Offer",
                  url,
                  price: p.price,
                  priceCurrency: "KRW",
                  availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
                  seller: { "@type": "Organization", name: p.shop_name },
                },
              }
            : {}),
          ...data.reviewsLd,
        },
        {
          "@context": "https://schema.org",
          "@type": "BreadcrumbList",
          itemListElement: trail.map((t, i) => ({ "@type": "ListItem", position: i + 1, name: t.name, item: t.item })),
        },
      ],
    }),
    ...(showPrice
      ? [
          { property: "product:price:amount", content: String(p.price) },
          { property: "product:price:currency", content: "KRW" },
        ]
      : []),
  ];
};

export default function ProductPage() {
  const { storageUrl, shop } = useRootData();
  const display = productDisplay(shop);
  const {
    product,
    info,
    recommendations,
    liked,
    verification,
    deliveryHtml,
    reviewsHtml,
    reviewsMore,
    reviewCount,
    questionsHtml,
  } = personalised(LEAF_ROUTE, useLoaderData<typeof loader>());
  const here = `/shop/view/${encodeURIComponent(product.sid)}`;
  const totalStock = product.options.reduce((n, o) => n + o.stock, 0);
  const choosing = product.options.some((o) => !o.default_option);
  // The price follows the option chosen: before the scripts by the page's quote (decision 159),
  // then here; without scripts each option shows its own.
  const [option, setOption] = useState<number | null>(() => Number(sentValue("option")) || null);
  const chosen = product.options.find((o) => o.id === option);
  // The figures the quote (decision 159) has for each option, from optionQuote on the server: the
  // browser's bundle does without that function (the browser test holds them equal).
  const extra = chosen?.extra_price ?? 0;
  const price = optionPrice(product.price, extra);
  const list = product.list_price && product.list_price > product.price && optionPrice(product.list_price, extra);
  useEffect(() => {
    track({
      name: "view_item",
      items: [{ id: product.sid, name: product.title, price: product.price, quantity: 1 }],
      value: product.price,
    });
  }, [product.sid, product.title, product.price]);
  return (
    <article>
      <div className={view.galleryFrame}>
        {product.images.length > 1 ? (
          // More pictures to swipe: the next one shows at the edge, and the count says how many.
          <span className={view.photoCount} data-testid="photo-count">
            {koProduct.photoCount(product.images.length)}
          </span>
        ) : null}
        <div className={view.gallery} data-more={product.images.length > 1 || undefined}>
          {verification.covered ? (
            <div className={css.adultCovered} data-testid="adult-covered">
              <AdultMark />
              <span>{koProduct.adultCovered}</span>
            </div>
          ) : null}
          {product.images.map((image, i) => (
            <img
              key={image}
              className={view.galleryImage}
              src={`${storageUrl}${image}`}
              {...pictureSizes(storageUrl, image, "page")}
              alt={i === 0 ? product.title : ""}
              width={300}
              height={300}
              loading={i === 0 ? "eager" : "lazy"}
              // The first picture is the page's largest paint: fetched first, before scripts.
              {...(i === 0 ? FIRST_PICTURE : {})}
            />
          ))}
        </div>
      </div>
      <div className={view.summary}>
        {product.ptype === "pick" ? (
          <p className={view.origin}>{koProduct.pickFrom(product.origin_shop_name)}</p>
        ) : null}
        <div className={css.sectionHead}>
          {product.adult_only ? <AdultMark /> : null}
          <h1 className={view.title}>{product.title}</h1>
          <LikeButton pid={product.id} title={product.title} liked={liked} className={css.likeInline} />
        </div>
        {display.price ? (
          // The quote writes these before the scripts (decision 159; it finds the 할인율 and the list
          // price beside the price): hydration finds the same figures, its state read from the form.
          <p className={view.price}>
            {list ? <span className={css.discountRate}>{`${discountRate(price, list)}%`}</span> : null}
            <span data-testid="price">{formatKRW(price)}</span>
            {list ? <span className={css.listPrice}>{formatKRW(list)}</span> : null}
          </p>
        ) : null}
        <p className={view.meta}>
          {koProduct.likes(product.like)} · <a href="#reviews">{koProduct.comments(reviewCount)}</a> ·{" "}
          <Link to={`/message/new?${new URLSearchParams({ pid: product.sid })}`} rel="nofollow">
            {koProduct.askProduct}
          </Link>
        </p>
        <ul className={view.flags}>
          {product.adult_only ? <li>{koProduct.adultOnly}</li> : null}
          {product.auth_only ? <li>{koProduct.authOnly}</li> : null}
          {product.members_only ? <li>{koProduct.membersOnly}</li> : null}
          {/* With options to choose, each option's row says its own stock (and follows the tap): a
              total here would not be what the chosen one has. */}
          {!product.sold_out && !choosing && totalStock <= LOW_STOCK ? <li>{koProduct.lowStock(totalStock)}</li> : null}
        </ul>
        {product.summary ? <p>{product.summary}</p> : null}
        {verification.available && product.adult_only && !verification.adult ? (
          <VerifyButton purpose="adult" returnTo={here} />
        ) : verification.available && product.auth_only && !verification.identity ? (
          <>
            <p>{koProduct.identityNeeded}</p>
            <VerifyButton purpose="identity" returnTo={here} />
          </>
        ) : null}

        {shop.legal_gaps.length > 0 ? (
          // The law's seller details are missing (decision 175): the order path would refuse.
          <p className={view.soldOut} role="status" data-testid="seller-not-ready">
            {koSeller.notReady}
          </p>
        ) : product.sale_ended ? (
          // The owner ended the sale.
          <p className={view.soldOut} role="status">
            {koProduct.salesEnded}
          </p>
        ) : totalStock <= 0 ? (
          <p className={view.soldOut} role="status">
            {koProduct.soldOutNow}
          </p>
        ) : (
          <BuyBox product={product} option={option} onOption={setOption} showPrice={display.price} />
        )}
      </div>

      <section className={view.section} aria-labelledby="details">
        <h2 id="details" className={css.sectionTitle}>
          {koProduct.details}
        </h2>
        {/* The API's allowed-set HTML (functions/catalogue/rich-text.ts, decision 106). */}
        {verification.covered ? (
          <p data-testid="description-hidden">{koProduct.adultDescriptionHidden}</p>
        ) : (
          <div className={view.description} dangerouslySetInnerHTML={{ __html: info.description }} />
        )}
      </section>
      {/* The delivery terms, the reviews and 상품문의, rendered by the loader (decisions 118, 119). */}
      <div dangerouslySetInnerHTML={{ __html: deliveryHtml }} />
      <section className={view.section} aria-labelledby="reviews" data-testid="reviews">
        <div dangerouslySetInnerHTML={{ __html: reviewsHtml }} />
        {reviewsMore ? <ReviewsMore sid={product.sid} storageUrl={storageUrl} {...reviewsMore} /> : null}
      </section>
      <div dangerouslySetInnerHTML={{ __html: questionsHtml }} />

      <section className={view.section} aria-labelledby="recommendations">
        <h2 id="recommendations" className={css.sectionTitle}>
          {koProduct.recommendations}
        </h2>
        <Suspense
          fallback={
            // Also what a shopper without JavaScript keeps: streamed parts need a script to appear.
            <p className={css.empty}>
              <SmartLink className={css.pagerLink} to={`/shop/list?category=${product.category_id ?? 0}`}>
                {koProduct.moreInCategory}
              </SmartLink>
            </p>
          }
        >
          <Await
            resolve={recommendations}
            errorElement={<p className={css.empty}>{koProduct.recommendationsFailed}</p>}
          >
            {(items) => (
              // Below the fold; without scripts streamed into a hidden element it never leaves, so its
              // pictures come only with scripts, never downloaded for nothing (issue 15).
              <ProductGrid
                items={items}
                storageUrl={storageUrl}
                label={koProduct.recommendations}
                eagerCount={0}
                scriptedPictures
                titleLevel={3}
                display={display}
              />
            )}
          </Await>
        </Suspense>
      </section>
    </article>
  );
}

type Product = ReturnType<typeof useLoaderData<typeof loader>>["product"];

/**
 * Choosing and buying (issue 11): options as touch-sized rows with their own price, a quantity
 * stepper, 총 상품금액, and 장바구니 담기 beside 바로구매, kept at the bottom of a phone's screen.
 * One form: without scripts each button posts it; with them 장바구니 담기 posts through a fetcher.
 */
function BuyBox({
  product,
  option,
  onOption,
  showPrice,
}: {
  product: Product;
  option: number | null;
  onOption: (id: number) => void;
  showPrice: boolean;
}) {
  const fetcher = useFetcher<typeof action>();
  const failed = useActionData<typeof action>();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const ui = useUi();
  const { cartPath } = useCartPath();
  const submit = useSubmit();
  const [qty, setQty] = useState(() => sentValue("qty") || "1");
  // The refusal whose question 취소 closed (with scripts).
  const [dismissed, setDismissed] = useState<unknown>(null);
  // What the last 장바구니 담기 posted, for its add_to_cart event.
  const sent = useRef<{ option: number; qty: number } | null>(null);
  const choosable = product.options.filter((o) => !o.default_option);
  const chosen =
    product.options.find((o) => o.id === option) ?? (choosable.length === 0 ? product.options[0] : undefined);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const answer = fetcher.data;
    const added = "ok" in answer && answer.ok;
    // A refused field says so beside it; the added line sits in the buy bar (issue 40: a snackbar
    // covered the buttons and led nowhere). Only a failure of the call itself is a snackbar.
    if (!added && !("field" in answer && answer.field) && !("way" in answer && answer.way))
      ui.snackbar(("error" in answer && answer.error) || koCartButton.addFailed);
    if (added && "eventId" in answer && sent.current) {
      const { option: o, qty: n } = sent.current;
      const price = optionPrice(product.price, product.options.find((x) => x.id === o)?.extra_price ?? 0);
      track({
        name: "add_to_cart",
        id: answer.eventId,
        items: [{ id: product.sid, name: product.title, price, quantity: n }],
        value: price * n,
      });
      sent.current = null;
    }
  }, [fetcher.state, fetcher.data, ui, product]);

  // Added: after a post without scripts the page came back with ?added=1; with scripts, the answer.
  const answered = fetcher.state === "idle" ? fetcher.data : undefined;
  const added = hydrated ? Boolean(answered && "ok" in answered && answered.ok) : Boolean(params.get("added"));
  // 장바구니 담기 on its way: the line says so at once, in the place the answer will take, so
  // nothing below moves when it comes (a slow network's answer is seconds after the tap).
  const adding = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "cart";
  // The last refusal of a field (issue 40), shown beside it until the field is right again.
  const refused = (fetcher.data ?? failed) as { field?: "qty" | "option"; error: string; typed: string } | undefined;
  // A refusal with a way forward (verification, membership) is a question with its answers.
  const choice = [fetcher.state === "idle" ? fetcher.data : undefined, failed].find(
    (d) => d && "way" in d && d.way && d !== dismissed,
  );
  const way = choice && "way" in choice ? choice.way : undefined;
  const error =
    failed && "error" in failed && !refused?.field && !("way" in failed && failed.way) ? failed.error : null;
  const n = normaliseQty(qty);
  const qtyError = refused?.field === "qty" && !(hydrated && n === Number(qty)) ? refused.error : null;
  const optionError = refused?.field === "option" && !chosen ? refused.error : null;
  return (
    <>
      {way ? (
        <WayChoice
          way={way}
          back={`/shop/view/${encodeURIComponent(product.sid)}`}
          onCancel={hydrated ? () => setDismissed(choice) : undefined}
        />
      ) : null}
      {error ? (
        <p className={uiCss.notice} role="alert">
          {error}
        </p>
      ) : null}
      {/* noValidate: every check is the action's, with its message beside the field (issue 40). */}
      <fetcher.Form
        className={view.buyForm}
        // The quote's until React has the form (decision 159).
        data-q={hydrated ? undefined : ""}
        method="post"
        noValidate
        aria-label={koProduct.addToCart}
        onSubmit={() => {
          sent.current = chosen ? { option: chosen.id, qty: n } : null;
        }}
      >
        <input type="hidden" name="pid2" value={product.id} />
        {hydrated ? <input type="hidden" name={field.js} value="1" /> : null}
        {choosable.length > 0 ? (
          <fieldset className={view.options}>
            <legend className={view.legend}>{koProduct.option}</legend>
            {optionError ? (
              <p id="buy-option-error" className={view.fieldError} role="alert">
                {optionError}
              </p>
            ) : null}
            {choosable.map((o) => (
              <label key={o.id} className={view.optionRow} data-off={o.stock <= 0 || undefined}>
                <input
                  className={view.optionRadio}
                  type="radio"
                  name="option"
                  value={o.id}
                  aria-describedby={optionError ? "buy-option-error" : undefined}
                  disabled={o.stock <= 0}
                  checked={hydrated ? option === o.id : undefined}
                  onChange={() => onOption(o.id)}
                />
                <span className={view.optionName}>{o.name}</span>
                <span className={view.optionPrice}>
                  {o.stock <= 0
                    ? koProduct.soldOut
                    : [
                        showPrice ? formatKRW(optionPrice(product.price, o.extra_price)) : null,
                        o.stock <= LOW_STOCK ? koProduct.lowStock(o.stock) : null,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                </span>
              </label>
            ))}
          </fieldset>
        ) : (
          <input type="hidden" name="option" value={product.options[0]!.id} />
        )}
        <div className={view.qtyRow}>
          <div className={view.field}>
            <label htmlFor="buy-qty">{koProduct.quantity}</label>
            <span className={view.stepper}>
              {/* Hidden without scripts (they could do nothing); shown by the quote before them. */}
              <button
                type="button"
                className={view.step}
                aria-label={koProduct.decrease}
                disabled={n <= 1}
                hidden={!hydrated}
                onClick={() => setQty(String(stepQty(n, "dec")))}
              >
                −
              </button>
              {/* No min or max: the action refuses out of range with its own message (issue 40). */}
              <input
                id="buy-qty"
                name="qty"
                type="number"
                inputMode="numeric"
                value={hydrated ? qty : undefined}
                defaultValue={hydrated ? undefined : (refused?.typed ?? 1)}
                onChange={(e) => setQty(e.target.value)}
                className={view.qty}
                aria-invalid={qtyError ? true : undefined}
                aria-describedby={qtyError ? "buy-qty-error" : undefined}
              />
              <button
                type="button"
                className={view.step}
                aria-label={koProduct.increase}
                hidden={!hydrated}
                onClick={() => setQty(String(stepQty(n, "inc")))}
              >
                +
              </button>
            </span>
            {qtyError ? (
              <p id="buy-qty-error" className={view.fieldError} role="alert">
                {qtyError}
              </p>
            ) : null}
          </div>
          {/* Shown once there is a total to show: by the quote before the scripts, never without them
              (a typed quantity would not follow). */}
          {showPrice ? (
            <p className={view.total} data-testid="total" hidden={!hydrated || !chosen}>
              {koProduct.total}{" "}
              <strong>
                {chosen && formatKRW(lineSum({ price: optionPrice(product.price, chosen.extra_price), qty: n }))}
              </strong>
            </p>
          ) : null}
        </div>
        <div className={view.buyBar}>
          {/* Above the buttons, never over them, with the way to the cart. */}
          <p className={view.added} role="status" hidden={!added && !adding}>
            {adding ? (
              koCartButton.adding
            ) : added ? (
              <>
                {koCartButton.added} · <Link to={cartPath}>{koCartButton.viewCart}</Link>
              </>
            ) : null}
          </p>
          <button
            type="submit"
            name="intent"
            value="cart"
            className={view.secondaryBuy}
            disabled={fetcher.state !== "idle"}
          >
            {koProduct.addToCart}
          </button>
          <button
            type="submit"
            name="intent"
            value="buy"
            className={view.primary}
            disabled={fetcher.state !== "idle"}
            onClick={(e) => {
              // 바로구매 leaves the page: a plain post (the action answers with the order sheet).
              if (!hydrated) return;
              e.preventDefault();
              const data = new FormData(e.currentTarget.form!);
              data.set("intent", "buy");
              data.delete(field.js);
              submit(data, { method: "post" });
            }}
          >
            {koProduct.buyNow}
          </button>
        </div>
      </fetcher.Form>
    </>
  );
}

/**
 * A control of the buy form as the server sent it, while React hydrates it (the form loses
 * `data-q` then): an option tapped or a quantity typed before the scripts started is where the
 * page's state starts, so hydration finds the quote's figures (decision 159) and nothing is reset.
 * None on the server, and none on a page React rendered itself.
 */
function sentValue(name: string): string | undefined {
  const form = globalThis.document?.querySelector<HTMLFormElement>("form[data-q]");
  return (form?.elements.namedItem(name) as RadioNodeList | HTMLInputElement | null | undefined)?.value;
}

/** Where the header's cart button leads (with uuid_value for a guest), from the shop layout. */
function useCartPath(): { cartPath: string } {
  return { cartPath: useShopFrameData()?.cartPath ?? "/user/checkout" };
}

/** The 19 mark (청소년유해표시). */
function AdultMark() {
  return (
    <span className={css.adultMark} role="img" aria-label={koProduct.adultMarkLabel} data-testid="adult-mark">
      {koProduct.adultMark}
    </span>
  );
}

/** A plain form post to /identity/start (decision 114): PortOne's window opens from there. */
function VerifyButton({ purpose, returnTo }: { purpose: "adult" | "identity"; returnTo: string }) {
  return (
    <form method="post" action="/identity/start">
      <input type="hidden" name="purpose" value={purpose} />
      <input type="hidden" name="return" value={returnTo} />
      <button className={uiCss.button} type="submit" data-testid="identity-start">
        {purpose === "adult" ? koProduct.verifyAdult : koProduct.verifyIdentity}
      </button>
    </form>
  );
}
