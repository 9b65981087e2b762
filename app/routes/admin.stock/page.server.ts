import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { StockBody } from "~/shared/forms/admin";
import { fieldErrors } from "~/shared/forms/errors";
import { requireShopOwner } from "~/lib/admin.server";

export type StockResult = { option?: number; error?: string; value?: string };

/** One option's stock from the console's form; back to the list with `saved=` (303). */
export async function action({ request, context }: ActionFunctionArgs) {
  requireShopOwner(request, context);
  const form = Object.fromEntries(await request.formData());
  const option = Number(form.option_id) || undefined;
  const parsed = StockBody.safeParse(form);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data<StockResult>({ option, error: errors.stock ?? errors.option_id, value: String(form.stock ?? "") }, 400);
  }
  try {
    await context.api.call("adminStockSet", { body: parsed.data });
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    return data<StockResult>({ option, error: error.message, value: String(form.stock ?? "") }, error.status);
  }
  const back = new URL(request.url);
  back.searchParams.set("saved", String(parsed.data.option_id));
  return redirect(back.pathname + back.search, 303);
}
