import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireShopOwner } from "~/lib/admin.server";
import { isShopApiError } from "~/shared/api-client.server";
import { fieldErrors } from "~/shared/forms/errors";
import { TableActBody, TableNameBody } from "~/shared/forms/smart";

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
