import { Link } from "@remix-run/react";
import * as cartCss from "~/components/cart/cart.css";
import * as adminCss from "~/components/admin/admin.css";
import type { Dashboard as DashboardData } from "~/shared/contracts";
import { formatCount, formatKRW } from "~/shared/format";
import { koDaily } from "~/shared/messages/daily";
import { koSeller } from "~/shared/messages/seller";
import { gapLabels } from "~/shared/seller";
import { orderStatusLabel } from "~/shared/order-status";
import * as css from "./page.css";

const t = koDaily.dashboard;

/** Where each step of a new shop's set-up is done, in the order an owner best takes them. */
const SETUP_PATHS = {
  business: "/admin/settings#business",
  payment: "/admin/settings#bank",
  delivery: "/admin/settings#delivery",
  products: "/admin/product",
  notify: "/admin/notify",
} as const;

/** A new shop's first steps, until it can take an order and be paid for it. */
function Setup({ setup, gaps }: { setup: DashboardData["setup"]; gaps: DashboardData["legal_gaps"] }) {
  const steps = (Object.keys(SETUP_PATHS) as (keyof typeof SETUP_PATHS)[]).map((k) => [k, setup[k]] as const);
  if (steps.every(([, done]) => done)) return null;
  return (
    <section className={cartCss.section} aria-label={t.setup.title} data-testid="shop-setup">
      <h2 className={cartCss.sectionTitle}>{t.setup.title}</h2>
      <p className={cartCss.muted}>{t.setup.help}</p>
      <ol className={css.waiting}>
        {steps.map(([key, done]) => (
          <li key={key} className={css.waitingRow} data-testid={`setup-${key}`} data-done={done}>
            <span>
              <strong>{t.setup.steps[key].label}</strong>
              {key === "business" && !done && gaps.length > 0 ? (
                <span className={cartCss.mutedPlain} data-testid="setup-business-gaps">
                  {" "}
                  {koSeller.missing(gapLabels(gaps))}
                </span>
              ) : null}
            </span>
            {done ? (
              <span className={cartCss.muted}>{t.setup.done}</span>
            ) : (
              <Link className={adminCss.chip} to={SETUP_PATHS[key]}>
                {t.setup.steps[key].action}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Today's figures, what waits for the owner (each status a link to its list) and 30 days of sales. */
export function Dashboard({ data }: { data: DashboardData }) {
  const top = Math.max(1, ...data.days.map((d) => d.sales));
  const groups = [
    ["deposit", data.waiting.deposit],
    ["shipping", data.waiting.shipping],
    ["claims", data.waiting.claims],
  ] as const;
  return (
    <>
      <Setup setup={data.setup} gaps={data.legal_gaps} />
      <section className={cartCss.section} aria-label={t.title} data-testid="dashboard">
        <h2 className={cartCss.sectionTitle}>{t.title}</h2>
        <div className={css.figures}>
          <p className={css.figure}>
            <span className={cartCss.muted}>{t.todayOrders}</span>
            <strong className={css.figureValue} data-testid="today-orders">
              {t.orders(formatCount(data.today.orders))}
            </strong>
          </p>
          <p className={css.figure}>
            <span className={cartCss.muted}>{t.todaySales}</span>
            <strong className={css.figureValue} data-testid="today-sales">
              {formatKRW(data.today.sales)}
            </strong>
          </p>
        </div>
        <h3 className={adminCss.cardTitle}>{t.waiting}</h3>
        <ul className={css.waiting} data-testid="dashboard-waiting">
          {groups.map(([key, counts]) => (
            <li key={key} className={css.waitingRow} data-testid={`waiting-${key}`}>
              <strong>
                {t.groups[key]} {formatCount(counts.reduce((n, c) => n + c.n, 0))}
              </strong>
              {counts.length === 0 ? <span className={cartCss.muted}>{t.none}</span> : null}
              {counts.map((c) => (
                <Link key={c.status} className={adminCss.chip} to={`/admin?status=${c.status}`}>
                  {orderStatusLabel(c.status, { payMethod: "bank" })} {formatCount(c.n)}
                </Link>
              ))}
            </li>
          ))}
          <li className={css.waitingRow} data-testid="waiting-messages">
            <strong>
              {t.groups.messages} {formatCount(data.waiting.messages)}
            </strong>
            <Link className={adminCss.chip} to="/admin/messages">
              {t.openMessages}
            </Link>
          </li>
          <li className={css.waitingRow} data-testid="waiting-questions">
            <strong>
              {t.waitingQuestions} {formatCount(data.feedback.questions)}
            </strong>
            <Link className={adminCss.chip} to="/admin/questions">
              {t.openQuestions}
            </Link>
          </li>
          <li className={css.waitingRow} data-testid="new-reviews">
            <strong>
              {t.newReviews} {formatCount(data.feedback.reviews)}
            </strong>
            <Link className={adminCss.chip} to="/admin/reviews">
              {t.openReviews}
            </Link>
          </li>
        </ul>
        <h3 className={adminCss.cardTitle}>{t.last30}</h3>
        {data.days.every((d) => d.orders === 0) ? (
          <p className={cartCss.muted}>{t.noSales}</p>
        ) : (
          <table className={css.days} data-testid="dashboard-days">
            <thead>
              <tr>
                <th className={css.dayCell}>{t.day}</th>
                <th className={css.dayCell}>{t.count}</th>
                <th className={css.dayCell}>{t.sales}</th>
                <th className={css.barCell} aria-hidden="true" />
              </tr>
            </thead>
            <tbody>
              {data.days
                .filter((d) => d.orders > 0)
                .map((d) => (
                  <tr key={d.day}>
                    <td className={css.dayCell}>{d.day.slice(5)}</td>
                    <td className={css.dayCell}>{formatCount(d.orders)}</td>
                    <td className={css.dayCell}>{formatKRW(d.sales)}</td>
                    <td className={css.barCell} aria-hidden="true">
                      <span className={css.bar} style={{ width: `${Math.round((d.sales / top) * 100)}%` }} />
                    </td>
                  </tr>
                ))}
            </tbody>
          </table>
        )}
        <p className={cartCss.muted}>{t.salesHelp}</p>
      </section>
    </>
  );
}
