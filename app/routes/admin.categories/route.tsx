import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as css from "~/components/admin/admin.css";
import * as cartCss from "~/components/cart/cart.css";
import { Outcome } from "~/components/admin/Outcome";
import { Field } from "~/components/ui/Field";
import type { AdminCategory } from "~/shared/contracts";
import { koProducts } from "~/shared/messages/products";
import { changeCategories, loadCategories, type CategoriesResult } from "./page.server";

const t = koProducts.categories;

/** The shop's categories (issue 36 item 3, decision 106): add, rename, nest one level, reorder, hide. */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadCategories(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => changeCategories(request, context);

/** The name and parent of a category (or of a new one): one form. */
function NameForm({
  category,
  roots,
  result,
  busy,
}: {
  category: AdminCategory | null;
  roots: AdminCategory[];
  result: CategoriesResult | undefined;
  busy: boolean;
}) {
  const mine = result?.form === String(category?.id ?? "new") ? result : undefined;
  const errors = mine?.errors ?? {};
  const parent = mine?.values?.parent_id ?? String(category?.parent_id ?? "");
  const label = category ? `${category.name} ${t.rename}` : t.add;
  return (
    <Form method="post" noValidate className={cartCss.fields} aria-label={label}>
      {category ? <input type="hidden" name="id" value={category.id} /> : null}
      <Field label={t.name} error={errors.name}>
        <input
          className={cartCss.input}
          name="name"
          defaultValue={mine?.values?.name ?? category?.name ?? ""}
          maxLength={30}
          required
          aria-invalid={errors.name ? true : undefined}
        />
      </Field>
      <Field label={t.parent} error={errors.parent_id}>
        <select className={cartCss.input} name="parent_id" defaultValue={parent}>
          <option value="">{t.top}</option>
          {roots
            .filter((r) => r.id !== category?.id)
            .map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
        </select>
      </Field>
      {mine?.error ? <span className={cartCss.fieldError}>{mine.error}</span> : null}
      <button className={cartCss.secondaryInline} name="intent" value="save" disabled={busy}>
        {category ? t.rename : t.add}
      </button>
    </Form>
  );
}

function Action({
  id,
  intent,
  text,
  of,
  busy,
}: {
  id: number;
  intent: string;
  text: string;
  of: string;
  busy: boolean;
}) {
  return (
    <Form method="post" aria-label={`${of} ${text}`}>
      <input type="hidden" name="id" value={id} />
      <button className={cartCss.secondaryInline} name="intent" value={intent} disabled={busy}>
        {text}
      </button>
    </Form>
  );
}

export default function AdminCategories() {
  const { categories } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const [params] = useSearchParams();
  const done = params.get("done") as keyof typeof t.done | null;
  const busy = useNavigation().state === "submitting";
  const roots = categories.filter((c) => c.parent_id === null);
  return (
    <>
      <h2 className={cartCss.sectionTitle}>{t.title}</h2>
      <Outcome done={done && t.done[done]} answered={result !== undefined} />
      <p className={cartCss.muted}>{t.help}</p>
      {categories.length === 0 ? <p className={cartCss.muted}>{t.empty}</p> : null}
      <ul className={css.list}>
        {categories.map((c) => (
          <li key={c.id} className={css.card} data-testid="admin-category">
            <span className={css.cardHead}>
              <strong>
                {c.parent_id !== null ? "└ " : ""}
                {c.name}
              </strong>
              <span className={cartCss.muted}>
                {t.products(c.products)}
                {c.visible ? "" : ` · ${t.hidden}`}
              </span>
            </span>
            <NameForm category={c} roots={roots} result={result} busy={busy} />
            <div className={css.buttons}>
              <Action id={c.id} intent="up" text={t.up} of={c.name} busy={busy} />
              <Action id={c.id} intent="down" text={t.down} of={c.name} busy={busy} />
              {c.visible ? (
                <Action id={c.id} intent="hide" text={t.hide} of={c.name} busy={busy} />
              ) : (
                <Action id={c.id} intent="show" text={t.show} of={c.name} busy={busy} />
              )}
            </div>
          </li>
        ))}
      </ul>
      <section className={`${css.card} ${cartCss.section}`} aria-label={t.add}>
        <h3 className={css.cardTitle}>{t.add}</h3>
        <NameForm category={null} roots={roots} result={result} busy={busy} />
      </section>
    </>
  );
}
