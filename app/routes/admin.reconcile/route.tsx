import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import * as css from "~/components/admin/admin.css";
import * as cartCss from "~/components/cart/cart.css";
import { useActionResult } from "~/lib/forms/action-result";
import { koCheckout } from "~/shared/messages/checkout";
import { koAdmin } from "~/shared/messages/admin";
import { koReconciliation as t } from "~/shared/messages/reconciliation";
import { orderStatusLabel } from "~/shared/order-status";
import { formatKRW } from "~/shared/format";
import { METHOD_OF_CHOICE } from "~/shared/limits";
import type { ReconciliationReport } from "~/shared/contracts/payments";
import { checkNow, loadReconciliation } from "./page.server";
import { visuallyHidden } from "../../../styles/a11y.css";

export const meta: MetaFunction = () => [
  { title: `${t.title} | ${koAdmin.title}` },
  { name: "robots", content: "noindex" },
];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadReconciliation(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => checkNow(request, context);

/** Korea's clock for the time a day was checked. */
const checkedAt = (ms: number) =>
  new Intl.DateTimeFormat("ko-KR", { timeZone: "Asia/Seoul", dateStyle: "short", timeStyle: "short" }).format(ms);

type Row = ReconciliationReport["rows"][number];

/** Toss's status of a payment in the owner's words (Toss's own code when it is one we do not know). */
const tossStatus = (status: string | null) =>
  status === null ? t.tossStatus.none : ((t.tossStatus as Record<string, string>)[status] ?? status);

function PaymentRow({ row }: { row: Row }) {
  const choice = row.choice as keyof typeof koCheckout.choices | null;
  return (
    <li className={css.card} data-testid="reconciliation-row" data-difference={row.difference ?? "none"}>
      <div className={css.cardHead}>
        <strong>
          {row.order_id ? <Link to={`/admin/order?id=${row.order_id}`}>{row.order_id}</Link> : t.table.noOrder}
        </strong>
        <span>{choice && choice in koCheckout.choices ? koCheckout.choices[choice] : "-"}</span>
      </div>
      <p className={css.flush}>
        {t.table.toss}: {tossStatus(row.toss_status)} · {formatKRW(row.toss_kept)}
      </p>
      <p className={css.flush}>
        {t.table.ours}:{" "}
        {row.order_status
          ? orderStatusLabel(row.order_status, {
              payMethod: choice && choice in METHOD_OF_CHOICE ? METHOD_OF_CHOICE[choice] : null,
            })
          : t.table.noOrder}{" "}
        · {formatKRW(row.our_kept)}
      </p>
      <p className={row.difference ? cartCss.fieldError : css.flush}>
        {t.table.result}: {row.difference ? t.difference[row.difference] : t.table.ok}
      </p>
    </li>
  );
}

function Report({ report }: { report: ReconciliationReport }) {
  const differing = report.rows.filter((r) => r.difference);
  return (
    <>
      <p
        className={differing.length > 0 ? cartCss.notice : cartCss.success}
        role="status"
        data-testid="reconciliation-result"
      >
        {differing.length > 0 ? t.differences(differing.length) : t.allMatch}
      </p>
      <section className={cartCss.section} aria-labelledby="sums">
        <h3 id="sums" className={cartCss.sectionTitle}>
          {t.sums.title}
        </h3>
        <dl className={css.figures}>
          <dt>{t.sums.tossIn}</dt>
          <dd>{formatKRW(report.toss.captured)}</dd>
          <dt>{t.sums.oursIn}</dt>
          <dd>{formatKRW(report.ours.captured)}</dd>
          <dt>{t.sums.tossOut}</dt>
          <dd>{formatKRW(report.toss.refunded)}</dd>
          <dt>{t.sums.oursOut}</dt>
          <dd>{formatKRW(report.ours.refunded)}</dd>
        </dl>
      </section>
      {/* The payments that differ first: what the owner has to act on. */}
      <ul className={css.list}>
        {[...differing, ...report.rows.filter((r) => !r.difference)].map((row) => (
          <PaymentRow key={row.provider_order_id} row={row} />
        ))}
      </ul>
      <p className={cartCss.muted}>{t.checkedAt(checkedAt(report.checked_at))}</p>
    </>
  );
}

export default function AdminReconciliation() {
  const { day, report, days, unavailable } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h2 className={cartCss.sectionTitle}>{t.title}</h2>
      <p className={cartCss.muted}>{t.help}</p>
      <Form method="get" className={css.search} aria-label={t.day}>
        <label className={visuallyHidden} htmlFor="reconcile-day">
          {t.day}
        </label>
        <input id="reconcile-day" className={cartCss.input} type="date" name="day" defaultValue={day} />
        <button type="submit" className={cartCss.secondary}>
          {t.show}
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="day" value={day} />
        <button type="submit" className={cartCss.primary} disabled={busy}>
          {busy ? t.checking : t.check}
        </button>
      </Form>
      {result && "error" in result ? (
        <p className={cartCss.fieldError} role="alert">
          {result.error}
        </p>
      ) : null}
      {unavailable ? <p className={cartCss.fieldError}>{t.unavailable}</p> : null}
      {report ? <Report report={report} /> : !unavailable ? <p className={cartCss.muted}>{t.none}</p> : null}
      {days.length > 0 ? (
        <section className={cartCss.section} aria-labelledby="days">
          <h3 id="days" className={cartCss.sectionTitle}>
            {t.days}
          </h3>
          <ul className={css.chipList}>
            {days.map((d) => (
              <li key={d.day}>
                <Link
                  className={css.chip}
                  to={`/admin/reconcile?day=${d.day}`}
                  aria-current={d.day === day ? "page" : undefined}
                >
                  {d.day} · {t.dayResult(d.differences)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
