import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { PointTermsBody } from "~/shared/forms/admin";
import { fieldErrors, type FieldErrors } from "~/shared/forms/errors";
import { requireShopOwner } from "~/lib/admin.server";

export type PointTermsResult = { errors?: FieldErrors; values?: Record<string, string> };

/** The shop's point terms from the console's form; back to the page with `saved=1` (303). */
export async function action({ request, context }: ActionFunctionArgs) {
  requireShopOwner(request, context);
  const values = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  const parsed = PointTermsBody.safeParse(values);
  if (!parsed.success) return data<PointTermsResult>({ errors: fieldErrors(parsed.error), values }, 400);
  await context.api.call("adminPointTerms", { body: parsed.data });
  return redirect("/admin/points?saved=1", 303);
}
