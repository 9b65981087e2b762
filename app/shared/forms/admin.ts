/**
 * The owner console's forms (stock, notices): one schema each for the API contract and the page's
 * action, Korean messages field by field.
 */
import * as z from "zod";
import { koAdmin } from "../messages/admin";
import { charCount } from "./text";

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

export const NoticeDeleteBody = z.object({ id: z.coerce.number().int().positive() });
