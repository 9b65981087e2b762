import { useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import * as css from "./account.css";

/**
 * A labelled input with its Korean error right under it, tied together for screen readers. With
 * `valid` (the rule the server refuses with, zod-free; the form for a field checked against
 * another), the error goes as soon as the value meets it (issue 40), and may come back with the
 * next post.
 */
export function Field({
  name,
  label,
  error: sent,
  hint,
  valid,
  ...input
}: {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  valid?: (value: string, form: HTMLFormElement | null) => boolean;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = `field-${name}`;
  const ref = useRef<HTMLInputElement>(null);
  const [fixed, setFixed] = useState(false);
  // A new post may be refused again for the same words: the field counts as unfixed from then.
  useEffect(() => {
    const form = ref.current?.form;
    if (!form || !fixed) return;
    const reset = () => setFixed(false);
    form.addEventListener("submit", reset);
    return () => form.removeEventListener("submit", reset);
  }, [fixed]);
  const error = fixed ? undefined : sent;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        className={css.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
        ref={ref}
        onInput={(e) => {
          input.onInput?.(e);
          if (valid) setFixed(valid(e.currentTarget.value, e.currentTarget.form));
        }}
      />
      {hint ? (
        <span id={`${id}-hint`} className={css.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={css.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Checkbox({
  name,
  label,
  error,
  defaultChecked,
}: {
  name: string;
  label: ReactNode;
  error?: string;
  defaultChecked?: boolean;
}) {
  const id = `field-${name}`;
  return (
    <div className={css.field}>
      <label className={css.check} htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>{label}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className={css.fieldError} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormMessage({ kind, children }: { kind: "error" | "notice"; children: ReactNode }) {
  return kind === "error" ? (
    <p className={css.formError} role="alert">
      {children}
    </p>
  ) : (
    <p className={css.notice} role="status">
      {children}
    </p>
  );
}
