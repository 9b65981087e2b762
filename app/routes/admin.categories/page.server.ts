import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { fieldErrors, type FieldErrors } from "~/shared/forms/errors";
import { CategoryActionBody, CategoryBody } from "~/shared/forms/products";
import { requireShopOwner } from "~/lib/admin.server";

export type CategoriesResult = {
  /** Which form the result belongs to: "new", or the category's id. */
  form: string;
  errors?: FieldErrors;
  error?: string;
  values?: { name: string; parent_id: string };
};

export async function loadCategories(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  return context.api.call("adminCategories");
}

const back = (done: string) => redirect(`/admin/categories?done=${done}`, 303);

/**
 * The categories' forms: intent=save (a new one, or a rename / move under a parent of category
 * `id`), up, down, hide, show. Back to the page with `done=` (303); a refusal by the field.
 */
export async function changeCategories(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const rawId = String(form.get("id") ?? "");
  const which = rawId || "new";
  try {
    if (intent === "save") {
      const values = { name: String(form.get("name") ?? ""), parent_id: String(form.get("parent_id") ?? "") };
      const parsed = CategoryBody.safeParse({ ...values, ...(rawId ? { id: rawId } : {}) });
      if (!parsed.success) {
        return data<CategoriesResult>({ form: which, errors: fieldErrors(parsed.error), values }, 400);
      }
      try {
        await context.api.call("adminCategorySave", { body: parsed.data });
      } catch (error) {
        if (!isShopApiError(error) || error.status >= 500 || !error.field) throw error;
        return data<CategoriesResult>({ form: which, errors: { [error.field]: error.message }, values }, error.status);
      }
      return back(rawId ? "renamed" : "created");
    }
    const parsed = CategoryActionBody.safeParse({ id: rawId, intent });
    if (!parsed.success) throw new Response(null, { status: 400 });
    await context.api.call("adminCategoryAction", { body: parsed.data });
    return back({ up: "moved", down: "moved", hide: "hidden", show: "shown" }[parsed.data.intent]);
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    return data<CategoriesResult>({ form: which, error: error.message }, error.status);
  }
}
