import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as css from "~/components/admin/admin.css";
import { SearchForm } from "~/components/admin/SearchForm";
import * as cartCss from "~/components/cart/cart.css";
import { Pager } from "~/components/Pager";
import { requireShopOwner } from "~/lib/admin.server";
import type { action } from "./page.server";
import { pageParam } from "~/lib/shop-loaders.server";
import { useRootData } from "~/lib/root-data";
import { koAdmin } from "~/shared/messages/admin";
import { pictureSrcSet } from "~/shared/picture-sizes";

const t = koAdmin.stock;

/** Stock per option of the shop's own goods: one small form per option, so it works without scripts. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 40);
  const list = await context.api.call("adminStock", { query: { q, page: pageParam(url) } });
  return { ...list, q };
}

export { action } from "./page.server";

export default function AdminStock() {
  const { items, page, pages, q } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const [params] = useSearchParams();
  const saved = Number(params.get("saved")) || null;
  const busy = useNavigation().state === "submitting";
  const { storageUrl } = useRootData();
  const href = (p: number) =>
    `/admin/stock?${new URLSearchParams({ ...(q ? { q } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  return (
    <>
      <h2 className={cartCss.sectionTitle}>{t.title}</h2>
      <SearchForm q={q} placeholder={t.search} />
      {items.length === 0 ? <p className={cartCss.muted}>{t.empty}</p> : null}
      <ul className={css.list}>
        {items.map((p) => (
          <li key={p.id} className={css.card} data-testid="stock-product">
            <span className={css.cardHead}>
              <Link to={`/admin/photos?id=${p.id}`} className={css.photoLink}>
                {p.image ? (
                  <img
                    className={css.thumb}
                    src={storageUrl + p.image}
                    srcSet={pictureSrcSet(storageUrl, p.image)}
                    sizes="56px"
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                  />
                ) : null}
                <span>
                  <strong>{p.title}</strong>
                  <br />
                  <span className={cartCss.muted}>{t.photos(p.photos)}</span>
                </span>
              </Link>
              <span className={cartCss.muted}>
                {[p.sold_out ? t.soldOut : null, p.visible ? null : t.hidden].filter(Boolean).join(" · ")}
              </span>
            </span>
            {p.options.map((o) => {
              const mine = result?.option === o.id ? result : undefined;
              return (
                <Form key={o.id} method="post" className={css.search} aria-label={`${p.title} ${t.option(o.name)}`}>
                  <input type="hidden" name="option_id" value={o.id} />
                  <label className={cartCss.labelPlain}>
                    <span>
                      {t.option(o.name)}
                      {saved === o.id ? <span role="status"> · {t.saved}</span> : null}
                    </span>
                    <input
                      className={cartCss.input}
                      name="stock"
                      inputMode="numeric"
                      pattern="[0-9,]*"
                      maxLength={7}
                      defaultValue={mine?.value ?? String(o.stock)}
                      aria-invalid={mine?.error ? true : undefined}
                      required
                    />
                    {mine?.error ? <span className={cartCss.fieldError}>{mine.error}</span> : null}
                  </label>
                  <button type="submit" className={cartCss.secondaryInline} disabled={busy}>
                    {t.save}
                  </button>
                </Form>
              );
            })}
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} href={href} />
    </>
  );
}
