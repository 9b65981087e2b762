import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { HelpfulForm, ReviewItem, ReviewSummaryBlock, HELPFUL_ACTION } from "~/components/reviews/ReviewDisplay";
import * as reviewCss from "~/components/reviews/review-display.css";
import { Pager } from "~/components/Pager";
import * as css from "~/components/shop.css";
import type { ProductReview } from "~/shared/contracts";
import { useHydrated } from "~/lib/hydrated";
import { koReviews } from "~/shared/messages/reviews";
import { REVIEW_SORTS, reviewListHref } from "~/shared/review-display";
import { shopMeta } from "~/lib/seo";
import type { HelpfulResult, loader } from "./page.server";

export { loader, action } from "./page.server";

const t = koReviews.display;

export const meta: MetaFunction<typeof loader> = (args) =>
  shopMeta(args, { title: t.listTitle(args.data?.product.title ?? ""), noindex: true });

export default function ReviewsPage() {
  const { product, filter, summary, total, pages, reviews, storageUrl } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <section aria-labelledby="reviews-title">
      <h1 id="reviews-title" className={css.sectionTitle}>
        {t.listTitle(product.title)}
      </h1>
      <p>
        <Link to={`/shop/view/${encodeURIComponent(product.sid)}`}>{t.back}</Link>
      </p>
      {summary.count > 0 ? <ReviewSummaryBlock summary={summary} /> : null}
      <nav className={reviewCss.controls} aria-label={t.sortLabel}>
        {REVIEW_SORTS.map((sort) =>
          sort === filter.sort ? (
            <strong key={sort} aria-current="true" data-testid="review-sort-current">
              {t.sorts[sort]}
            </strong>
          ) : (
            <Link key={sort} to={reviewListHref(product.sid, { ...filter, sort, page: 1 })} data-testid="review-sort">
              {t.sorts[sort]}
            </Link>
          ),
        )}
      </nav>
      {/* A GET form: the same address as the links, with or without scripts. */}
      <Form method="get" className={reviewCss.controls} data-testid="review-filter">
        <input type="hidden" name="pid" value={product.sid} />
        {filter.sort !== "best" ? <input type="hidden" name="sort" value={filter.sort} /> : null}
        <label className={reviewCss.check}>
          <input type="checkbox" name="photo" value="1" defaultChecked={filter.photo} />
          {t.photoOnly(summary.photo_count)}
        </label>
        <label className={reviewCss.check}>
          <span>{t.starFilter}</span>
          <select className={reviewCss.control} name="star" defaultValue={filter.star ?? ""}>
            <option value="">{t.allStars}</option>
            {[5, 4, 3, 2, 1].map((n) => (
              <option key={n} value={n}>
                {t.starOption(n)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={reviewCss.helpful}>
          {t.apply}
        </button>
      </Form>
      {reviews.length === 0 ? (
        <p className={reviewCss.muted}>{summary.count === 0 ? t.empty : t.noMatch}</p>
      ) : (
        <ul className={reviewCss.list} data-testid="review-list">
          {reviews.map((r) => (
            <ReviewItem
              key={r.id}
              review={r}
              storageUrl={storageUrl}
              action={<Helpful review={r} back={`${here}#review-${r.id}`} />}
            />
          ))}
        </ul>
      )}
      <p className={reviewCss.muted}>{t.count(total)}</p>
      <Pager page={filter.page} pages={pages} href={(page) => reviewListHref(product.sid, { ...filter, page })} />
    </section>
  );
}

/** 도움돼요: a plain post before scripts; with them a fetcher, and the count follows in place. */
function Helpful({ review, back }: { review: ProductReview; back: string }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<HelpfulResult>();
  if (!hydrated) return <HelpfulForm review={review} back={back} />;
  const answer = fetcher.data;
  const count = answer?.ok ? answer.helpful_count : review.helpful_count;
  return (
    <fetcher.Form method="post" action={HELPFUL_ACTION}>
      <input type="hidden" name="intent" value="helpful" />
      <input type="hidden" name="id" value={review.id} />
      <input type="hidden" name="back" value={back} />
      <input type="hidden" name="js" value="1" />
      <button
        type="submit"
        className={reviewCss.helpful}
        data-testid="review-helpful"
        disabled={fetcher.state !== "idle"}
      >
        {t.helpful(count)}
      </button>
      {answer && !answer.ok ? (
        <span className={reviewCss.muted} role="alert">
          {answer.error}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
