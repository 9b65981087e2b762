import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { NoticeBody, NoticeDeleteBody } from "~/shared/forms/admin";
import { fieldErrors, type FieldErrors } from "~/shared/forms/errors";
import { requireShopOwner } from "~/lib/admin.server";

export type NoticeResult = { id?: number; errors?: FieldErrors; error?: string; values?: Record<string, string> };

/** A notice written, edited or deleted from the console (intent=save|delete); back to the list (303). */
export async function action({ request, context }: ActionFunctionArgs) {
  requireShopOwner(request, context);
  const form = Object.fromEntries(await request.formData());
  const values = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]));
  const id = Number(values.id) || undefined;
  const back = new URL(request.url);
  try {
    if (values.intent === "delete") {
      const parsed = NoticeDeleteBody.safeParse(values);
      if (!parsed.success) throw new Response(null, { status: 400 });
      await context.api.call("adminNoticeDelete", { body: parsed.data });
      back.searchParams.set("done", "deleted");
      return redirect(back.pathname + back.search, 303);
    }
    const parsed = NoticeBody.safeParse(values);
    if (!parsed.success) return data<NoticeResult>({ id, errors: fieldErrors(parsed.error), values }, 400);
    await context.api.call("adminNoticeSave", { body: parsed.data });
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    return data<NoticeResult>({ id, error: error.message, values }, error.status);
  }
  back.searchParams.set("done", "saved");
  return redirect(back.pathname + back.search, 303);
}
