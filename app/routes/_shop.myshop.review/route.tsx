import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { useActionResult } from "~/lib/forms/action-result";
import * as css from "~/components/cart/cart.css";
import { Field } from "~/components/ui/Field";
import { useRootData } from "~/lib/root-data";
import { shopMeta } from "~/lib/seo";
import { formatCount } from "~/shared/format";
import { koPlatformReviews } from "~/shared/messages/platform-reviews";
import { koReviews } from "~/shared/messages/reviews";
import * as stars from "~/components/reviews/star-input.css";
import { visuallyHidden } from "../../../styles/a11y.css";
import { PRODUCT_PHOTO_TYPES, UPLOAD_PAGE } from "~/shared/uploads";
import type { action, loader } from "./page.server";

const t = koReviews;

export const meta: MetaFunction = (args) => shopMeta(args, { title: t.title, noindex: true });

export { loader, action } from "./page.server";

/** Review photos are files (decision 154). */
export const handle = UPLOAD_PAGE;

export default function ReviewPage() {
  const { target, saved, removed, reward, notMember } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const { storageUrl } = useRootData();
  const errors = result?.errors ?? {};
  const values = result?.values;
  const review = target.review && target.review.status !== "DELETED" ? target.review : null;
  const month = target.kind === "MONTH";
  const title = review ? t.editTitle : month ? t.monthTitle : t.title;
  const refused = !review && target.refusal;
  const { form, keepDraft } = useReviewDraft(saved || removed);
  return (
    <>
      <h1 className={css.title}>{title}</h1>
      {saved ? (
        <div className={css.success} role="status">
          {t.saved}
          {reward > 0 ? <> {t.rewarded(formatCount(reward))}</> : null}
          {notMember ? <> {t.notMember}</> : null}
        </div>
      ) : null}
      {removed ? (
        <div className={css.success} role="status">
          {t.removed}
        </div>
      ) : null}
      <section className={css.section}>
        <p className={css.name}>{target.line.name}</p>
        {target.line.opt_name ? <p className={css.option}>{t.option(target.line.opt_name)}</p> : null}
        <p className={css.muted}>
          <Link to={`/myshop/order_view?id=${target.line.order_id}`}>{target.line.order_id}</Link>
        </p>
      </section>
      {review && review.reward_points > 0 ? <p className={css.muted}>{t.disclosure}</p> : null}
      {review?.status === "BLINDED" ? (
        <p className={css.fieldError} data-testid="review-blinded">
          {koPlatformReviews.toAuthor(review.blind_reason ?? "")}
        </p>
      ) : null}
      {result?.error ? (
        <p className={css.fieldError} role="alert">
          {result.error}
        </p>
      ) : null}
      {refused && !saved && !removed ? (
        <p className={css.fieldError} role="alert" data-testid="review-refusal">
          {(t.errors.refusal as Record<string, string>)[target.refusal ?? ""] ?? t.errors.refusal.not_found}
        </p>
      ) : null}
      {/* A blinded review stays as the platform left it: its author may delete it, not rewrite it. */}
      {!refused && review?.status !== "BLINDED" ? (
        <Form
          ref={form}
          onChange={keepDraft}
          // Drawn anew once a save changed the review: the file input would otherwise still hold the
          // photos just uploaded, and a second press would upload them again.
          key={JSON.stringify(review)}
          method="post"
          noValidate
          encType="multipart/form-data"
          className={`${css.section} ${css.fields}`}
          aria-label={title}
        >
          <fieldset className={css.methods}>
            <legend>{t.rating}</legend>
            {/* Large tap-stars (issue 52): each a radio lying over its star (star-input.css.ts). */}
            <div className={stars.stars}>
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className={`${stars.star} ${stars.filled[n]}`}>
                  <input
                    className={stars.starInput}
                    type="radio"
                    name="rating"
                    value={n}
                    defaultChecked={(values?.rating ?? String(review?.rating ?? "")) === String(n)}
                    aria-invalid={errors.rating ? true : undefined}
                    required
                  />
                  <span aria-hidden="true">★</span>
                  <span className={visuallyHidden}>{t.starInput(n)}</span>
                </label>
              ))}
            </div>
            {errors.rating ? <span className={css.fieldError}>{errors.rating}</span> : null}
          </fieldset>
          <Field
            label={t.body}
            error={errors.body}
            hint={target.terms.point && target.member ? t.bodyHint(target.terms.min_length) : undefined}
          >
            <textarea
              className={css.input}
              name="body"
              rows={6}
              defaultValue={values?.body ?? review?.body ?? ""}
              aria-invalid={errors.body ? true : undefined}
              required
            />
          </Field>
          <label className={css.checkRow}>
            <input
              type="checkbox"
              name="repurchase"
              defaultChecked={values ? values.repurchase === "on" : (review?.is_repurchase ?? false)}
            />
            <span>{t.repurchase}</span>
          </label>
          {review?.photos.length ? (
            <ul className={css.rows}>
              {review.photos.map((p, i) => (
                <li key={p} className={css.row}>
                  <img className={css.thumb} src={`${storageUrl}${p}`} alt={t.photoAlt(i + 1)} width={64} height={64} />
                  <label className={css.checkRow}>
                    <input type="checkbox" name="remove_photo" value={p} />
                    <span>{t.removePhoto}</span>
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
          <Field label={t.photos} error={errors.photo}>
            <input type="file" name="photo" accept={PRODUCT_PHOTO_TYPES.join(",")} multiple />
          </Field>
          {target.terms.point && target.member && !review ? (
            <p className={css.muted}>
              {t.rewardTerms(
                formatCount(target.terms.text),
                formatCount(target.terms.photo),
                formatCount(target.terms.month),
              )}
            </p>
          ) : null}
          <button type="submit" name="intent" value="save" className={css.primary}>
            {review ? t.save : t.submit}
          </button>
        </Form>
      ) : null}
      {review ? (
        <Form method="post" encType="multipart/form-data" className={css.section}>
          <p className={css.muted}>{t.removeConfirm}</p>
          <button type="submit" name="intent" value="delete" className={css.secondary}>
            {t.remove}
          </button>
        </Form>
      ) : null}
    </>
  );
}

/** The answers to a page's own notices, which are no part of the line the review is of. */
const NOTICE_PARAMS = ["saved", "removed", "reward", "nm"];

/**
 * What was typed, kept in this tab until the review is saved (issue 52): a post that never comes
 * back as the page (the connection lost, a server error, a new log-in) loses nothing; the form
 * finds it again the next time it is drawn empty. Without scripts the server's answer carries it.
 */
function useReviewDraft(done: boolean) {
  const form = useRef<HTMLFormElement>(null);
  const { search } = useLocation();
  const q = new URLSearchParams(search);
  for (const k of NOTICE_PARAMS) q.delete(k);
  const key = `review-draft:${q.toString()}`;
  useEffect(() => {
    try {
      if (done) return sessionStorage.removeItem(key);
      const draft = JSON.parse(sessionStorage.getItem(key) ?? "null") as Draft | null;
      const el = form.current;
      if (!draft || !el) return;
      const body = el.elements.namedItem("body") as HTMLTextAreaElement | null;
      if (!body || body.value.trim() !== "") return;
      body.value = draft.body;
      const star = el.querySelector<HTMLInputElement>(`input[name="rating"][value="${draft.rating}"]`);
      if (star) star.checked = true;
      const again = el.elements.namedItem("repurchase") as HTMLInputElement | null;
      if (again) again.checked = draft.repurchase;
    } catch {
      // No storage (a private window's quota, a blocked one): the server's answer still has it.
    }
  }, [key, done]);
  const keepDraft = useCallback(() => {
    const el = form.current;
    if (!el) return;
    const data = new FormData(el);
    const draft: Draft = {
      rating: String(data.get("rating") ?? ""),
      body: String(data.get("body") ?? ""),
      repurchase: data.get("repurchase") !== null,
    };
    try {
      sessionStorage.setItem(key, JSON.stringify(draft));
    } catch {
      // As above.
    }
  }, [key]);
  return { form, keepDraft };
}

type Draft = { rating: string; body: string; repurchase: boolean };
