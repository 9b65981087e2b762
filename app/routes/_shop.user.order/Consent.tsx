import * as css from "~/components/cart/cart.css";
import type { OrderSheetValues } from "./page.server";

/** A consent (required, or the optional 알림톡 one): a check box with its message from the action, gone once it is ticked. */
export function Consent({
  name,
  label,
  values,
  error,
  autoFocus,
  onValid,
}: {
  name: "agree_order" | "agree_third_party" | "agree_notify";
  label: string;
  values: OrderSheetValues;
  error?: string;
  autoFocus?: boolean;
  onValid?: (name: "agree_order" | "agree_third_party" | "agree_notify") => void;
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
