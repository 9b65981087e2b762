/**
 * A refused form as the page shows it: one message per field, and what was typed. No zod at run
 * time (types only), so a page may import this without shipping zod to the browser.
 */
import type { z } from "zod";

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field, for showing next to it. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Form values to show again after an error: never a password, never a file. */
export function keptValues(form: FormData, fields: string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of fields) {
    const v = form.get(f);
    if (typeof v === "string") values[f] = v;
  }
  return values;
}
