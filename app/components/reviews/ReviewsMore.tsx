/**
 * The end of the product page's reviews (issue 38 item 4, decision 119): the link to the full
 * list, and, with scripts, the next reviews 추천순 in place. A "visible" island: its server HTML
 * is the link alone, and its chunk loads only when the reader scrolls near, which is when the
 * first next page is read (from /shop/reviews's loader, the list a shopper without scripts gets).
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { ProductReview } from "~/shared/contracts";
import { koReviews } from "~/shared/messages/reviews";
import { reviewListHref } from "~/shared/review-display";
import { HelpfulForm, ReviewItem } from "./ReviewDisplay";
import * as css from "./review-display.css";

const t = koReviews.display;

/** What /shop/reviews's loader answers, as far as this part reads it. */
type ListPage = { reviews: ProductReview[]; pages: number; filter: { page: number } };

export function ReviewsMore({
  sid,
  total,
  shown,
  storageUrl,
}: {
  sid: string;
  total: number;
  /** The reviews the page already shows, left out of the pages read here. */
  shown: number[];
  storageUrl: string;
}) {
  const fetcher = useFetcher<ListPage>();
  const [more, setMore] = useState<ProductReview[]>([]);
  const [page, setPage] = useState(0);
  const [pages, setPages] = useState(1);
  const load = (next: number) => fetcher.load(reviewListHref(sid, { page: next }));
  const all = reviewListHref(sid);
  const here = `/shop/view/${encodeURIComponent(sid)}`;

  // Drawn in the browser means the reader came near: the first next page, at once.
  useEffect(() => {
    if (total > shown.length) load(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sid]);

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || !("reviews" in data)) return;
    setPage(data.filter.page);
    setPages(data.pages);
    setMore((had) => {
      const seen = new Set([...shown, ...had.map((r) => r.id)]);
      return [...had, ...data.reviews.filter((r) => !seen.has(r.id))];
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  return (
    <>
      {more.length > 0 ? (
        <ul className={css.list} data-testid="review-more-list">
          {more.map((r) => (
            <ReviewItem
              key={r.id}
              review={r}
              storageUrl={storageUrl}
              action={<HelpfulForm review={r} back={`${here}#review-${r.id}`} />}
            />
          ))}
        </ul>
      ) : null}
      {page > 0 && page < pages ? (
        <button
          type="button"
          className={css.helpful}
          disabled={fetcher.state !== "idle"}
          onClick={() => load(page + 1)}
          data-testid="reviews-more"
        >
          {t.more}
        </button>
      ) : null}
      <a className={css.more} href={all} data-testid="reviews-all">
        {t.all(total)}
      </a>
    </>
  );
}
