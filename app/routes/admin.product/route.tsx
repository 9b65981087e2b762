import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as css from "~/components/admin/admin.css";
import * as formCss from "~/components/admin/product-form.css";
import * as cartCss from "~/components/cart/cart.css";
import { Outcome } from "~/components/admin/Outcome";
import { ProductThumb } from "~/components/admin/ProductHead";
import { Field } from "~/components/ui/Field";
import type { AdminCategory, AdminProduct as Product } from "~/shared/contracts";
import { MAX_DESCRIPTION_CHARS, MAX_PRODUCT_OPTIONS } from "~/shared/forms/products";
import { koProducts } from "~/shared/messages/products";
import { draftOf, type OptionDraft } from "./draft";
import { DeliveryRule } from "./DeliveryRule";
import { loadProduct, saveProduct } from "./page.server";

const t = koProducts;
const f = t.fields;

/** Create or edit one of the shop's own products (issue 36 item 2, decision 106): one plain form. */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadProduct(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => saveProduct(request, context);

function OptionRow({
  o,
  i,
  count,
  errors,
  busy,
}: {
  o: OptionDraft;
  i: number;
  count: number;
  errors: Record<string, string>;
  busy: boolean;
}) {
  const err = (k: string) => errors[`options.${i}.${k}`];
  return (
    <li className={formCss.optionRow} data-testid="option-row">
      <input type="hidden" name={`opt_${i}_key`} value={o.key} />
      <input type="hidden" name={`opt_${i}_id`} value={o.id} />
      {o.id ? <input type="hidden" name={`opt_${i}_loaded`} value={o.loaded} /> : null}
      {o.ordered ? <input type="hidden" name={`opt_${i}_ordered`} value="1" /> : null}
      <span className={formCss.wide}>
        <Field label={`${f.optionName} ${i + 1}`} error={err("name")}>
          <input
            className={cartCss.input}
            name={`opt_${i}_name`}
            defaultValue={o.name}
            maxLength={50}
            aria-invalid={err("name") ? true : undefined}
          />
        </Field>
      </span>
      <Field label={f.optionPrice} error={err("extra_price")}>
        <input
          className={cartCss.input}
          name={`opt_${i}_price`}
          inputMode="numeric"
          defaultValue={o.extra_price}
          maxLength={12}
          aria-invalid={err("extra_price") ? true : undefined}
        />
      </Field>
      <Field label={f.optionStock} error={err("stock")}>
        <input
          // A refused save brings the stock now as the loaded value: with scripts on, the field
          // is drawn again so it shows what the page says, not what it held before.
          key={o.loaded}
          className={cartCss.input}
          name={`opt_${i}_stock`}
          inputMode="numeric"
          defaultValue={o.stock}
          maxLength={10}
          required
          aria-invalid={err("stock") ? true : undefined}
        />
      </Field>
      <label className={cartCss.checkRow}>
        <input type="checkbox" name={`opt_${i}_soldout`} defaultChecked={o.sold_out} />
        <span>{f.optionSoldOut}</span>
      </label>
      {count > 1 && !o.ordered ? (
        <button className={cartCss.secondaryInline} name="intent" value={`remove_option:${i}`} disabled={busy}>
          {f.removeOption}
        </button>
      ) : null}
    </li>
  );
}

/**
 * The shop's categories to tick, and a new one made in the same form (intent=add_category): the
 * post carries everything typed and the form comes back with it and the new category ticked.
 */
function Categories({
  categories,
  checked,
  added,
  typed,
  error,
  busy,
}: {
  categories: AdminCategory[];
  checked: number[];
  added?: string;
  typed?: string;
  error?: string;
  busy: boolean;
}) {
  return (
    <>
      {categories.length === 0 ? <p className={cartCss.muted}>{f.noCategories}</p> : null}
      {categories.map((c) => (
        <label key={c.id} className={cartCss.checkRow}>
          <input type="checkbox" name="category_ids" value={c.id} defaultChecked={checked.includes(c.id)} />
          <span>
            {c.parent_id !== null ? "└ " : ""}
            {c.name}
            {c.visible ? "" : ` (${t.categories.hidden})`}
          </span>
        </label>
      ))}
      {added ? (
        <p className={cartCss.success} role="status">
          {f.categoryAdded(added)}
        </p>
      ) : null}
      <div className={formCss.inlineAdd}>
        <Field label={f.newCategory} hint={f.newCategoryHint} error={error}>
          <input
            // Emptied once the category is made (a new one is in the list), kept after a refusal.
            key={categories.length}
            className={cartCss.input}
            name="new_category"
            defaultValue={typed ?? ""}
            maxLength={30}
            aria-invalid={error ? true : undefined}
          />
        </Field>
        <button className={cartCss.secondaryInline} name="intent" value="add_category" disabled={busy}>
          {f.makeCategory}
        </button>
      </div>
    </>
  );
}

/** The success line of a save, saying so when what was saved shows as 품절 (issue 52 item 3). */
function doneText(done: keyof typeof t.done | null, product: Product | null): string | null {
  if (!done) return null;
  if (!product || (done !== "created" && done !== "saved")) return t.done[done];
  if (product.sold_out) return t.doneStopped[done];
  const empty = product.options.filter((o) => o.stock <= 0);
  if (empty.length === product.options.length) return t.doneSoldOut[done];
  if (empty.length === 0) return t.done[done];
  return `${t.done[done]} ${t.doneSomeSoldOut(empty.map((o) => o.name).join(", "))}`;
}

export default function AdminProduct() {
  const { id, product, categories } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const [params] = useSearchParams();
  const done = params.get("done") as keyof typeof t.done | null;
  const busy = useNavigation().state === "submitting";
  const draft = result?.draft ?? draftOf(product);
  const errors = result?.errors ?? {};
  const box = (name: "adult_only" | "members_only" | "auth_only" | "sold_out" | "visible") => (
    <label className={cartCss.checkRow}>
      <input type="checkbox" name={name} defaultChecked={draft[name]} />
      <span>{f[name]}</span>
    </label>
  );
  return (
    <>
      <p>
        <Link to="/admin/products">← {t.back}</Link>
      </p>
      <h2 className={cartCss.sectionTitle}>{id ? t.edit : t.create}</h2>
      <Outcome done={doneText(done, product)} error={result?.error ?? errors.form} answered={result !== undefined} />
      {product ? (
        <section className={css.card} aria-label={t.photos}>
          <span className={css.photoLink}>
            <ProductThumb image={product.image} lazy={false} />
            <Link to={`/admin/photos?id=${product.id}`}>{t.photos}</Link>
            {product.visible ? <Link to={`/shop/view/${product.sid}`}>{t.view}</Link> : null}
          </span>
        </section>
      ) : (
        <p className={cartCss.muted}>{t.photosAfterSave}</p>
      )}
      <Form
        key={`${id ?? "new"}:${done ?? ""}`}
        method="post"
        noValidate
        className={`${cartCss.section} ${formCss.form}`}
        aria-label={id ? t.edit : t.create}
      >
        <button
          type="submit"
          name="intent"
          value="save"
          className={`${cartCss.primary} ${formCss.last}`}
          disabled={busy}
        >
          {busy ? t.saving : t.save}
        </button>
        <Field label={f.title} error={errors.title}>
          <input
            className={cartCss.input}
            name="title"
            defaultValue={draft.title}
            maxLength={100}
            required
            aria-invalid={errors.title ? true : undefined}
          />
        </Field>
        <Field label={f.price} error={errors.price}>
          <input
            className={cartCss.input}
            name="price"
            inputMode="numeric"
            defaultValue={draft.price}
            maxLength={12}
            required
            aria-invalid={errors.price ? true : undefined}
          />
        </Field>
        <Field label={f.list_price} hint={f.listPriceHint} error={errors.list_price}>
          <input
            className={cartCss.input}
            name="list_price"
            inputMode="numeric"
            defaultValue={draft.list_price}
            maxLength={12}
            aria-invalid={errors.list_price ? true : undefined}
          />
        </Field>
        <Field label={f.summary} error={errors.summary}>
          <input className={cartCss.input} name="summary" defaultValue={draft.summary} maxLength={200} />
        </Field>
        <Field label={f.description} hint={f.descriptionHint} error={errors.description}>
          <textarea
            className={`${cartCss.input} ${formCss.textarea}`}
            name="description"
            defaultValue={draft.description}
            maxLength={MAX_DESCRIPTION_CHARS}
            aria-invalid={errors.description ? true : undefined}
          />
        </Field>
        <fieldset className={formCss.fieldset}>
          <legend className={cartCss.label}>{f.categories}</legend>
          <Categories
            categories={categories}
            checked={draft.category_ids}
            added={result?.categoryAdded}
            typed={result?.newCategory}
            error={errors.new_category}
            busy={busy}
          />
          {errors.category_ids ? <span className={cartCss.fieldError}>{errors.category_ids}</span> : null}
        </fieldset>
        <fieldset className={formCss.fieldset}>
          <legend className={cartCss.label}>{f.options}</legend>
          <p className={cartCss.mutedPlain}>{f.optionsHelp}</p>
          <ul className={css.list}>
            {draft.options.map((o, i) => (
              <OptionRow key={o.key} o={o} i={i} count={draft.options.length} errors={errors} busy={busy} />
            ))}
          </ul>
          {errors.options ? <span className={cartCss.fieldError}>{errors.options}</span> : null}
          {draft.options.length < MAX_PRODUCT_OPTIONS ? (
            <button className={cartCss.secondaryInline} name="intent" value="add_option" disabled={busy}>
              {f.addOption}
            </button>
          ) : null}
        </fieldset>
        <DeliveryRule draft={draft} errors={errors} />
        <fieldset className={formCss.fieldset}>
          <legend className={cartCss.label}>{f.flags}</legend>
          {box("adult_only")}
          {box("members_only")}
          {box("auth_only")}
          {box("sold_out")}
          {box("visible")}
        </fieldset>
        <Field label={f.sort} hint={f.sortHint} error={errors.sort}>
          <input
            className={cartCss.input}
            name="sort"
            inputMode="numeric"
            defaultValue={draft.sort}
            maxLength={6}
            aria-invalid={errors.sort ? true : undefined}
          />
        </Field>
      </Form>
    </>
  );
}
