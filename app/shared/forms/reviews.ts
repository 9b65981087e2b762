/**
 * Reviews' forms (decision 117): the buyer's review (the page's fields, and the API body that adds
 * the line and the stored photos' keys), the owner's reply and report, the platform's blind.
 */
import * as z from "zod";
import { koReviews } from "../messages/reviews";
import { MAX_REVIEW_BODY, MAX_REVIEW_PHOTOS, MAX_REVIEW_REPLY, REVIEW_KINDS, REVIEW_REPORT_REASONS } from "../reviews";
import { charCount } from "./text";

const t = koReviews.errors;

const required = (max: number, empty: string) =>
  z
    .string({ error: empty })
    .transform((v) => v.trim().normalize("NFC"))
    .refine((v) => v.length > 0, { error: empty })
    .refine((v) => charCount(v) <= max, { error: t.tooLong(max) });

const checked = z.preprocess((v) => v === true || v === "on" || v === "1" || v === "true", z.boolean());

/** What the buyer types: the stars, the text, the 재구매 mark. */
export const ReviewFields = z.object({
  rating: z.coerce
    .number({ error: t.rating })
    .int({ error: t.rating })
    .min(1, { error: t.rating })
    .max(5, { error: t.rating }),
  body: required(MAX_REVIEW_BODY, t.body),
  repurchase: checked,
});

/** The line a review is of: the order line's key (migration 0017). */
export const ReviewLineKey = z.object({
  order_id: z.coerce.number().int().positive(),
  product_id: z.coerce.number().int().positive(),
  option_id: z.coerce.number().int().nonnegative(),
  extras: z.string().max(2000).default(""),
});

/** A new review or its author's edit (with `id`), as the page sends it to the API. */
export const ReviewSaveBody = ReviewFields.extend(ReviewLineKey.shape).extend({
  kind: z.enum(REVIEW_KINDS).default("NORMAL"),
  id: z.coerce.number().int().positive().optional(),
  photos: z.array(z.string().max(300)).max(MAX_REVIEW_PHOTOS, { error: t.photoCount }).default([]),
});

export const ReviewIdBody = z.object({ id: z.coerce.number().int().positive() });

export const ReviewReplyBody = z.object({
  id: z.coerce.number().int().positive(),
  body: required(MAX_REVIEW_REPLY, t.reply),
});

export const ReviewReportBody = z.object({
  id: z.coerce.number().int().positive(),
  reason: z.enum(REVIEW_REPORT_REASONS, { error: t.reason }),
  note: z.string().trim().max(500).optional(),
});

export const ReviewBlindBody = z.object({
  id: z.coerce.number().int().positive(),
  reason: required(200, t.blindReason),
});
