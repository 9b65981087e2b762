/**
 * Reviews as shoppers read them (decision 119). Plain elements and plain forms only: the product
 * page renders its section to HTML on the server (no script of its own, like 상품문의), and the
 * full list at /shop/reviews renders the same items, giving 도움돼요 a fetcher there.
 */
import type { ReactNode } from "react";
import type { ProductReview, ReviewSummary } from "~/shared/contracts";
import { formatCount, formatDate } from "~/shared/format";
import { koReviews } from "~/shared/messages/reviews";
import { formatRating, reviewListHref } from "~/shared/review-display";
import { visuallyHidden } from "../../../styles/a11y.css";
import * as shopCss from "../shop.css";
import * as css from "./review-display.css";

const t = koReviews.display;

/** Where 도움돼요 posts: the list's action, which goes back to `back` (the page it came from). */
export const HELPFUL_ACTION = "/shop/reviews";

export function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span className={css.stars} role="img" aria-label={t.starsLabel(full)}>
      {"★".repeat(full)}
      {"☆".repeat(5 - full)}
    </span>
  );
}

/** The average, the count and the 5..1 histogram. */
export function ReviewSummaryBlock({ summary }: { summary: ReviewSummary }) {
  const avg = formatRating(summary.average);
  return (
    <div className={css.summary} data-testid="review-summary">
      <div>
        <p className={css.average}>
          {/* Read as "평균 별점 4.5 / 5": a span takes no aria-label (it has no role to name). */}
          <span className={visuallyHidden}>{t.average} </span>
          <span data-testid="review-average">{avg}</span> <span className={css.muted}>{t.outOf}</span>
        </p>
        <Stars rating={summary.average} />
        <p className={css.muted} data-testid="review-count">
          {t.count(summary.count)}
        </p>
      </div>
      <ul className={css.histogram} aria-label={t.histogramLabel}>
        {[5, 4, 3, 2, 1].map((star) => {
          const n = summary.histogram[star - 1] ?? 0;
          const share = summary.count > 0 ? Math.round((n / summary.count) * 100) : 0;
          return (
            <li key={star} className={css.bar} aria-label={t.histogramRow(star, n)} data-testid={`review-bar-${star}`}>
              <span aria-hidden>{star}★</span>
              <span className={css.track} aria-hidden>
                <span className={css.fill} style={{ width: `${share}%` }} />
              </span>
              <span className={css.muted} aria-hidden>
                {n}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * One review: the disclosure first when points were paid for it (2025 guidance), then stars,
 * masked author, date, option, marks, body, photos, the owner's reply, and `action` (도움돼요).
 */
export function ReviewItem({
  review,
  storageUrl,
  action,
}: {
  review: ProductReview;
  storageUrl: string;
  action?: ReactNode;
}) {
  return (
    <li className={css.item} id={`review-${review.id}`} data-testid="review">
      {review.rewarded ? (
        <p className={css.head}>
          <span className={css.disclosure} data-testid="review-disclosure">
            {koReviews.disclosure}
          </span>
        </p>
      ) : null}
      <p className={css.head}>
        <Stars rating={review.rating} />
        <span className={css.muted} data-testid="review-author">
          {review.author} · {formatDate(Math.floor(review.created_at / 1000))}
        </span>
        {review.is_repurchase ? <span className={css.tag}>{t.repurchase}</span> : null}
        {review.kind === "MONTH" ? <span className={css.tag}>{t.month}</span> : null}
      </p>
      {review.option_label ? <p className={css.muted}>{koReviews.option(review.option_label)}</p> : null}
      <p className={css.body} data-testid="review-body">
        {review.body}
      </p>
      {review.photos.length > 0 ? (
        <div className={css.photos}>
          {review.photos.map((p, i) => (
            <a key={p} href={`${storageUrl}${p}`}>
              <img
                className={css.photo}
                src={`${storageUrl}${p}`}
                alt={koReviews.photoAlt(i + 1)}
                width={96}
                height={96}
                loading="lazy"
                data-testid="review-photo"
              />
            </a>
          ))}
        </div>
      ) : null}
      {review.reply ? (
        <div className={css.reply} data-testid="review-reply">
          <strong>{t.reply}</strong>
          <span className={css.muted}> · {formatDate(Math.floor(review.reply.updated_at / 1000))}</span>
          <br />
          {review.reply.body}
        </div>
      ) : null}
      {action}
    </li>
  );
}

/** 도움돼요 as a plain post: works before (or without) scripts, back to `back`. */
export function HelpfulForm({ review, back }: { review: ProductReview; back: string }) {
  return (
    <form method="post" action={HELPFUL_ACTION}>
      <input type="hidden" name="intent" value="helpful" />
      <input type="hidden" name="id" value={review.id} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className={css.helpful} data-testid="review-helpful">
        {t.helpful(review.helpful_count)}
      </button>
    </form>
  );
}

/** The product page's section: summary, photo strip, the first few (ReviewsMore follows). */
export function ProductReviewsSection({
  sid,
  summary,
  reviews,
  strip,
  storageUrl,
}: {
  sid: string;
  summary: ReviewSummary;
  reviews: ProductReview[];
  strip: { id: number; image: string }[];
  storageUrl: string;
}) {
  // The strip is the newest photo reviews: that list's first page holds each of them.
  const photoList = reviewListHref(sid, { photo: true, sort: "new" });
  const here = `/shop/view/${encodeURIComponent(sid)}`;
  return (
    <>
      <h2 id="reviews" className={shopCss.sectionTitle}>
        {t.title} {summary.count > 0 ? formatCount(summary.count) : ""}
      </h2>
      {summary.count === 0 ? (
        <p className={css.muted}>{t.empty}</p>
      ) : (
        <>
          <ReviewSummaryBlock summary={summary} />
          {strip.length > 0 ? (
            <ul className={css.strip} aria-label={t.photoStrip} data-testid="review-strip">
              {strip.map((s, i) => (
                <li key={s.id}>
                  <a href={`${photoList}#review-${s.id}`}>
                    <img
                      className={css.thumb}
                      src={`${storageUrl}${s.image}`}
                      alt={t.photoStripAlt(i + 1)}
                      width={72}
                      height={72}
                      loading="lazy"
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <ul className={css.list} data-testid="review-list">
            {reviews.map((r) => (
              <ReviewItem
                key={r.id}
                review={r}
                storageUrl={storageUrl}
                action={<HelpfulForm review={r} back={`${here}#review-${r.id}`} />}
              />
            ))}
          </ul>
          {/* Then the page's ReviewsMore island: the next reviews and the link to all of them. */}
        </>
      )}
    </>
  );
}
