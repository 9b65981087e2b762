import * as css from "~/components/cart/cart.css";
import { meetsRule, ORDER_FIELDS, type OrderFieldName } from "~/shared/forms/order-fields";

/** What the page gives each field by its name: its value, message, focus and the message's reset. */
export type FieldOf = (name: OrderFieldName) => {
  name: OrderFieldName;
  value?: string;
  error?: string;
  autoFocus: boolean;
  onValid: (name: OrderFieldName) => void;
};

/**
 * One input of the sheet, its limits from ORDER_FIELDS and its message from the action. With
 * scripts, the message goes as soon as the value meets the field's rules (`onValid`): the rules
 * the schema refuses with (meetsRule, the phone rule included), not the browser's looser ones.
 */
export function Field({
  name,
  label,
  value,
  error,
  onValid,
  ...rest
}: {
  name: OrderFieldName;
  label: string;
  value?: string;
  error?: string;
  onValid?: (name: OrderFieldName) => void;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "value" | "required" | "max" | "pattern">) {
  const rule = ORDER_FIELDS[name];
  const errorId = `${name}-error`;
  return (
    <label className={css.label}>
      <span>{label}</span>
      <input
        className={css.input}
        name={name}
        defaultValue={value}
        required={rule.required}
        maxLength={rule.max}
        pattern={rule.pattern}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onInput={(e) => {
          if (error && meetsRule(name, e.currentTarget.value)) onValid?.(name);
        }}
        {...rest}
      />
      {error ? (
        <span id={errorId} className={css.fieldError}>
          {error}
        </span>
      ) : null}
    </label>
  );
}
