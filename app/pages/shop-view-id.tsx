import type { Category } from "~/shared/contracts";
import { shopMeta } from "~/lib/seo";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Await, Link, useActionData, useFetcher, useLoaderData, useSearchParams, useSubmit } from "@remix-run/react";
import { Suspense, useEffect, useRef, useState } from "react";
import { track } from "~/lib/track";
import { sendServerEvent } from "~/lib/server-events.server";
import { useUi } from "~/components/ui/UiProvider";
import * as cartCss from "~/components/cart/cart.css";
import { isShopApiError } from "~/shared/api-client.server";
import { accountPath, loginAgainIfExpired, trackingCookies } from "~/lib/cart.server";
import { orderErrorCode, orderErrorView } from "~/shared/order-errors";
import { approveOnlyText } from "~/lib/membership-text.server";
import { field, normaliseQty, stepQty } from "~/shared/cart-form";
import { useHydrated } from "~/lib/hydrated";
import { NO_PRODUCT, NOT_READY } from "~/components/ErrorPage";
import { LikeButton } from "~/components/LikeButton";
import { koChat } from "~/shared/messages/chat";
import { discountRate, ProductGrid } from "~/components/ProductGrid";
import { likedOf } from "~/lib/my-products.server";
import { SmartLink } from "~/components/SmartLink";
import * as css from "~/components/shop.css";
import * as view from "~/components/product.css";
import type { ProductCard } from "~/shared/contracts";
import { formatKRW } from "~/shared/format";
import { ko } from "~/shared/messages";
import { rethrowAsResponse } from "~/lib/shop-loaders.server";
import { rootMatchData, useRootData, useShopFrameData } from "~/lib/root-data";

/** Stock at or under this is shown as "N left". */
const LOW_STOCK = 5;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const sid = params.sid ?? "";
  const shopid = context.shop.shopid;
  const product = await context.api
    .call("productDetail", { query: { sid, shopid } })
    .catch((e) => rethrowAsResponse(e, NO_PRODUCT));
  if (!product.title || product.options.length === 0) throw new Response(NOT_READY, { status: 404 });
  // Recently viewed: written after the page has gone out, never in its way (issue 10, decision
  // 056); a link prefetched on hover is no view.
  if (!/prefetch/i.test(request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "")) {
    context.waitUntil(
      context.api.call("recordView", { body: { pid: product.id } }).then(
        () => undefined,
        (error: unknown) => console.error("recently viewed not recorded", error),
      ),
    );
  }
  const [info, liked] = await Promise.all([
    (product.ptype === "pick"
      ? context.api.call("pickableAdditionalInfo", { query: { id: product.id } })
      : context.api.call("additionalInfo", { query: { id: product.id, shopid } })
    ).catch((e) => rethrowAsResponse(e, NOT_READY)),
    likedOf(context, request, [product]),
  ]);
  // Not awaited: streamed after the shell, so a slow recommendation never delays the page.
  const recommendations: Promise<ProductCard[]> = context.api
    .call("combinedContents", { query: { pid: product.id, type: "0", shopid } })
    .then((r) => r.items);
  return { product, info, recommendations, liked: liked.includes(product.id) };
}

type AddResult = { ok: true; count: number; eventId: string; error?: undefined } | { ok?: undefined; error: string };

/**
 * Add to cart (spec §5): option and quantity from the form, a quantity of 0 or less becomes 1.
 * Without scripts the page comes back with a confirmation (?added=1); with them, data for a
 * snackbar. Only the product and option ids travel: the API checks both against this shop.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const pid2 = Number(form.get("pid2"));
  const pid3 = Number(form.get("option"));
  const qty = normaliseQty(form.get("qty"));
  const back = `/shop/view/${encodeURIComponent(params.sid ?? "")}`;
  if (form.get("intent") === "buy") return buyNow(request, context, { pid2, pid3, qty });
  let result: AddResult;
  try {
    // More than there is says so, instead of a cart line that cannot be ordered.
    const stock = await optionStock(context, params.sid ?? "", pid2, pid3);
    if (stock !== null && qty > stock) {
      result = { error: ko.product.overStock(stock) };
    } else {
      const { count } = await context.api.call("addCart", {
        body: { list: [{ pid2, pid3, qty }], ...trackingCookies(request) },
      });
      // The browser's add_to_cart and the server's carry this one id (decision 070).
      const eventId = crypto.randomUUID();
      sendServerEvent(request, context, { event: "add_to_cart", event_id: eventId, pid2, pid3, qty });
      result = { ok: true, count, eventId };
    }
  } catch (error) {
    loginAgainIfExpired(error, request);
    if (!isShopApiError(error)) throw error;
    // A malformed request (no such product, no option chosen) is the catalogue's add failure.
    result = {
      error:
        error.status === 400 && error.code !== "NO_DEVICE" ? ko.cart.addFailed : error.message || ko.cart.addFailed,
    };
  }
  if (form.get(field.js) === "1") return data(result);
  if (result.ok) return redirect(`${back}?added=1`, 303);
  return data(result, { status: 400 });
}

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
    return redirect(accountPath(`/user/order?id=${order_id}`, request, context), 303);
  } catch (error) {
    loginAgainIfExpired(error, request);
    if (!isShopApiError(error)) throw error;
    if (error.status === 400 && error.code === "BAD_REQUEST")
      return data({ error: ko.cart.addFailed }, { status: 400 });
    // The cart's order errors (spec §8), in their words; the sheet is where verification is offered.
    const links = {
      verify: "/user/info?auth=1",
      join: "/shop/member_point",
      joinText: approveOnlyText(context.member !== null),
    };
    return data({ error: orderErrorView(orderErrorCode(error.code), links).text }, { status: error.status });
  }
}

export const meta: MetaFunction<typeof loader> = (args) => {
  const { data, matches } = args;
  if (!data) return [{ title: ko.errors.notReady }];
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
    { name: root?.shop?.name ?? ko.defaultShopName, item: `${origin}/` },
    ...[parent, category]
      .filter((c): c is Category => Boolean(c))
      .map((c) => ({ name: c.name, item: `${origin}/shop/list?category=${c.id}` })),
    { name: p.title, item: url },
  ];
  const inStock = !p.sold_out && !p.sale_ended;
  return [
    ...shopMeta(args, {
      title: p.title,
      description: p.summary ?? p.title,
      image: p.images[0] ?? null,
      type: "product",
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "Product",
          name: p.title,
          sku: p.sid,
          ...(p.summary ? { description: p.summary } : {}),
          ...(p.images.length > 0 ? { image: p.images.map(absolute) } : {}),
          offers: {
            "@type": "Offer",
            url,
            price: p.price,
            priceCurrency: "KRW",
            availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
            seller: { "@type": "Organization", name: p.shop_name },
          },
        },
        {
          "@context": "https://schema.org",
          "@type": "BreadcrumbList",
          itemListElement: trail.map((t, i) => ({ "@type": "ListItem", position: i + 1, name: t.name, item: t.item })),
        },
      ],
    }),
    { property: "product:price:amount", content: String(p.price) },
    { property: "product:price:currency", content: "KRW" },
  ];
};

export default function ProductPage() {
  const { storageUrl } = useRootData();
  const { product, info, recommendations, liked } = useLoaderData<typeof loader>();
  const totalStock = product.options.reduce((n, o) => n + o.stock, 0);
  // The price follows the option chosen (with scripts; without them each option shows its own).
  const [option, setOption] = useState<number | null>(null);
  const extra = product.options.find((o) => o.id === option)?.extra_price ?? 0;
  useEffect(() => {
    track({
      name: "view_item",
      items: [{ id: product.sid, name: product.title, price: product.price, quantity: 1 }],
      value: product.price,
    });
  }, [product.sid, product.title, product.price]);
  return (
    <article>
      <div className={view.gallery}>
        {product.images.map((image, i) => (
          <img
            key={image}
            className={view.galleryImage}
            src={`${storageUrl}${image}`}
            alt={i === 0 ? product.title : ""}
            width={300}
            height={300}
            loading={i === 0 ? "eager" : "lazy"}
          />
        ))}
      </div>
      <div className={view.summary}>
        {product.ptype === "pick" ? (
          <p className={view.origin}>{ko.product.pickFrom(product.origin_shop_name)}</p>
        ) : null}
        <div className={css.sectionHead}>
          <h1 className={view.title}>{product.title}</h1>
          <LikeButton pid={product.id} title={product.title} liked={liked} className={css.likeInline} />
        </div>
        <p className={view.price}>
          {product.list_price && product.list_price > product.price ? (
            <span className={css.discountRate}>{discountRate(product.price + extra, product.list_price + extra)}%</span>
          ) : null}
          <span data-testid="price">{formatKRW(product.price + extra)}</span>
          {product.list_price && product.list_price > product.price ? (
            <span className={css.listPrice}>{formatKRW(product.list_price + extra)}</span>
          ) : null}
        </p>
        <p className={view.meta}>
          {ko.product.likes(product.like)} · {ko.product.comments(product.comment)} ·{" "}
          <Link to={`/message/new?${new URLSearchParams({ pid: product.sid })}`} rel="nofollow">
            {koChat.askProduct}
          </Link>
        </p>
        <ul className={view.flags}>
          {product.adult_only ? <li>{ko.product.adultOnly}</li> : null}
          {product.auth_only ? <li>{ko.product.authOnly}</li> : null}
          {product.members_only ? <li>{ko.product.membersOnly}</li> : null}
          {!product.sold_out && totalStock <= LOW_STOCK ? <li>{ko.product.lowStock(totalStock)}</li> : null}
        </ul>
        {product.summary ? <p>{product.summary}</p> : null}

        {product.sale_ended ? (
          // The owner ended the sale.
          <p className={view.soldOut} role="status">
            {ko.product.salesEnded}
          </p>
        ) : totalStock <= 0 ? (
          <p className={view.soldOut} role="status">
            {ko.product.soldOutNow}
          </p>
        ) : (
          <BuyBox product={product} option={option} onOption={setOption} />
        )}
      </div>

      <section className={view.section} aria-labelledby="details">
        <h2 id="details" className={css.sectionTitle}>
          {ko.product.details}
        </h2>
        <div className={view.description}>{info.description}</div>
      </section>
      <section className={view.section} aria-labelledby="delivery">
        <h2 id="delivery" className={css.sectionTitle}>
          {ko.product.delivery}
        </h2>
        <p>{ko.product.deliveryText(formatKRW(info.delivery.fee), formatKRW(info.delivery.free_threshold))}</p>
        <p>
          {ko.product.seller}: {info.seller.corpname ?? info.delivery.shop_name}
          {info.seller.tel ? ` · ${info.seller.tel}` : ""}
        </p>
      </section>

      <section className={view.section} aria-labelledby="recommendations">
        <h2 id="recommendations" className={css.sectionTitle}>
          {ko.product.recommendations}
        </h2>
        <Suspense
          fallback={
            // Also what a shopper without JavaScript keeps: streamed parts need a script to appear.
            <p className={css.empty}>
              <SmartLink className={css.pagerLink} to={`/shop/list?category=${product.category_id ?? 0}`}>
                {ko.product.moreInCategory}
              </SmartLink>
            </p>
          }
        >
          <Await
            resolve={recommendations}
            errorElement={<p className={css.empty}>{ko.product.recommendationsFailed}</p>}
          >
            {(items) => (
              // Below the fold; without scripts streamed into a hidden element it never leaves, so its
              // pictures come only with scripts, never downloaded for nothing (issue 15).
              <ProductGrid
                items={items}
                storageUrl={storageUrl}
                label={ko.product.recommendations}
                eagerCount={0}
                scriptedPictures
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
}: {
  product: Product;
  option: number | null;
  onOption: (id: number) => void;
}) {
  const fetcher = useFetcher<typeof action>();
  const failed = useActionData<typeof action>();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const ui = useUi();
  const { cartPath } = useCartPath();
  const submit = useSubmit();
  const [qty, setQty] = useState("1");
  // What the last 장바구니 담기 posted, for its add_to_cart event.
  const sent = useRef<{ option: number; qty: number } | null>(null);
  const choosable = product.options.filter((o) => !o.default_option);
  const chosen =
    product.options.find((o) => o.id === option) ?? (choosable.length === 0 ? product.options[0] : undefined);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const answer = fetcher.data;
    const added = "ok" in answer && answer.ok;
    ui.snackbar(added ? ko.cart.added : ("error" in answer && answer.error) || ko.cart.addFailed);
    if (added && "eventId" in answer && sent.current) {
      const { option: o, qty: n } = sent.current;
      const price = product.price + (product.options.find((x) => x.id === o)?.extra_price ?? 0);
      track({
        name: "add_to_cart",
        id: answer.eventId,
        items: [{ id: product.sid, name: product.title, price, quantity: n }],
        value: price * n,
      });
      sent.current = null;
    }
  }, [fetcher.state, fetcher.data, ui, product]);

  const added = !hydrated && params.get("added");
  const error = failed && "error" in failed ? failed.error : null;
  const n = normaliseQty(qty);
  return (
    <>
      {added ? (
        // Without scripts: the confirmation after the post came back here.
        <p className={cartCss.success} role="status">
          {ko.cart.added} · <Link to={cartPath}>{ko.cart.viewCart}</Link>
        </p>
      ) : null}
      {error ? (
        <p className={cartCss.notice} role="alert">
          {error}
        </p>
      ) : null}
      <fetcher.Form
        className={view.buyForm}
        method="post"
        aria-label={ko.product.addToCart}
        onSubmit={() => {
          sent.current = chosen ? { option: chosen.id, qty: n } : null;
        }}
      >
        <input type="hidden" name="pid2" value={product.id} />
        {hydrated ? <input type="hidden" name={field.js} value="1" /> : null}
        {choosable.length > 0 ? (
          <fieldset className={view.options}>
            <legend className={view.legend}>{ko.product.option}</legend>
            {choosable.map((o) => (
              <label key={o.id} className={view.optionRow} data-off={o.stock <= 0 || undefined}>
                <input
                  type="radio"
                  name="option"
                  value={o.id}
                  required
                  disabled={o.stock <= 0}
                  checked={hydrated ? option === o.id : undefined}
                  onChange={() => onOption(o.id)}
                />
                <span className={view.optionName}>{o.name}</span>
                <span className={view.optionPrice}>
                  {o.stock <= 0
                    ? ko.product.soldOut
                    : `${formatKRW(product.price + o.extra_price)}${o.stock <= LOW_STOCK ? ` · ${ko.product.lowStock(o.stock)}` : ""}`}
                </span>
              </label>
            ))}
          </fieldset>
        ) : (
          <input type="hidden" name="option" value={product.options[0]!.id} />
        )}
        <div className={view.qtyRow}>
          <div className={view.field}>
            <label htmlFor="buy-qty">{ko.product.quantity}</label>
            <span className={view.stepper}>
              {hydrated ? (
                <button
                  type="button"
                  className={view.step}
                  aria-label={ko.product.decrease}
                  disabled={n <= 1}
                  onClick={() => setQty(String(stepQty(n, "dec")))}
                >
                  −
                </button>
              ) : null}
              {/* No min: 0 or less is allowed and becomes 1 (spec §5), rather than a browser complaint. */}
              <input
                id="buy-qty"
                name="qty"
                type="number"
                inputMode="numeric"
                value={hydrated ? qty : undefined}
                defaultValue={hydrated ? undefined : 1}
                onChange={(e) => setQty(e.target.value)}
                className={view.qty}
              />
              {hydrated ? (
                <button
                  type="button"
                  className={view.step}
                  aria-label={ko.product.increase}
                  onClick={() => setQty(String(stepQty(n, "inc")))}
                >
                  +
                </button>
              ) : null}
            </span>
          </div>
          {hydrated && chosen ? (
            <p className={view.total} data-testid="total">
              {ko.product.total} <strong>{formatKRW((product.price + chosen.extra_price) * n)}</strong>
            </p>
          ) : null}
        </div>
        <div className={view.buyBar}>
          <button
            type="submit"
            name="intent"
            value="cart"
            className={view.secondaryBuy}
            disabled={fetcher.state !== "idle"}
          >
            {ko.product.addToCart}
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
              const form = e.currentTarget.form!;
              if (!form.reportValidity()) return;
              const data = new FormData(form);
              data.set("intent", "buy");
              data.delete(field.js);
              submit(data, { method: "post" });
            }}
          >
            {ko.product.buyNow}
          </button>
        </div>
      </fetcher.Form>
    </>
  );
}

/** Where the header's cart button leads (with uuid_value for a guest), from the shop layout. */
function useCartPath(): { cartPath: string } {
  return { cartPath: useShopFrameData()?.cartPath ?? "/user/checkout" };
}
