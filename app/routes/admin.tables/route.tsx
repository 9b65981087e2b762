import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as css from "~/components/admin/admin.css";
import * as cartCss from "~/components/cart/cart.css";
import * as smartCss from "~/components/smart/smart.css";
import { koSmart } from "~/shared/messages/smart";
import type { loader, action } from "./page.server";

const t = koSmart.admin;

export { loader, action } from "./page.server";

export default function AdminTables() {
  const { tables, payFirst, cards, origin } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [params] = useSearchParams();
  return (
    <>
      <h2 className={cartCss.sectionTitle}>{t.tablesTitle}</h2>
      <p className={cartCss.muted}>{t.tablesHelp}</p>
      <Form method="post" noValidate className={css.search}>
        <input type="hidden" name="intent" value="add" />
        <label className={cartCss.labelPlain}>
          <span>{t.name}</span>
          <input
            className={cartCss.input}
            name="name"
            maxLength={20}
            required
            defaultValue={result?.name ?? ""}
            aria-invalid={result?.error ? true : undefined}
          />
          {result?.error ? <span className={cartCss.fieldError}>{result.error}</span> : null}
        </label>
        <button type="submit" className={cartCss.secondaryInline} disabled={busy}>
          {t.add}
        </button>
      </Form>
      {t.done[params.get("done") ?? ""] ? (
        <p role="status" className={cartCss.muted}>
          {t.done[params.get("done") ?? ""]}
        </p>
      ) : null}
      <Form method="post" data-testid="table-pay-mode">
        <input type="hidden" name="intent" value="pay" />
        <fieldset className={smartCss.fieldset}>
          <legend className={smartCss.legend}>{t.payMode}</legend>
          <div className={smartCss.choices}>
            <label className={smartCss.choice}>
              <input type="radio" name="mode" value="later" defaultChecked={!payFirst} />
              <span>{t.payModeLater}</span>
            </label>
            <label className={smartCss.choice}>
              <input type="radio" name="mode" value="first" defaultChecked={payFirst} />
              <span>{t.payModeFirst}</span>
            </label>
          </div>
          {cards ? null : <p className={cartCss.muted}>{t.payFirstNeedsKeys}</p>}
          {result?.payError ? (
            <p className={cartCss.fieldError} role="alert">
              {result.payError}
            </p>
          ) : null}
        </fieldset>
        <button type="submit" className={cartCss.secondaryInline} disabled={busy}>
          {t.payModeSave}
        </button>
      </Form>
      <p>
        <Link to="/admin/tables/print" reloadDocument>
          {t.print}
        </Link>
      </p>
      {tables.length === 0 ? <p className={cartCss.muted}>{t.empty}</p> : null}
      <ul className={css.list}>
        {tables.map((table) => (
          <li key={table.id} className={css.card} data-testid="shop-table">
            <span className={css.cardHead}>
              <strong className={css.tableName}>{koSmart.table(table.name)}</strong>
              {table.in_use ? <span className={css.badge}>{t.inUse}</span> : null}
            </span>
            <code className={css.tableUrl}>{`${origin}/smartorder/${table.hash}`}</code>
            <Form method="post" className={css.buttons}>
              <input type="hidden" name="id" value={table.id} />
              {table.in_use ? (
                <button type="submit" name="act" value="end" className={css.plainButton} disabled={busy}>
                  {t.end}
                </button>
              ) : null}
              <details>
                <summary className={cartCss.moreSummary}>{t.more}</summary>
                <p className={cartCss.muted}>{t.renewConfirm}</p>
                <button type="submit" name="act" value="renew" className={css.plainButton} disabled={busy}>
                  {t.renew}
                </button>{" "}
                <button type="submit" name="act" value="retire" className={css.plainButton} disabled={busy}>
                  {t.retire}
                </button>
              </details>
            </Form>
          </li>
        ))}
      </ul>
    </>
  );
}
