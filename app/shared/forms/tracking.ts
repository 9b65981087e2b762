/**
 * The tracking upload at /admin/tracking-upload (issue 36 item 5, decision 109): the file's caps,
 * and one schema for a row, which the API applies row by row so a bad row is reported by its line
 * and the good ones still ship.
 */
import * as z from "zod";
import { COURIERS, normaliseTrackingNo, TRACKING_NO, type CourierId } from "../couriers";
import { koDaily } from "../messages/daily";
import { MAX_TRACKING_FILE_KB, MAX_TRACKING_ROWS } from "../daily-limits";

const t = koDaily.tracking.errors;

/** A courier as written in the file: its name (CJ대한통운) or code (cj), case and spaces aside. */
export function courierFrom(value: string): CourierId | null {
  const v = value.replace(/\s+/g, "").toLowerCase();
  const c = COURIERS.find((c) => c.id === v || c.name.replace(/\s+/g, "").toLowerCase() === v);
  return c?.id ?? null;
}

/** One row as read from the file, before it is checked (what the page sends the API). */
export const TrackingRowIn = z.object({
  line: z.number().int().min(1).max(1_000_000),
  order_id: z.string().max(40),
  courier: z.string().max(40),
  tracking_no: z.string().max(40),
});
export type TrackingRowIn = z.infer<typeof TrackingRowIn>;

export const TrackingUploadBody = z.object({
  rows: z.array(TrackingRowIn).min(1).max(MAX_TRACKING_ROWS),
});
export type TrackingUploadBody = z.infer<typeof TrackingUploadBody>;

/** A row that may ship: an order number, a known courier, a tracking number of 8 to 20 digits. */
export const TrackingRow = z.object({
  line: z.number().int(),
  order_id: z
    .string()
    .trim()
    .regex(/^\d{1,16}$/, t.orderId)
    .transform(Number),
  courier: z
    .string()
    .transform((v, ctx) => courierFrom(v) ?? (ctx.addIssue({ code: "custom", message: t.courier }), z.NEVER)),
  tracking_no: z
    .string()
    .transform(normaliseTrackingNo)
    .refine((v) => TRACKING_NO.test(v), t.trackingNo),
});
export type TrackingRow = z.infer<typeof TrackingRow>;

/** The uploaded file: present, a CSV by name or type, within the size cap. */
export const TrackingFile = z.object({
  file: z
    .custom<File>((v) => typeof File !== "undefined" && v instanceof File && v.size > 0, t.fileMissing)
    .refine((f) => /\.csv$/i.test(f.name) || /^text\/(csv|plain)$/.test(f.type), t.fileType)
    .refine((f) => f.size <= MAX_TRACKING_FILE_KB * 1024, t.fileSize(String(MAX_TRACKING_FILE_KB))),
});
