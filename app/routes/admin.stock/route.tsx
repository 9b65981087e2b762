import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as css from "~/components/admin/admin.css";
import { ProductHead } from "~/components/admin/ProductHead";
import { SearchForm } from "~/components/admin/SearchForm";
import * as cartCss from "~/components/cart/cart.css";
import { Pager } from "~/components/Pager";
import { requireShopOwner } from "~/lib/admin.server";
import type { action } from "./page.server";
import { pageParam } from "~/lib/shop-loaders.server";
import { koAdmin } from "~/shared/messages/admin";

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
              <ProductHead to={`/admin/photos?id=${p.id}`} image={p.image} title={p.title}>
                {t.photos(p.photos)}
              </ProductHead>
              <span className={cartCss.muted}>
                {[p.sold_out ? t.soldOut : null, p.visible ? null : t.hidden].filter(Boolean).join(" · ")}
              </span>
            </span>
            {p.options.map((o) => {
              const mine = result?.option === o.id ? result : undefined;
              return (
                <Form
                  key={o.id}
                  method="post"
                  noValidate
                  className={css.search}
                  aria-label={`${p.title} ${t.option(o.name)}`}
                >
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
