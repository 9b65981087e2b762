/** Reviews (issue 38 items 1–3, 5; decision 117). */
import { z } from "zod";
import { ReviewBlindBody, ReviewIdBody, ReviewReplyBody, ReviewReportBody, ReviewSaveBody } from "../forms/reviews";
import { REVIEW_KINDS } from "../reviews";
import { REVIEW_SORTS } from "../review-display";
import { endpoint, id } from "./core";

const kind = z.enum(REVIEW_KINDS);
const reply = z.object({ body: z.string(), updated_at: z.number() }).nullable();

export const ProductReview = z.object({
  id: z.number(),
  kind,
  rating: z.number(),
  body: z.string(),
  option_label: z.string(),
  is_repurchase: z.boolean(),
  /** Shown at the review's top as 포인트 지급 리뷰 (the 2025 guidance). */
  rewarded: z.boolean(),
  helpful_count: z.number(),
  created_at: z.number(),
  author: z.string(),
  photos: z.array(z.string()),
  reply,
});
export type ProductReview = z.infer<typeof ProductReview>;

export const ReviewSummary = z.object({
  average: z.number(),
  count: z.number(),
  /** Counts of 1 to 5 stars. */
  histogram: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]),
  /** Reviews with a photo (the 포토리뷰 filter's count). */
  photo_count: z.number().default(0),
});
export type ReviewSummary = z.infer<typeof ReviewSummary>;

/** The review page of one line: what was bought, what may be written, what was. */
export const ReviewTarget = z.object({
  line: z.object({
    order_id: z.number(),
    product_id: z.number(),
    option_id: z.number(),
    extras: z.string(),
    name: z.string(),
    opt_name: z.string(),
    image: z.string().nullable(),
  }),
  kind,
  /** Why a new review of this kind may not be written; null when it may (or one exists to edit). */
  refusal: z.string().nullable(),
  review: z
    .object({
      id: z.number(),
      rating: z.number(),
      body: z.string(),
      is_repurchase: z.boolean(),
      reward_points: z.number(),
      status: z.string(),
      /** Shown to the author only: why the platform hid it. */
      blind_reason: z.string().nullable(),
      photos: z.array(z.string()),
    })
    .nullable(),
  terms: z.object({
    text: z.number(),
    photo: z.number(),
    month: z.number(),
    min_length: z.number(),
    point: z.boolean(),
  }),
  member: z.boolean(),
});
export type ReviewTarget = z.infer<typeof ReviewTarget>;

export const AdminReview = z.object({
  id: z.number(),
  kind,
  rating: z.number(),
  body: z.string(),
  option_label: z.string(),
  status: z.enum(["VISIBLE", "BLINDED"]),
  blind_reason: z.string().nullable(),
  rewarded: z.boolean(),
  created_at: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  author: z.string(),
  photos: z.array(z.string()),
  reply,
  reported: z.boolean(),
});
export type AdminReview = z.infer<typeof AdminReview>;

export const reviewsApi = {
  /** The visible reviews of a product's goods (a pick's are its origin's) and their summary. */
  productReviews: endpoint({
    method: "GET",
    path: "/api/reviews",
    query: z.object({
      product_id: id,
      page: z.coerce.number().int().min(1).max(1000).default(1),
      /** 추천순 (helpful, then newest), 최신순, 평점 높은순, 평점 낮은순 (decision 119). */
      sort: z.enum(REVIEW_SORTS).default("new"),
      photo: z.enum(["0", "1"]).default("0"),
      star: z.coerce.number().int().min(1).max(5).optional(),
      size: z.coerce.number().int().min(1).max(20).default(20),
      /** "1": also the newest photo reviews' first photos (the product page's strip). */
      strip: z.enum(["0", "1"]).default("0"),
    }),
    response: z.object({
      summary: ReviewSummary,
      reviews: z.array(ProductReview),
      page: z.number(),
      pages: z.number(),
      /** Reviews matching the filter. */
      total: z.number(),
      strip: z.array(z.object({ id: z.number(), image: z.string() })),
    }),
  }),
  reviewTarget: endpoint({
    method: "GET",
    path: "/api/myshp/review",
    query: z.object({
      order_id: id,
      product_id: id,
      option_id: z.coerce.number().int().nonnegative(),
      extras: z.string().max(2000).default(""),
      kind: kind.default("NORMAL"),
    }),
    response: ReviewTarget,
  }),
  reviewSave: endpoint({
    method: "POST",
    path: "/api/myshp/review/save",
    query: z.object({}),
    body: ReviewSaveBody,
    /** `reward` is what this write paid (0 on an edit); `member` false says why none was paid. */
    response: z.object({ id: z.number(), reward: z.number(), member: z.boolean() }),
  }),
  reviewDelete: endpoint({
    method: "POST",
    path: "/api/myshp/review/delete",
    query: z.object({}),
    body: ReviewIdBody,
    response: z.object({ ok: z.literal(true) }),
  }),
  reviewHelpful: endpoint({
    method: "POST",
    path: "/api/myshp/review/helpful",
    query: z.object({}),
    body: ReviewIdBody,
    response: z.object({ helpful_count: z.number() }),
  }),
  adminReviews: endpoint({
    method: "GET",
    path: "/api/myshp/admin/reviews",
    query: z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) }),
    response: z.object({ reviews: z.array(AdminReview), page: z.number() }),
  }),
  adminReviewReply: endpoint({
    method: "POST",
    path: "/api/myshp/admin/reviews/reply",
    query: z.object({}),
    body: ReviewReplyBody,
    response: z.object({ ok: z.literal(true) }),
  }),
  adminReviewReport: endpoint({
    method: "POST",
    path: "/api/myshp/admin/reviews/report",
    query: z.object({}),
    body: ReviewReportBody,
    response: z.object({ ok: z.literal(true) }),
  }),
  /** The platform admin (madmin) blinds a review of any shop. */
  platformReviewBlind: endpoint({
    method: "POST",
    path: "/api/platform/reviews/blind",
    query: z.object({}),
    body: ReviewBlindBody,
    response: z.object({ ok: z.literal(true) }),
  }),
} as const;
