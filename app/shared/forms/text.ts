/**
 * Text as people type it, for form schemas and API contracts alike: trimmed and NFC-normalised
 * (a Mac sends decomposed Hangul, a PC composed; both are the same name), with lengths counted in
 * characters (an emoji is one), not UTF-16 units.
 */
import * as z from "zod";

/** The length of a text in characters (code points). */
export const charCount = (text: string) => [...text].length;

/** Trimmed, NFC text of at most `max` characters (missing becomes ""). */
export function typedText(max: number, tooLong?: string) {
  return z
    .string()
    .trim()
    .normalize("NFC")
    .refine((v) => charCount(v) <= max, tooLong ? { error: tooLong } : undefined);
}
