import * as css from "~/components/cart/cart.css";
import { formatKRW } from "~/shared/format";
import { koOrder } from "~/shared/messages/cart";
import * as page from "./page.css";

/**
 * 적립금 사용: the points to use, with the balance and the shop's unit. The totals and the pay
 * button follow what is typed (`onPoints`, with scripts); 적용 posts the sheet to recalculate it
 * with every other value kept (without scripts, the only way to see the amount before paying).
 */
export function PointsField({
  value,
  error,
  balance,
  unit,
  autoFocus,
  onPoints,
}: {
  value?: string;
  error?: string;
  balance: number;
  unit: number;
  autoFocus: boolean;
  onPoints: (typed: string) => void;
}) {
  return (
    <div className={`${css.label} ${page.pointsField}`}>
      <label htmlFor="points">{koOrder.points.label}</label>
      <div className={page.pointsRow}>
        <input
          id="points"
          className={`${css.input} ${page.pointsInput}`}
          name="points"
          inputMode="numeric"
          pattern="[0-9,]*"
          maxLength={11}
          defaultValue={value}
          placeholder="0"
          aria-describedby={error ? "points-hint points-error" : "points-hint"}
          aria-invalid={error ? true : undefined}
          autoFocus={autoFocus}
          onInput={(e) => onPoints(e.currentTarget.value)}
        />
        <button type="submit" name="intent" value="points" formNoValidate className={css.smallButton}>
          {koOrder.points.apply}
        </button>
      </div>
      <span id="points-hint" className={`${css.muted} ${page.hint}`}>
        {koOrder.points.balance(formatKRW(balance))} · {koOrder.points.unitHint(unit)}
      </span>
      {error ? (
        <span id="points-error" className={css.fieldError}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
