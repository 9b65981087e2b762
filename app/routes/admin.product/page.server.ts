import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { CategoryBody, MAX_PRODUCT_OPTIONS, ProductBody, type ProductBodyIn } from "~/shared/forms/products";
import { fieldErrors } from "~/shared/forms/errors";
import { requireShopOwner } from "~/lib/admin.server";
import { rethrowAsResponse } from "~/lib/shop-loaders.server";
import { koProducts } from "~/shared/messages/products";
import { formatCount } from "~/shared/format";
import { blankOption, type OptionDraft, type ProductDraft, type ProductResult } from "./draft";

const idParam = (request: Request) => {
  const n = Number(new URL(request.url).searchParams.get("id") ?? "0");
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The edit form of one of the shop's own products, or an empty one for a new product; and the shop's categories. */
export async function loadProduct(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  const id = idParam(request);
  const [product, { categories }] = await Promise.all([
    id
      ? context.api
          .call("adminProduct", { query: { id } })
          .catch((e) => rethrowAsResponse(e, koProducts.errors.notFound))
      : null,
    context.api.call("adminCategories"),
  ]);
  return { id, product, categories };
}

const str = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** The rows the form posted (opt_{i}_*), in order. */
function postedOptions(form: FormData): OptionDraft[] {
  const rows: OptionDraft[] = [];
  for (let i = 0; i < MAX_PRODUCT_OPTIONS + 1 && form.has(`opt_${i}_key`); i++) {
    rows.push({
      key: str(form, `opt_${i}_key`).slice(0, 12) || `n${i}`,
      id: str(form, `opt_${i}_id`),
      name: str(form, `opt_${i}_name`),
      extra_price: str(form, `opt_${i}_price`),
      stock: str(form, `opt_${i}_stock`),
      loaded: str(form, `opt_${i}_loaded`),
      sold_out: form.has(`opt_${i}_soldout`),
      ordered: form.get(`opt_${i}_ordered`) === "1",
    });
  }
  return rows;
}

function postedDraft(form: FormData): ProductDraft {
  return {
    title: str(form, "title"),
    price: str(form, "price"),
    list_price: str(form, "list_price"),
    summary: str(form, "summary"),
    description: str(form, "description"),
    category_ids: form
      .getAll("category_ids")
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
    options: postedOptions(form),
    adult_only: form.has("adult_only"),
    members_only: form.has("members_only"),
    auth_only: form.has("auth_only"),
    sold_out: form.has("sold_out"),
    visible: form.has("visible"),
    sort: str(form, "sort"),
    delivery_rule: str(form, "delivery_rule") || "shop",
    delivery_fee: str(form, "delivery_fee"),
    delivery_per_qty: str(form, "delivery_per_qty"),
  };
}

function bodyOf(id: number | null, d: ProductDraft): ProductBodyIn {
  return {
    ...(id ? { id } : {}),
    ...d,
    options: d.options.map((o) => ({
      ...(o.id ? { id: o.id } : {}),
      name: o.name,
      extra_price: o.extra_price,
      stock: o.stock,
      ...(o.id && o.loaded ? { loaded_stock: o.loaded } : {}),
      sold_out: o.sold_out,
    })),
  } as ProductBodyIn;
}

/**
 * The form again after a save refused because stock moved since it was loaded: each option whose
 * stock changed says so with the stock now, and now carries that as its loaded value, so saving
 * again writes what the owner then decides.
 */
async function stockChanged(context: AppLoadContext, id: number, draft: ProductDraft): Promise<ProductResult> {
  const product = await context.api.call("adminProduct", { query: { id } });
  const now = new Map(product.options.map((o) => [String(o.id), o.stock]));
  const errors: Record<string, string> = {};
  draft.options.forEach((o, i) => {
    const stock = now.get(o.id);
    if (stock === undefined || String(stock) === o.loaded) return;
    // A field the owner left as loaded simply shows the stock now; a changed one asks again.
    if (o.stock === o.loaded) o.stock = String(stock);
    else errors[`options.${i}.stock`] = koProducts.errors.stockChanged(formatCount(stock));
    o.loaded = String(stock);
  });
  return { draft, errors };
}

/**
 * intent=add_category: a top-level category named in the form's own field, made and ticked, and
 * the form again with everything as typed (issue 52 item 3): nothing of the product is saved.
 */
async function addCategory(context: AppLoadContext, form: FormData, draft: ProductDraft) {
  const name = str(form, "new_category");
  const parsed = CategoryBody.safeParse({ name, parent_id: "" });
  if (!parsed.success) {
    const errors = { new_category: fieldErrors(parsed.error).name ?? koProducts.errors.categoryName };
    return data<ProductResult>({ draft, errors, newCategory: name }, 400);
  }
  try {
    const { id } = await context.api.call("adminCategorySave", { body: parsed.data });
    if (!draft.category_ids.includes(id)) draft.category_ids.push(id);
    return data<ProductResult>({ draft, categoryAdded: parsed.data.name });
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    return data<ProductResult>({ draft, errors: { new_category: error.message }, newCategory: name }, error.status);
  }
}

/**
 * The edit form's posts: intent=add_option and remove_option:N re-render the form with a row more
 * or less (nothing saved: rows without scripts); add_category makes a category (above); save writes
 * it, then back to the form with `done=`.
 */
export async function saveProduct(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  const id = idParam(request);
  const form = await request.formData();
  const intent = str(form, "intent") || "save";
  const draft = postedDraft(form);
  if (intent === "add_option") {
    if (draft.options.length < MAX_PRODUCT_OPTIONS) {
      const used = new Set(draft.options.map((o) => o.key));
      let n = draft.options.length;
      while (used.has(`n${n}`)) n++;
      draft.options.push(blankOption(`n${n}`));
    }
    return data<ProductResult>({ draft });
  }
  if (intent.startsWith("remove_option:")) {
    const at = Number(intent.slice("remove_option:".length));
    if (draft.options.length > 1 && draft.options[at] && !draft.options[at].ordered) draft.options.splice(at, 1);
    return data<ProductResult>({ draft });
  }
  if (intent === "add_category") return addCategory(context, form, draft);
  if (intent !== "save") throw new Response(null, { status: 400 });
  const parsed = ProductBody.safeParse(bodyOf(id, draft));
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join(".") || "form"] ??= issue.message;
    return data<ProductResult>({ draft, errors }, 400);
  }
  try {
    const saved = await context.api.call("adminProductSave", { body: parsed.data });
    return redirect(`/admin/product?id=${saved.id}&done=${id ? "saved" : "created"}`, 303);
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    if (error.code === "STOCK_CHANGED" && id) return data<ProductResult>(await stockChanged(context, id, draft), 409);
    const result: ProductResult = error.field
      ? { draft, errors: { [error.field]: error.message } }
      : { draft, error: error.message };
    return data<ProductResult>(result, error.status);
  }
}
