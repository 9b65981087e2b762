/** Reviews' fixed terms (decision 117): what the store, the forms and the pages share. */

export const REVIEW_KINDS = ["NORMAL", "MONTH"] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** Photos one review may hold. */
export const MAX_REVIEW_PHOTOS = 5;
/** The 한달사용 리뷰 opens this many days after the line's first review. */
export const REVIEW_MONTH_AFTER_DAYS = 30;
export const MAX_REVIEW_BODY = 2000;
export const MAX_REVIEW_REPLY = 1000;

/** Why an owner reports a review to the platform: the fixed list a published policy names. */
export const REVIEW_REPORT_REASONS = ["abuse", "personal", "ad", "unrelated", "copyright"] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];

/** The review page's address for one order line. */
export function reviewHref(
  line: { orderId: number; productId: number; optionId: number; extras?: string },
  kind?: ReviewKind,
) {
  const q = new URLSearchParams({ order: String(line.orderId), line: `${line.productId}-${line.optionId}` });
  if (line.extras) q.set("extras", line.extras);
  if (kind === "MONTH") q.set("kind", kind);
  return `/myshop/review?${q.toString()}`;
}

/** `line=<product>-<option>` as the page's address writes it, or null. */
export function parseLineParam(value: string | null): { productId: number; optionId: number } | null {
  const m = /^(\d{1,12})-(\d{1,12})$/.exec(value ?? "");
  if (!m) return null;
  return { productId: Number(m[1]), optionId: Number(m[2]) };
}

/** A member's review photos in one shop, under the shop's uploads (so a shop's removal reaches them). */
export const reviewPhotoPrefix = (shopId: number, uid: number) => `uploads/${shopId}/r/${uid}/`;
