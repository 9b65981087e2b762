import type { InputHTMLAttributes, ReactNode } from "react";
import * as css from "./account.css";

/** A labelled input with its Korean error right under it, tied together for screen readers. */
export function Field({
  name,
  label,
  error,
  hint,
  ...input
}: { name: string; label: string; error?: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = `field-${name}`;
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
