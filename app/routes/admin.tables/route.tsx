import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import * as css from "~/components/admin/admin.css";
import * as cartCss from "~/components/cart/cart.css";
import { requireShopOwner } from "~/lib/admin.server";
import { isShopApiError } from "~/shared/api-client.server";
import { fieldErrors } from "~/shared/forms/errors";
import { TableActBody, TableNameBody } from "~/shared/forms/smart";
import { koSmart } from "~/shared/messages/smart";

const t = koSmart.admin;

/** /admin/tables: the restaurant's tables, their QR codes' addresses, and the meals at them. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  const { tables } = await context.api.call("adminTables");
  return { tables, origin: new URL(request.url).origin };
}

type TablesResult = { error?: string; name?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  requireShopOwner(request, context);
  const form = Object.fromEntries(await request.formData());
  try {
    if (form.intent === "add") {
      const parsed = TableNameBody.safeParse(form);
      if (!parsed.success) {
        return data<TablesResult>({ error: fieldErrors(parsed.error).name, name: String(form.name ?? "") }, 400);
      }
      await context.api.call("adminTableAdd", { body: parsed.data });
    } else {
      const parsed = TableActBody.safeParse(form);
      if (!parsed.success) throw new Response(null, { status: 400 });
      await context.api.call("adminTableAct", { body: parsed.data });
    }
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    return data<TablesResult>({ error: error.message, name: String(form.name ?? "") }, error.status);
  }
  return redirect(`/admin/tables?done=${form.intent === "add" ? "add" : String(form.act)}`, 303);
}

export default function AdminTables() {
  const { tables, origin } = useLoaderData<typeof loader>();
  const result = useActionData<TablesResult>();
  const busy = useNavigation().state !== "idle";
  const [params] = useSearchParams();
  return (
    <>
      <h2 className={cartCss.sectionTitle}>{t.tablesTitle}</h2>
      <p className={cartCss.muted}>{t.tablesHelp}</p>
      <Form method="post" className={css.search}>
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
