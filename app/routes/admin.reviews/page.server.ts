import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { fieldErrors, type FieldErrors } from "~/shared/forms/errors";
import { ReviewReplyBody, ReviewReportBody } from "~/shared/forms/reviews";
import { requireShopOwner } from "~/lib/admin.server";

export type AdminReviewResult = { id?: number; errors?: FieldErrors; values?: Record<string, string>; error?: string };

/** The shop's reviews, newest first (personal to the owner: never cached). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  const q = new URL(request.url).searchParams;
  const page = Math.max(1, Math.min(1000, Number(q.get("page")) || 1));
  const { reviews } = await context.api.call("adminReviews", { query: { page } });
  return data(
    { reviews, page, done: q.get("done"), doneId: Number(q.get("review")) || null },
    { headers: { "cache-control": "private, no-store" } },
  );
}

/** A reply (`intent=reply`) or a report to the platform (`intent=report`); back to the list (303). */
export async function action({ request, context }: ActionFunctionArgs) {
  requireShopOwner(request, context);
  const form = await request.formData();
  const values = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]));
  const id = Number(values.id) || 0;
  const intent = values.intent === "report" ? "report" : "reply";
  const parsed = intent === "report" ? ReviewReportBody.safeParse(values) : ReviewReplyBody.safeParse(values);
  if (!parsed.success) return data<AdminReviewResult>({ id, errors: fieldErrors(parsed.error), values }, 400);
  try {
    if (intent === "report") await context.api.call("adminReviewReport", { body: ReviewReportBody.parse(values) });
    else await context.api.call("adminReviewReply", { body: ReviewReplyBody.parse(values) });
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    return data<AdminReviewResult>({ id, error: error.message, values }, error.status as 400);
  }
  return redirect(`/admin/reviews?done=${intent}&review=${id}#review-${id}`, 303);
}
