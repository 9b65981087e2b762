/**
 * /madmin/reviews (issue 38, decision 120): the platform admin's queue of reported reviews, drawn
 * as the rest of the platform's pages (plain forms, escaped here). The caller has checked that the
 * viewer is a platform admin; the forgery guard in worker.ts has turned away other origins.
 */
import { ReviewBlindBody, ReviewIdBody } from "~/shared/forms/reviews";
import { formatDate } from "~/shared/format";
import { koPlatform } from "~/shared/messages/platform";
import { koPlatformReviews as t } from "~/shared/messages/platform-reviews";
import { koReviews } from "~/shared/messages/reviews";
import type { ApiContext } from "../api/context";
import { REPORTED_PAGE_SIZE } from "../db/review-reports";
import { escape as e, formError, hidden, platformPage, type FieldErrors, type Values, type Viewer } from "./view";

const DONE = { blinded: t.blinded, dismissed: t.dismissed } as const;

function pageParam(url: URL): number {
  return Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
}

const date = (ms: number) => formatDate(Math.floor(ms / 1000));

export async function reportedReviewsPage(
  ctx: ApiContext,
  viewer: Viewer,
  errors: FieldErrors = {},
  status = 200,
  values: Values = {},
): Promise<Response> {
  const page = pageParam(ctx.url);
  const { rows, total } = await ctx.db.reviewReports.open(page);
  const pages = Math.max(1, Math.ceil(total / REPORTED_PAGE_SIZE));
  const action = `/madmin/reviews?${new URLSearchParams({ page: String(page) })}`;
  const doneKey = ctx.url.searchParams.get("done");
  const done =
    doneKey === "blinded" || doneKey === "dismissed" ? `<p class="ok" role="status">${e(DONE[doneKey])}</p>` : "";
  const items = rows
    .map((r) => {
      const key = `reason-${r.id}`;
      const err = errors[key];
      const typed = values.id === String(r.id) ? (values.reason ?? "") : "";
      const reports = r.reports
        .map(
          (x) =>
            `<li>${e(koReviews.reasons[x.reason] ?? x.reason)}${x.note ? `: ${e(x.note)}` : ""} <small>${e(t.reportAt(date(x.created_at)))}</small></li>`,
        )
        .join("");
      return `<tr data-review="${r.id}"><td><strong>${e(r.shop_name)}</strong> <small>${e(r.dom)}</small><br>${e(r.product_name ?? t.productGone)}<br><small>${e(t.rating(r.rating))} · ${e(t.written(date(r.created_at)))}</small></td>
<td><p>${e(r.body)}</p><p class="hint">${e(t.reports)}</p><ul>${reports}</ul></td>
<td><form method="post" action="${e(action)}" novalidate>${hidden("do", "blind")}${hidden("id", String(r.id))}<label>${e(t.blindReason)}<input type="text" name="reason" maxlength="200" value="${e(typed)}" aria-describedby="${key}-hint${err ? ` ${key}-error` : ""}"${err ? ' aria-invalid="true"' : ""}></label><p class="hint" id="${key}-hint">${e(t.blindHint)}</p>${err ? `<p class="err" id="${key}-error" role="alert">${e(err)}</p>` : ""}<button>${e(t.blind)}</button></form>
<form method="post" action="${e(action)}">${hidden("do", "dismiss")}${hidden("id", String(r.id))}<button>${e(t.dismiss)}</button></form></td></tr>`;
    })
    .join("");
  const link = (p: number, label: string) => `<a href="/madmin/reviews?page=${p}">${e(label)}</a>`;
  const pager =
    pages > 1
      ? `<nav class="pager">${page > 1 ? link(page - 1, koPlatform.prev) : ""}<span>${e(koPlatform.pageOf(page, pages))}</span>${page < pages ? link(page + 1, koPlatform.next) : ""}</nav>`
      : "";
  const body = `<h1>${e(t.title)}</h1><p><a href="/madmin">${e(t.toShops)}</a></p><p>${e(t.lead)}</p>${done}${formError(errors)}
${rows.length ? `<table><thead><tr><th>${e(t.shop)} · ${e(t.product)}</th><th>${e(t.reports)}</th><th></th></tr></thead><tbody>${items}</tbody></table>${pager}` : `<p>${e(t.none)}</p>`}`;
  return platformPage(status, t.title, body, viewer);
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
}

/** 가리기 (a reason, required) or 문제없음; each resolves the review's open reports. */
export async function reportedReviewsAction(ctx: ApiContext, viewer: Viewer): Promise<Response> {
  const form = await ctx.request.formData();
  const values: Values = {};
  for (const [k, v] of form) if (typeof v === "string") values[k] = v;
  const back = (done: keyof typeof DONE) =>
    redirect(`/madmin/reviews?${new URLSearchParams({ page: String(pageParam(ctx.url)), done })}`);
  const now = Date.now();
  if (values.do === "blind") {
    const parsed = ReviewBlindBody.safeParse(values);
    if (!parsed.success) {
      const id = ReviewIdBody.safeParse(values);
      if (!id.success) return reportedReviewsPage(ctx, viewer, { form: t.gone }, 400);
      const message = parsed.error.issues.find((i) => i.path[0] === "reason")?.message ?? t.gone;
      return reportedReviewsPage(ctx, viewer, { [`reason-${id.data.id}`]: message }, 400, values);
    }
    // The same write as the API's platformReviewBlind: the review and its reports in one batch.
    if (!(await ctx.db.reviews.blind(parsed.data.id, parsed.data.reason, now))) {
      return reportedReviewsPage(ctx, viewer, { form: t.gone }, 409);
    }
    ctx.log.note({ reviewBlinded: parsed.data.id });
    return back("blinded");
  }
  if (values.do === "dismiss") {
    const parsed = ReviewIdBody.safeParse(values);
    if (!parsed.success || !(await ctx.db.reviewReports.dismiss(parsed.data.id, now))) {
      return reportedReviewsPage(ctx, viewer, { form: t.gone }, 409);
    }
    return back("dismissed");
  }
  return reportedReviewsPage(ctx, viewer, { form: t.gone }, 400);
}
