import * as css from "~/components/cart/cart.css";
import type { OrderSheetValues } from "./page.server";

/** A required consent: a check box with its message from the action, gone once it is ticked. */
export function Consent({
  name,
  label,
  values,
  error,
  autoFocus,
  onValid,
}: {
  name: "agree_order" | "agree_third_party";
  label: string;
  values: OrderSheetValues;
  error?: string;
  autoFocus?: boolean;
  onValid?: (name: "agree_order" | "agree_third_party") => void;
}) {
  return (
    <label className={css.check}>
      <input
        type="checkbox"
        name={name}
        defaultChecked={values[name] === "on"}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        onChange={(e) => {
          if (e.currentTarget.checked) onValid?.(name);
        }}
      />
      <span>{label}</span>
      {error ? (
        <span id={`${name}-error`} className={css.fieldError}>
          {error}
        </span>
      ) : null}
    </label>
  );
}
