import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Await, Link, useActionData, useFetcher, useLoaderData, useSearchParams } from "@remix-run/react";
import { Suspense, useEffect } from "react";
import { useUi } from "~/components/ui/UiProvider";
import * as cartCss from "~/components/cart/cart.css";
import { isShopApiError } from "~/shared/api-client.server";
import { loginAgainIfExpired, trackingCookies } from "~/lib/cart.server";
import { field, normaliseQty } from "~/shared/cart-form";
import { useHydrated } from "~/lib/hydrated";
import { NOT_READY } from "~/components/ErrorPage";
import { LikeButton } from "~/components/LikeButton";
import { ProductGrid } from "~/components/ProductGrid";
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
    .catch((e) => rethrowAsResponse(e, NOT_READY));
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

type AddResult = { ok: true; count: number; error?: undefined } | { ok?: undefined; error: string };

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
  let result: AddResult;
  try {
    const { count } = await context.api.call("addCart", {
      body: { list: [{ pid2, pid3, qty }], ...trackingCookies(request) },
    });
    result = { ok: true, count };
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

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = rootMatchData(matches);
  if (!data) return [{ title: ko.errors.notReady }];
  const image = data.product.images[0];
  return [
    { title: `${data.product.title} | ${root?.shop?.name ?? ko.defaultShopName}` },
    { name: "description", content: data.product.summary ?? data.product.title },
    { property: "og:title", content: data.product.title },
    { property: "og:type", content: "product" },
    ...(image
      ? [
          { property: "og:image", content: `${root?.storageUrl ?? "/files/"}${image}` },
          { property: "og:image:width", content: "300" },
          { property: "og:image:height", content: "300" },
        ]
      : []),
    { property: "product:price:amount", content: String(data.product.price) },
    { property: "product:price:currency", content: "KRW" },
  ];
};

export default function ProductPage() {
  const { storageUrl } = useRootData();
  const { product, info, recommendations, liked } = useLoaderData<typeof loader>();
  const totalStock = product.options.reduce((n, o) => n + o.stock, 0);
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
        <p className={view.price} data-testid="price">
          {formatKRW(product.price)}
          {product.list_price && product.list_price > product.price ? (
            <span className={css.listPrice}>{formatKRW(product.list_price)}</span>
          ) : null}
        </p>
        <p className={view.meta}>
          {ko.product.likes(product.like)} · {ko.product.comments(product.comment)}
        </p>
        <ul className={view.flags}>
          {product.adult_only ? <li>{ko.product.adultOnly}</li> : null}
          {product.auth_only ? <li>{ko.product.authOnly}</li> : null}
          {product.members_only ? <li>{ko.product.membersOnly}</li> : null}
          {!product.sold_out && totalStock <= LOW_STOCK ? <li>{ko.product.lowStock(totalStock)}</li> : null}
        </ul>
        {product.summary ? <p>{product.summary}</p> : null}

        {product.sold_out ? (
          <p className={view.soldOut} role="status">
            {ko.product.soldOut} · {ko.product.salesEnded}
          </p>
        ) : (
          <AddToCart product={product} />
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
            {(items) => <ProductGrid items={items} storageUrl={storageUrl} label={ko.product.recommendations} />}
          </Await>
        </Suspense>
      </section>
    </article>
  );
}

function AddToCart({ product }: { product: ReturnType<typeof useLoaderData<typeof loader>>["product"] }) {
  const fetcher = useFetcher<typeof action>();
  const failed = useActionData<typeof action>();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const ui = useUi();
  const { cartPath } = useCartPath();
  const choosable = product.options.filter((o) => !o.default_option);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    ui.snackbar(fetcher.data.ok ? ko.cart.added : fetcher.data.error);
  }, [fetcher.state, fetcher.data, ui]);

  const added = !hydrated && params.get("added");
  const error = failed && "error" in failed ? failed.error : null;
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
      <fetcher.Form className={view.buyForm} method="post" aria-label={ko.product.addToCart}>
        <input type="hidden" name="pid2" value={product.id} />
        {hydrated ? <input type="hidden" name={field.js} value="1" /> : null}
        {choosable.length > 0 ? (
          <label className={view.field}>
            <span>{ko.product.option}</span>
            <select name="option" required defaultValue="">
              <option value="" disabled>
                {ko.product.chooseOption}
              </option>
              {choosable.map((o) => (
                <option key={o.id} value={o.id} disabled={o.stock <= 0}>
                  {o.name}
                  {o.extra_price ? ` ${ko.product.extraPrice(formatKRW(o.extra_price))}` : ""}
                  {o.stock <= 0
                    ? ` (${ko.product.soldOut})`
                    : o.stock <= LOW_STOCK
                      ? ` (${ko.product.lowStock(o.stock)})`
                      : ""}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <input type="hidden" name="option" value={product.options[0]!.id} />
        )}
        <label className={view.field}>
          <span>{ko.product.quantity}</span>
          {/* No min: 0 or less is allowed and becomes 1 (spec §5), rather than a browser complaint. */}
          <input name="qty" type="number" inputMode="numeric" defaultValue={1} className={view.qty} />
        </label>
        <button type="submit" className={view.primary} disabled={fetcher.state !== "idle"}>
          {ko.product.addToCart}
        </button>
      </fetcher.Form>
    </>
  );
}

/** Where the header's cart button leads (with uuid_value for a guest), from the shop layout. */
function useCartPath(): { cartPath: string } {
  return { cartPath: useShopFrameData()?.cartPath ?? "/user/checkout" };
}
