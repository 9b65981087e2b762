import { Form, useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as css from "~/components/cart/cart.css";
import { Field } from "~/components/ui/Field";
import { useRootData } from "~/lib/root-data";
import { formatDate } from "~/shared/format";
import { koReviews } from "~/shared/messages/reviews";
import { REVIEW_REPORT_REASONS } from "~/shared/reviews";
import type { action, loader } from "./page.server";

const t = koReviews;

export { loader, action } from "./page.server";

/**
 * The shop's reviews for its owner: new ones first, a reply form on each, a report to the
 * platform. No delete or hide: only the platform blinds a review (decision 117).
 */
export default function AdminReviews() {
  const { reviews, done, doneId } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const { storageUrl } = useRootData();
  return (
    <>
      <h2 className={css.sectionTitle}>{t.admin.title}</h2>
      <p className={css.muted}>{t.admin.noDelete}</p>
      {reviews.length === 0 ? <p className={css.empty}>{t.admin.empty}</p> : null}
      <ul className={css.rows}>
        {reviews.map((r) => {
          const mine = result?.id === r.id;
          const errors = mine ? (result?.errors ?? {}) : {};
          return (
            <li key={r.id} id={`review-${r.id}`} className={css.section} data-testid="admin-review">
              {r.rewarded ? <p className={css.muted}>{t.disclosure}</p> : null}
              <p className={css.name}>
                {t.admin.product}: {r.product_name}
              </p>
              <p className={css.option}>
                {t.stars(r.rating)} · {r.author} · {formatDate(Math.floor(r.created_at / 1000))}
                {r.kind === "MONTH" ? ` · ${t.kindMonth}` : ""}
                {r.option_label ? ` · ${t.option(r.option_label)}` : ""}
              </p>
              {r.status === "BLINDED" ? (
                <p className={css.fieldError}>{t.admin.blindedMark(r.blind_reason ?? "")}</p>
              ) : null}
              {r.reported ? <p className={css.muted}>{t.admin.reportedMark}</p> : null}
              <p>{r.body}</p>
              {r.photos.length ? (
                <p>
                  {r.photos.map((p, i) => (
                    <img
                      key={p}
                      className={css.thumb}
                      src={`${storageUrl}${p}`}
                      alt={t.photoAlt(i + 1)}
                      width={64}
                      height={64}
                      loading="lazy"
                    />
                  ))}
                </p>
              ) : null}
              {doneId === r.id && done ? (
                <div className={css.success} role="status">
                  {done === "report" ? t.admin.reported : t.admin.replied}
                </div>
              ) : null}
              {mine && result?.error ? (
                <p className={css.fieldError} role="alert">
                  {result.error}
                </p>
              ) : null}
              <Form method="post" noValidate className={css.fields} aria-label={`${t.admin.reply} ${r.id}`}>
                <input type="hidden" name="id" value={r.id} />
                <Field label={t.admin.reply} error={errors.body}>
                  <textarea
                    className={css.input}
                    name="body"
                    rows={3}
                    defaultValue={mine ? result?.values?.body : (r.reply?.body ?? "")}
                    required
                  />
                </Field>
                <button type="submit" name="intent" value="reply" className={css.primary}>
                  {r.reply ? t.admin.replyEdit : t.admin.replySave}
                </button>
              </Form>
              {r.status === "VISIBLE" && !r.reported ? (
                <Form method="post" className={css.fields} aria-label={`${t.admin.report} ${r.id}`}>
                  <input type="hidden" name="id" value={r.id} />
                  <Field label={t.admin.reportReason} error={errors.reason}>
                    <select className={css.input} name="reason" defaultValue="">
                      <option value="" disabled>
                        {t.admin.reportReason}
                      </option>
                      {REVIEW_REPORT_REASONS.map((reason) => (
                        <option key={reason} value={reason}>
                          {t.reasons[reason]}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <button type="submit" name="intent" value="report" className={css.secondary}>
                    {t.admin.report}
                  </button>
                </Form>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
