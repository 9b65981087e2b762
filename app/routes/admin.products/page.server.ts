import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { PRODUCT_STATUSES, ProductActionBody, type ProductStatus } from "~/shared/forms/products";
import { requireShopOwner } from "~/lib/admin.server";
import { removeShopPhotos } from "~/lib/uploads.server";
import { pageParam } from "~/lib/shop-loaders.server";

export type ProductsResult = { error?: string; confirmRemove?: number };

/** The console's product list (decision 106): search, status, page. */
export async function loadProducts(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 40);
  const asked = url.searchParams.get("status") ?? "all";
  const status: ProductStatus = (PRODUCT_STATUSES as readonly string[]).includes(asked)
    ? (asked as ProductStatus)
    : "all";
  const list = await context.api.call("adminProducts", { query: { q, status, page: pageParam(url) } });
  return { ...list, q, status };
}

/**
 * A row's button (intent=hide|show|copy|remove; remove asks a second press with confirm=1). Back
 * to the list as it was (its query kept) with `done=`, or to a copy's edit form.
 */
export async function changeProduct(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  const form = await request.formData();
  const parsed = ProductActionBody.safeParse({ id: form.get("id"), intent: form.get("intent") });
  if (!parsed.success) throw new Response(null, { status: 400 });
  if (parsed.data.intent === "remove" && form.get("confirm") !== "1") {
    return data<ProductsResult>({ confirmRemove: parsed.data.id });
  }
  try {
    const { id, done, unused } = await context.api.call("adminProductAction", { body: parsed.data });
    // The row is gone: its photos no other product of the shop shows go from storage too.
    await removeShopPhotos(context.env.FILES, context.shop.shopid, unused);
    if (done === "copied") return redirect(`/admin/product?id=${id}&done=copied`, 303);
    const back = new URL(request.url).searchParams;
    back.set("done", done);
    return redirect(`/admin/products?${back}`, 303);
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    return data<ProductsResult>({ error: error.message }, error.status);
  }
}
