import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import * as css from "~/components/admin/admin.css";
import * as cartCss from "~/components/cart/cart.css";
import { feePercent } from "~/components/admin/PlatformPay";
import { formatKRW } from "~/shared/format";
import { koAdmin } from "~/shared/messages/admin";
import { koSettlement as t } from "~/shared/messages/settlement";
import { loadSettlement } from "./page.server";

export const meta: MetaFunction = () => [
  { title: `${t.title} | ${koAdmin.title}` },
  { name: "robots", content: "noindex" },
];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadSettlement(request, context);

/** A day as Korean pages write it: 11월 29일 (일). */
const dayLabel = (day: string) =>
  new Intl.DateTimeFormat("ko-KR", { timeZone: "UTC", month: "long", day: "numeric", weekday: "short" }).format(
    Date.parse(`${day}T00:00:00Z`),
  );

/**
 * 정산 (issue 52 item 1, decision 178): what the shop took through the platform's contract, day
 * by day, less the platform's fee and the refunds; what comes next and when; and each payout
 * Toss made or is making, with its state as Toss's webhooks reported it.
 */
export default function AdminSettlement() {
  const page = useLoaderData<typeof loader>();
  if (page.pay_via !== "platform" && page.days.length === 0) {
    return (
      <>
        <h2 className={cartCss.sectionTitle}>{t.title}</h2>
        <p className={cartCss.muted}>{t.notOnPlatform}</p>
        <p>
          <Link to="/admin/payments">{koAdmin.nav.payments}</Link>
        </p>
      </>
    );
  }
  const b = t.balance;
  return (
    <>
      <h2 className={cartCss.sectionTitle}>{t.title}</h2>
      {page.seller ? (
        <p className={cartCss.muted} data-testid="seller-status">
          {t.seller.statuses[page.seller.status]}
        </p>
      ) : (
        <p className={cartCss.notice} role="alert">
          <Link to="/admin/payments">{t.errors.noSeller}</Link>
        </p>
      )}
      <section className={cartCss.section} aria-label={b.title}>
        <h3 className={cartCss.sectionTitle}>{b.title}</h3>
        <dl className={cartCss.dl} data-testid="settlement-balance">
          <dt>{page.balance.payable < 0 ? b.owed : b.payable}</dt>
          <dd data-testid="payable">{formatKRW(Math.abs(page.balance.payable))}</dd>
          <dt>{b.waiting(page.hold_days)}</dt>
          <dd data-testid="waiting">{formatKRW(page.balance.waiting)}</dd>
          <dt>{b.paid}</dt>
          <dd data-testid="paid">{formatKRW(page.balance.paid)}</dd>
        </dl>
        <p className={cartCss.mutedPlain}>
          {t.platform.fee(feePercent(page.fee_bps))} · {t.platform.schedule(page.hold_days)}
        </p>
      </section>
      <section className={cartCss.section} aria-label={t.ledger.title}>
        <h3 className={cartCss.sectionTitle}>{t.ledger.title}</h3>
        {page.days.length === 0 ? (
          <p className={cartCss.muted}>{t.ledger.empty}</p>
        ) : (
          <div className={css.tableWrap}>
            <table className={css.table} data-testid="settlement-days">
              <thead>
                <tr>
                  <th scope="col" className={css.cell}>
                    {t.ledger.day}
                  </th>
                  <th scope="col" className={css.cell}>
                    {t.ledger.sales}
                  </th>
                  <th scope="col" className={css.cell}>
                    {t.ledger.fees}
                  </th>
                  <th scope="col" className={css.cell}>
                    {t.ledger.refunds}
                  </th>
                  <th scope="col" className={css.cell}>
                    {t.ledger.net}
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.days.map((d) => (
                  <tr key={d.day} data-testid="settlement-day" data-day={d.day}>
                    <th scope="row" className={css.cell}>
                      {dayLabel(d.day)}
                    </th>
                    <td className={css.cell} data-testid="sales">
                      {formatKRW(d.sales)}
                    </td>
                    <td className={css.cell} data-testid="fees">
                      {formatKRW(d.fees)}
                    </td>
                    <td className={css.cell} data-testid="refunds">
                      {formatKRW(d.refunds)}
                    </td>
                    <td className={css.cell} data-testid="net">
                      {formatKRW(d.net)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <p className={cartCss.mutedPlain}>{t.ledger.note}</p>
      </section>
      <section className={cartCss.section} aria-label={t.payouts.title}>
        <h3 className={cartCss.sectionTitle}>{t.payouts.title}</h3>
        {page.payouts.length === 0 ? (
          <p className={cartCss.muted}>{t.payouts.empty}</p>
        ) : (
          <ul className={cartCss.rows} data-testid="payouts">
            {page.payouts.map((p) => (
              <li key={p.day} className={css.card} data-testid="payout" data-status={p.status}>
                <div className={css.cardHead}>
                  <strong>{dayLabel(p.day)}</strong>
                  <span data-testid="payout-status">{t.payouts.statuses[p.status]}</span>
                </div>
                <p data-testid="payout-amount">{formatKRW(p.amount)}</p>
                {p.error ? <p className={cartCss.fieldError}>{t.payouts.failed(p.error)}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
