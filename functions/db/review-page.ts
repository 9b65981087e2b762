import { maskName, reviewAverage, REVIEW_PHOTO_STRIP, REVIEWS_ON_PAGE, type ReviewSort } from "~/shared/review-display";
import type { ReviewKind } from "~/shared/reviews";
import type { Db } from "./session";

/**
 * A product's reviews as shoppers read them (decision 119): the statements of one page, so the
 * product page can read its first few in its product's own batch and the list reads any page in
 * one round trip. Blinded and deleted reviews are left out everywhere, summary included.
 */
export type ProductReview = {
  id: number;
  kind: ReviewKind;
  rating: number;
  body: string;
  option_label: string;
  is_repurchase: boolean;
  rewarded: boolean;
  helpful_count: number;
  created_at: number;
  author: string;
  photos: string[];
  reply: { body: string; updated_at: number } | null;
};

export type ReviewSummary = { average: number; count: number; histogram: [number, number, number, number, number] };

export type ReviewQuery = {
  sort: ReviewSort;
  photo: boolean;
  star: number | null;
  limit: number;
  offset: number;
  /** Also the newest photo reviews' first photos (the product page's strip). */
  strip: boolean;
};

export type ReviewPage = {
  summary: ReviewSummary & { photo_count: number };
  /** Reviews matching the filter. */
  total: number;
  reviews: ProductReview[];
  strip: { id: number; image: string }[];
};

/** What the product page asks for: the first few, 추천순, with the strip. */
export const FIRST_PAGE: ReviewQuery = {
  sort: "best",
  photo: false,
  star: null,
  limit: REVIEWS_ON_PAGE,
  offset: 0,
  strip: true,
};

export const isFirstPage = (q: ReviewQuery) =>
  q.sort === FIRST_PAGE.sort &&
  q.photo === FIRST_PAGE.photo &&
  q.star === FIRST_PAGE.star &&
  q.limit === FIRST_PAGE.limit &&
  q.offset === 0 &&
  q.strip;

/** The read-ahead key of a product's first page of reviews. */
export const reviewPageKey = (productId: number) => `reviews:${productId}`;

// Ties fall to the newest, then the id, so a page never repeats or skips a review.
const ORDER: Record<ReviewSort, string> = {
  best: "r.helpful_count DESC, r.created_at DESC, r.id DESC",
  new: "r.created_at DESC, r.id DESC",
  high: "r.rating DESC, r.created_at DESC, r.id DESC",
  low: "r.rating ASC, r.created_at DESC, r.id DESC",
};

const HAS_PHOTO = "EXISTS (SELECT 1 FROM review_photos ph WHERE ph.review_id = r.id)";

/**
 * The statements of one page of the reviews of host shop ?1's visible product whose `key` (id or
 * sid) is ?2. Each is bound here: their first (the summary) finds no rows for another shop's product.
 */
export function reviewPageStatements(
  db: Db,
  shopId: number,
  key: "id" | "sid",
  value: number | string,
  q: ReviewQuery,
): D1PreparedStatement[] {
  const goods = `(SELECT COALESCE(origin_product_id, id) FROM products WHERE shop_id = ?1 AND ${key} = ?2 AND visible = 1)`;
  const statements = [
    db
      .prepare(
        `SELECT g.id AS goods, r.rating, ${HAS_PHOTO} AS photo, COUNT(r.id) AS n
         FROM products g LEFT JOIN reviews r ON r.product_id = g.id AND r.status = 'VISIBLE'
         WHERE g.id = ${goods} GROUP BY r.rating, photo`,
      )
      .bind(shopId, value),
    db
      .prepare(
        `SELECT r.id, r.kind, r.rating, r.body, r.option_label, r.is_repurchase, r.reward_points, r.helpful_count,
                r.created_at, COALESCE(m.name, '') AS name,
                (SELECT json_group_array(image) FROM (SELECT image FROM review_photos WHERE review_id = r.id ORDER BY position)) AS photos,
                rp.body AS reply_body, rp.updated_at AS reply_at
         FROM reviews r LEFT JOIN members m ON m.uid = r.uid LEFT JOIN review_replies rp ON rp.review_id = r.id
         WHERE r.product_id = ${goods} AND r.status = 'VISIBLE' AND (?5 = 0 OR r.rating = ?5)
           ${q.photo ? `AND ${HAS_PHOTO}` : ""}
         ORDER BY ${ORDER[q.sort]} LIMIT ?3 OFFSET ?4`,
      )
      .bind(shopId, value, q.limit, q.offset, q.star ?? 0),
  ];
  if (q.strip) {
    statements.push(
      db
        .prepare(
          `SELECT r.id, (SELECT image FROM review_photos WHERE review_id = r.id ORDER BY position LIMIT 1) AS image
           FROM reviews r WHERE r.product_id = ${goods} AND r.status = 'VISIBLE' AND ${HAS_PHOTO}
           ORDER BY r.created_at DESC, r.id DESC LIMIT ?3`,
        )
        .bind(shopId, value, REVIEW_PHOTO_STRIP),
    );
  }
  return statements;
}

type Row = {
  id: number;
  kind: ReviewKind;
  rating: number;
  body: string;
  option_label: string;
  is_repurchase: number;
  reward_points: number;
  helpful_count: number;
  created_at: number;
  name: string;
  photos: string;
  reply_body: string | null;
  reply_at: number | null;
};

/** The page the statements read, or null when the product is none of the host shop's. */
export function reviewPageOf(results: D1Result[], q: ReviewQuery): ReviewPage | null {
  const stats = results[0]!.results as { goods: number; rating: number | null; photo: number; n: number }[];
  if (stats.length === 0) return null;
  const histogram: ReviewSummary["histogram"] = [0, 0, 0, 0, 0];
  let count = 0;
  let sum = 0;
  let photoCount = 0;
  let total = 0;
  for (const s of stats) {
    if (s.rating === null) continue;
    histogram[s.rating - 1] = (histogram[s.rating - 1] ?? 0) + s.n;
    count += s.n;
    sum += s.rating * s.n;
    if (s.photo) photoCount += s.n;
    if ((!q.photo || s.photo) && (q.star === null || q.star === s.rating)) total += s.n;
  }
  const reviews = (results[1]!.results as Row[]).map((r): ProductReview => ({
    id: r.id,
    kind: r.kind,
    rating: r.rating,
    body: r.body,
    option_label: r.option_label,
    is_repurchase: r.is_repurchase === 1,
    rewarded: r.reward_points > 0,
    helpful_count: r.helpful_count,
    created_at: r.created_at,
    author: maskName(r.name),
    photos: JSON.parse(r.photos) as string[],
    reply: r.reply_body !== null ? { body: r.reply_body, updated_at: r.reply_at ?? 0 } : null,
  }));
  const strip = q.strip ? (results[2]!.results as { id: number; image: string }[]) : [];
  return {
    summary: { average: reviewAverage(sum, count), count, histogram, photo_count: photoCount },
    total,
    reviews,
    strip,
  };
}
