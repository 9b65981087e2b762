import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { SearchForm } from "~/components/admin/SearchForm";
import * as css from "~/components/admin/admin.css";
import * as cartCss from "~/components/cart/cart.css";
import { formatDeadline, formatKRW } from "~/shared/format";
import { Pager } from "~/components/Pager";
import { requireShopOwner } from "~/lib/admin.server";
import { pageParam } from "~/lib/shop-loaders.server";
import { koSmart } from "~/shared/messages/smart";
import { koAdmin } from "~/shared/messages/admin";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { isOrderStatus, ORDER_STATUSES, orderStatusLabel } from "~/shared/order-status";

const t = koAdmin.orders;

/** The shop's orders, newest first: by status (with counts), or found by id, name or phone. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  const url = new URL(request.url);
  const status = url.searchParams.get("status") ?? "";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 40);
  const list = await context.api.call("adminOrders", {
    query: { status: isOrderStatus(status) ? status : undefined, q: q || undefined, page: pageParam(url) },
  });
  return { ...list, status: isOrderStatus(status) ? status : null, q };
}

export default function AdminOrders() {
  const { items, counts, page, pages, status, q } = useLoaderData<typeof loader>();
  const total = Object.values(counts).reduce((n, c) => n + c, 0);
  const href = (next: { status?: string | null; page?: number }) => {
    const params = new URLSearchParams();
    const s = next.status === undefined ? status : next.status;
    if (s) params.set("status", s);
    if (q) params.set("q", q);
    if (next.page && next.page > 1) params.set("page", String(next.page));
    const query = params.toString();
    return `/admin${query ? `?${query}` : ""}`;
  };
  return (
    <>
      <h2 className={cartCss.sectionTitle}>{t.title}</h2>
      <nav className={css.chips} aria-label={t.title}>
        <Link className={css.chip} to={href({ status: null })} aria-current={status === null ? "true" : undefined}>
          {t.all} {total}
        </Link>
        {ORDER_STATUSES.filter((s) => counts[s]).map((s) => (
          <Link key={s} className={css.chip} to={href({ status: s })} aria-current={status === s ? "true" : undefined}>
            {orderStatusLabel(s, { payMethod: "bank" })} {counts[s]}
          </Link>
        ))}
      </nav>
      <SearchForm q={q} placeholder={t.search} keep={{ status }} />
      {items.length === 0 ? (
        <p className={cartCss.muted}>{t.empty}</p>
      ) : (
        <ul className={css.list} data-testid="admin-orders">
          {items.map((o) => (
            <li key={o.id}>
              <Link className={css.card} to={`/admin/order?id=${o.id}`}>
                <span className={css.cardHead}>
                  <strong>{o.id}</strong>
                  <span className={css.status}>
                    {orderStatusLabel(o.status, {
                      payMethod: o.pay_method,
                      refundAfterDone: o.refund_after_done,
                      smartOrder: o.table_name !== null,
                    })}
                  </span>
                </span>
                <span>{koLifecycle.items(o.first_item, o.item_count)}</span>
                <span className={css.cardHead}>
                  <span className={cartCss.muted}>
                    {o.table_name !== null ? koSmart.table(o.table_name) : (o.orderer_name ?? t.guest)} ·{" "}
                    {formatDeadline(o.created_at)}
                  </span>
                  <strong>{formatKRW(o.total_price)}</strong>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pages={pages} href={(p) => href({ page: p })} />
    </>
  );
}
