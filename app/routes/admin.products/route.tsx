import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as css from "~/components/admin/admin.css";
import * as cartCss from "~/components/cart/cart.css";
import { Outcome } from "~/components/admin/Outcome";
import { ProductHead } from "~/components/admin/ProductHead";
import { SearchForm } from "~/components/admin/SearchForm";
import { Pager } from "~/components/Pager";
import type { AdminProductRow } from "~/shared/contracts";
import { formatKRW } from "~/shared/format";
import { PRODUCT_STATUSES } from "~/shared/forms/products";
import { koProducts } from "~/shared/messages/products";
import { changeProduct, loadProducts } from "./page.server";

const t = koProducts;

/** The shop's products (issue 36 item 2, decision 106): search, 판매중 / 품절 / 숨김, pager; a form per action. */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadProducts(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => changeProduct(request, context);

function RowAction({ id, intent, label, busy }: { id: number; intent: string; label: string; busy: boolean }) {
  return (
    <Form method="post" aria-label={label}>
      <input type="hidden" name="id" value={id} />
      <button className={cartCss.secondaryInline} name="intent" value={intent} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

function Row({ p, busy, confirm, back }: { p: AdminProductRow; busy: boolean; confirm: boolean; back: string }) {
  return (
    <li className={css.card} data-testid="admin-product">
      <span className={css.cardHead}>
        <ProductHead to={`/admin/product?id=${p.id}`} image={p.image} title={p.title}>
          {formatKRW(p.price)} · {t.stockCount(p.stock)}
          {p.ptype === "pick" ? ` · ${t.pick}` : ""}
        </ProductHead>
        <span className={css.status} data-testid="product-status">
          {t.statuses[p.status]}
        </span>
      </span>
      {confirm ? (
        // RemoveConfirm's second press, with the row's id (a form of its own: forms do not nest).
        <Form method="post" className={cartCss.fields} aria-label={t.remove}>
          <p role="alert">{t.removeConfirm}</p>
          <input type="hidden" name="id" value={p.id} />
          <input type="hidden" name="confirm" value="1" />
          <div className={css.buttons}>
            <button className={cartCss.primary} name="intent" value="remove" disabled={busy}>
              {t.removeSure}
            </button>
            <Link className={cartCss.secondary} to={back}>
              {t.cancel}
            </Link>
          </div>
        </Form>
      ) : (
        <div className={css.buttons}>
          <Link className={cartCss.secondaryInline} to={`/shop/view/${p.sid}`}>
            {t.view}
          </Link>
          {p.status === "hidden" ? (
            <RowAction id={p.id} intent="show" label={t.show} busy={busy} />
          ) : (
            <RowAction id={p.id} intent="hide" label={t.hide} busy={busy} />
          )}
          {p.ptype === "normal" ? <RowAction id={p.id} intent="copy" label={t.copy} busy={busy} /> : null}
          <RowAction id={p.id} intent="remove" label={t.remove} busy={busy} />
        </div>
      )}
    </li>
  );
}

export default function AdminProducts() {
  const { items, page, pages, q, status } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const [params] = useSearchParams();
  const done = params.get("done") as keyof typeof t.done | null;
  const busy = useNavigation().state === "submitting";
  const href = (next: { status?: string; page?: number }) => {
    const s = next.status ?? status;
    const query = new URLSearchParams({
      ...(q ? { q } : {}),
      ...(s !== "all" ? { status: s } : {}),
      ...((next.page ?? 1) > 1 ? { page: String(next.page) } : {}),
    });
    return `/admin/products${query.size ? `?${query}` : ""}`;
  };
  const back = href({ page });
  return (
    <>
      <h2 className={cartCss.sectionTitle}>{t.title}</h2>
      <Outcome done={done && t.done[done]} error={result?.error} answered={result !== undefined} />
      <p>
        <Link className={cartCss.primary} to="/admin/product">
          {t.create}
        </Link>
      </p>
      <nav className={css.chips} aria-label={t.statusLabel}>
        {PRODUCT_STATUSES.map((s) => (
          <Link key={s} className={css.chip} to={href({ status: s })} aria-current={status === s ? "true" : undefined}>
            {t.statuses[s]}
          </Link>
        ))}
      </nav>
      <SearchForm q={q} placeholder={t.search} keep={{ status: status === "all" ? null : status }} />
      {items.length === 0 ? <p className={cartCss.muted}>{t.empty}</p> : null}
      <ul className={css.list}>
        {items.map((p) => (
          <Row key={p.id} p={p} busy={busy} confirm={result?.confirmRemove === p.id} back={back} />
        ))}
      </ul>
      <Pager page={page} pages={pages} href={(n) => href({ page: n })} />
    </>
  );
}
