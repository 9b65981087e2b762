import type { ReactNode } from "react";
import * as cartCss from "../cart/cart.css";

/** A labelled form control with its hint and the server's message for it (order actions, console). */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: ReactNode;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <label className={cartCss.label}>
      <span>{label}</span>
      {children}
      {hint ? <span className={cartCss.mutedPlain}>{hint}</span> : null}
      {error ? <span className={cartCss.fieldError}>{error}</span> : null}
    </label>
  );
}
