import { koCheckout } from "~/shared/messages/checkout";
import { Link, useLoaderData } from "@remix-run/react";
import { SearchForm } from "~/components/admin/SearchForm";
import * as css from "~/components/admin/admin.css";
import * as cartCss from "~/components/cart/cart.css";
import { formatCount, formatDeadline, formatKRW } from "~/shared/format";
import { Pager } from "~/components/Pager";
import { koSmart } from "~/shared/messages/smart";
import { koAdmin } from "~/shared/messages/admin";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { ORDER_STATUSES, orderStatusLabel } from "~/shared/order-status";
import { koDaily } from "~/shared/messages/daily";
import { MAX_EXPORT_ROWS } from "~/shared/daily-limits";
import { Dashboard } from "./Dashboard";
import * as pageCss from "./page.css";
import type { loader } from "./page.server";

const t = koAdmin.orders;

export { loader } from "./page.server";

export default function AdminOrders() {
  const { items, counts, page, pages, status, q, dashboard } = useLoaderData<typeof loader>();
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
  const exportQuery = new URLSearchParams();
  if (status) exportQuery.set("status", status);
  if (q) exportQuery.set("q", q);
  const exportHref = `/admin/orders.csv${exportQuery.size > 0 ? `?${exportQuery.toString()}` : ""}`;
  return (
    <>
      {dashboard ? <Dashboard data={dashboard} /> : null}
      <h2 className={cartCss.sectionTitle}>{t.title}</h2>
      <div className={pageCss.actions}>
        {/* A download, not a page: the browser fetches it itself (reloadDocument). */}
        <Link className={css.chip} to={exportHref} reloadDocument download data-testid="orders-csv">
          {koDaily.csv.download}
        </Link>
        <Link className={css.chip} to="/admin/tracking-upload">
          {koDaily.nav.tracking}
        </Link>
      </div>
      <p className={cartCss.muted}>{koDaily.csv.help(formatCount(MAX_EXPORT_ROWS))}</p>
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
                {o.online_choice ? (
                  <span className={cartCss.muted} data-testid="admin-order-online">
                    {koCheckout.choices[o.online_choice]}
                    {o.test_payment ? ` · ${koCheckout.testMode}` : null}
                  </span>
                ) : null}
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
