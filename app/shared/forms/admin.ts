/**
 * The owner console's forms (stock, notices): one schema each for the API contract and the page's
 * action, Korean messages field by field.
 */
import * as z from "zod";
import { koAdmin } from "../messages/admin";
import { charCount } from "./text";
import { GTAG_PATTERN, PIXEL_PATTERN } from "../tracking";

const t = koAdmin.errors;

const text = (max: number, required: string) =>
  z
    .string({ error: required })
    .transform((v) => v.trim().normalize("NFC"))
    .refine((v) => v.length > 0, { error: required })
    .refine((v) => charCount(v) <= max, { error: t.tooLong(max) });

export const StockBody = z.object({
  option_id: z.coerce.number().int().positive(),
  stock: z
    .union([z.number(), z.string()])
    .transform((v) => String(v).replace(/[,\s]/g, ""))
    .refine((v) => /^\d{1,6}$/.test(v), { error: t.stock })
    .transform(Number),
});

export const NoticeBody = z.object({
  id: z.coerce.number().int().positive().optional(),
  title: text(100, t.noticeTitle),
  body: text(5000, t.noticeBody),
  pinned: z.preprocess((v) => v === true || v === "on" || v === "1" || v === "true", z.boolean()),
});

/** The shop's points: on or off, 0–20 % earned at 구매확정, used in units of 1–10,000 won. */
export const PointTermsBody = z.object({
  point: z.preprocess((v) => v === true || v === "on" || v === "1" || v === "true", z.boolean()),
  point_rate: z.coerce
    .number({ error: t.pointRate })
    .min(0, { error: t.pointRate })
    .max(20, { error: t.pointRate })
    .refine((v) => Number.isInteger(v * 10), { error: t.pointRate }),
  point_unit: z.coerce
    .number({ error: t.pointUnit })
    .int({ error: t.pointUnit })
    .min(1, { error: t.pointUnit })
    .max(10_000, { error: t.pointUnit }),
});

export const NoticeDeleteBody = z.object({ id: z.coerce.number().int().positive() });

/**
 * A product's pictures from the console: add one (the page stored the upload first, under
 * `uploads/{shop id}/{product id}/`), remove one, or make one the main picture. The key is a
 * storage key, never a URL.
 */
export const PhotoChangeBody = z.object({
  intent: z.enum(["add", "remove", "main"]),
  product_id: z.coerce.number().int().positive(),
  image: z
    .string()
    .max(200)
    .regex(/^[\w./-]+$/)
    .refine((v) => !v.includes("..")),
});
export type PhotoChangeBody = z.infer<typeof PhotoChangeBody>;

/** An optional tag id: blank clears it; otherwise it must match its provider's pattern. */
const tagId = (pattern: RegExp, error: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ?? "").replace(/\s/g, "").toUpperCase())
    .refine((v) => v === "" || pattern.test(v), { error })
    .transform((v) => (v === "" ? null : v));

/** The shop's ad and analytics tags (issue 14): Meta pixels and Google tags, each optional. */
export const TrackingIdsBody = z.object({
  facebook_pixel: tagId(PIXEL_PATTERN, t.pixel),
  facebook_moco_pixel: tagId(PIXEL_PATTERN, t.pixel),
  g_tagid: tagId(GTAG_PATTERN, t.gtag),
  agency_g_tagid: tagId(GTAG_PATTERN, t.gtag),
  agency_gtag_id: tagId(GTAG_PATTERN, t.gtag),
});
export type TrackingIdsBody = z.output<typeof TrackingIdsBody>;
