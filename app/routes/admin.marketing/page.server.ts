import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { TrackingIdsBody } from "~/shared/forms/admin";
import { fieldErrors, type FieldErrors } from "~/shared/forms/errors";
import { requireShopOwner } from "~/lib/admin.server";

export type TrackingIdsResult = { errors?: FieldErrors; values?: Record<string, string> };

/** The shop's ad and analytics tag ids from the console's form; back with `saved=1` (303). */
export async function action({ request, context }: ActionFunctionArgs) {
  requireShopOwner(request, context);
  const values = Object.fromEntries([...(await request.formData())].map(([k, v]) => [k, String(v)]));
  const parsed = TrackingIdsBody.safeParse(values);
  if (!parsed.success) return data<TrackingIdsResult>({ errors: fieldErrors(parsed.error), values }, 400);
  await context.api.call("adminTracking", { body: parsed.data });
  return redirect("/admin/marketing?saved=1", 303);
}
