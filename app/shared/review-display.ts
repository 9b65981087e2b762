/**
 * Reviews as shoppers read them (decision 119), without zod: the product page, the full list and
 * the cards share these terms, and the browser code reads them.
 */

/** 추천순 (helpful, then newest), 최신순, 평점 높은순, 평점 낮은순. */
export const REVIEW_SORTS = ["best", "new", "high", "low"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** Reviews the product page shows; the rest are on /shop/reviews. */
export const REVIEWS_ON_PAGE = 3;
/** Reviews per page of /shop/reviews. */
export const REVIEW_LIST_SIZE = 10;
/** Photo reviews in the product page's strip. */
export const REVIEW_PHOTO_STRIP = 8;

export type ReviewFilter = { sort: ReviewSort; photo: boolean; star: number | null; page: number };

/** The average of `count` reviews whose stars add up to `sum`, to one decimal; 0 when there are none. */
export function reviewAverage(sum: number, count: number): number {
  return count > 0 ? Math.round((sum * 10) / count) / 10 : 0;
}

/** "4.5": the average as cards and the summary print it. */
export const formatRating = (average: number) => average.toFixed(1);

/** The full list's address; defaults are left out so one list has one address. */
export function reviewListHref(sid: string, f: Partial<ReviewFilter> = {}): string {
  const q = new URLSearchParams({ pid: sid });
  if (f.sort && f.sort !== "best") q.set("sort", f.sort);
  if (f.photo) q.set("photo", "1");
  if (f.star) q.set("star", String(f.star));
  if (f.page && f.page > 1) q.set("page", String(f.page));
  return `/shop/reviews?${q.toString()}`;
}

/** The list's filter from its address; anything unknown falls back to the default. */
export function parseReviewFilter(params: URLSearchParams): ReviewFilter {
  const sort = REVIEW_SORTS.find((s) => s === params.get("sort")) ?? "best";
  const star = Number(params.get("star"));
  const page = Number(params.get("page"));
  return {
    sort,
    photo: params.get("photo") === "1",
    star: Number.isInteger(star) && star >= 1 && star <= 5 ? star : null,
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

/** `sh***`: the first two characters of the member's name, never more. */
export function maskName(name: string): string {
  return `${Array.from(name.trim()).slice(0, 2).join("")}***`;
}
