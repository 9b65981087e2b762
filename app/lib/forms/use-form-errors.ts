import { useEffect, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { fieldErrors, type FieldErrors } from "~/shared/forms/errors";

/**
 * Checks a form with its schema before it is sent (when scripts run), so mistakes show at once;
 * the action checks again with the same schema. Server errors show until the next attempt.
 */
export function useFormErrors(schema: z.ZodType, serverErrors: FieldErrors | undefined, result?: unknown) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // A refused submission never keeps a password: the server page has none, nor does this one.
  useEffect(() => {
    if (!result) return;
    form.current?.querySelectorAll<HTMLInputElement>('input[type="password"]').forEach((i) => (i.value = ""));
  }, [result]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const result = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (result.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const errors = fieldErrors(result.error);
    setClientErrors(errors);
    const first = Object.keys(errors)[0];
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };
  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit, form };
}
