import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { fieldErrors, type FieldErrors } from "~/shared/forms/errors";
import { CustomDomainBody } from "~/shared/forms/domain";
import { requireShopOwner } from "~/lib/admin.server";

export type DomainResult = {
  errors?: FieldErrors;
  error?: string;
  values?: Record<string, string>;
  /** The first press of 연결 삭제: the page asks for the second. */
  confirmRemove?: boolean;
};

const back = (done: "added" | "checked" | "removed") => redirect(`/admin/domain?done=${done}`, 303);

/**
 * The custom domain page's forms (decision 092): intent=add (the domain typed), check (상태 확인)
 * or remove (a second press with confirm=1). Back to the page with `done=` (303); what the API
 * refuses is said on the page, next to the field when it names one.
 */
export async function changeDomain(request: Request, context: AppLoadContext) {
  requireShopOwner(request, context);
  const form = await request.formData();
  const intent = form.get("intent") ?? "add";
  const values = { hostname: String(form.get("hostname") ?? "") };
  try {
    if (intent === "check") {
      await context.api.call("adminDomainCheck");
      return back("checked");
    }
    if (intent === "remove") {
      if (form.get("confirm") !== "1") return data<DomainResult>({ confirmRemove: true });
      await context.api.call("adminDomainRemove");
      return back("removed");
    }
    if (intent !== "add") throw new Response(null, { status: 400 });
    const parsed = CustomDomainBody.safeParse(values);
    if (!parsed.success) return data<DomainResult>({ errors: fieldErrors(parsed.error), values }, 400);
    await context.api.call("adminDomainAdd", { body: parsed.data });
    return back("added");
  } catch (error) {
    // Cloudflare out of reach is said on the page (502 from the API), any other outage is the 502 page.
    if (!isShopApiError(error) || (error.status >= 500 && error.code !== "CLOUDFLARE_FAILED")) throw error;
    const result: DomainResult =
      error.field === "hostname" ? { errors: { hostname: error.message }, values } : { error: error.message, values };
    return data<DomainResult>(result, error.status);
  }
}
