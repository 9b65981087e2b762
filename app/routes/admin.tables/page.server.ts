import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireShopOwner } from "~/lib/admin.server";
import { isShopApiError } from "~/shared/api-client.server";
import { fieldErrors } from "~/shared/forms/errors";
import { TableActBody, TableNameBody, TablePayModeBody } from "~/shared/forms/smart";

/**
 * /admin/tables: the restaurant's tables, their QR codes' addresses, the meals at them, and how
 * tables pay (후불 or 선결제, decision 105).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  const { tables, pay_first, cards } = await context.api.call("adminTables");
  return { tables, payFirst: pay_first, cards, origin: new URL(request.url).origin };
}

type TablesResult = { error?: string; name?: string; payError?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  requireShopOwner(request, context);
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "pay") {
    const parsed = TablePayModeBody.safeParse(form);
    if (!parsed.success) return data<TablesResult>({ payError: fieldErrors(parsed.error).mode }, 400);
    try {
      await context.api.call("adminTablePay", { body: parsed.data });
    } catch (error) {
      if (!isShopApiError(error) || error.status >= 500) throw error;
      return data<TablesResult>({ payError: error.message }, error.status);
    }
    return redirect("/admin/tables?done=pay", 303);
  }
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
