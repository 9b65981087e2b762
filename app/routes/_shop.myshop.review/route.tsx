import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as css from "~/components/cart/cart.css";
import { Field } from "~/components/ui/Field";
import { useRootData } from "~/lib/root-data";
import { shopMeta } from "~/lib/seo";
import { formatCount } from "~/shared/format";
import { koPlatformReviews } from "~/shared/messages/platform-reviews";
import { koReviews } from "~/shared/messages/reviews";
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
            {[5, 4, 3, 2, 1].map((n) => (
              <label key={n} className={css.checkRow}>
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  defaultChecked={(values?.rating ?? String(review?.rating ?? "")) === String(n)}
                  required
                />
                <span>{t.stars(n)}</span>
              </label>
            ))}
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
            <input type="checkbox" name="repurchase" defaultChecked={review?.is_repurchase ?? false} />
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
