import { Link } from "@remix-run/react";
import type { CartItem } from "~/shared/contracts/cart";
import { allowedQtyKey, field, intentValue, lineKey, normaliseQty, stepQty } from "~/shared/cart-form";
import { MAX_LINE_QTY } from "~/shared/limits";
import * as css from "./cart.css";
import { koCart } from "~/shared/messages/cart";
import { LinePrice, LineThumb } from "./Sums";
import { IntentButton } from "./CartButtons";

/**
 * One cart line: picture, name, option, price, a quantity stepper and delete. Every button is a
 * submit button of the cart form (without scripts it posts); with scripts each calls its handler.
 */
export function CartRow({
  item,
  storageUrl,
  qty,
  hydrated,
  bubble,
  picked,
  onPick,
  onQty,
  onInvalidKey,
  onRemove,
}: {
  item: CartItem;
  storageUrl: string;
  qty: string;
  hydrated: boolean;
  bubble: boolean;
  /** Checked for 선택 주문 / 선택 삭제. */
  picked: boolean;
  onPick: (on: boolean) => void;
  onQty: (value: string) => void;
  onInvalidKey: () => void;
  onRemove: () => void;
}) {
  const key = lineKey(item);
  const n = normaliseQty(qty);
  // Stock errors follow the quantity on screen; a discontinued product stays one.
  const error = item.error === "sold_out" ? "sold_out" : n > item.available_qty ? "qty" : null;
  const errorId = `err-${key}`;
  return (
    <li className={`${css.row} ${css.pickRow}`} data-testid="cart-row" data-line={key}>
      <input
        type="checkbox"
        className={css.pick}
        name={field.pick}
        value={key}
        checked={picked}
        onChange={(e) => onPick(e.target.checked)}
        aria-label={koCart.pickLine(item.name)}
      />
      <LineThumb image={item.image} storageUrl={storageUrl} />
      <div className={css.info}>
        <Link className={css.name} to={`/shop/view/${encodeURIComponent(item.sid)}`}>
          {item.name}
        </Link>
        {!item.default_option && item.opt_name ? (
          <p className={css.option}>
            {koCart.option}: {item.opt_name}
          </p>
        ) : null}
        {item.requires.length > 0 ? (
          <p className={css.requires} data-testid="line-requires">
            {item.requires.map((r) => (
              <span key={r} className={css.requireTag}>
                {koCart.requires[r]}
              </span>
            ))}
          </p>
        ) : null}
        <LinePrice price={item.price} qty={n} listPrice={item.list_price} />
        {error ? (
          <p className={css.itemError} id={errorId} role="alert">
            {error === "qty" ? koCart.errorQty(item.available_qty) : koCart.errorSoldOut}
          </p>
        ) : null}
      </div>
      <div className={css.controls}>
        <div className={css.stepper} role="group" aria-label={`${item.name} ${koCart.quantity}`}>
          <IntentButton
            intent={intentValue.dec(key)}
            className={css.stepButton}
            aria-label={koCart.decrease}
            disabled={n <= 1}
            onPress={() => onQty(String(stepQty(n, "dec")))}
          >
            −
          </IntentButton>
          <input type="hidden" name={field.line} value={key} />
          <input
            className={css.qtyInput}
            name={field.qty(key)}
            aria-label={koCart.quantity}
            aria-describedby={error ? errorId : undefined}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            maxLength={3}
            value={qty}
            onKeyDown={(e) => {
              if (!allowedQtyKey(e)) {
                e.preventDefault();
                onInvalidKey();
              } else if (e.key === "Enter") {
                // With scripts, Enter settles the quantity instead of posting the form.
                e.preventDefault();
                onQty(String(normaliseQty(qty)));
              }
            }}
            onChange={(e) => onQty(e.target.value.replace(/\D/g, ""))}
            onBlur={() => onQty(String(normaliseQty(qty)))}
          />
          <IntentButton
            intent={intentValue.inc(key)}
            className={css.stepButton}
            aria-label={koCart.increase}
            disabled={n >= MAX_LINE_QTY}
            onPress={() => onQty(String(stepQty(n, "inc")))}
          >
            +
          </IntentButton>
          {bubble ? (
            <span className={css.bubble} role="alert">
              {koCart.digitsOnly}
            </span>
          ) : null}
        </div>
        <div className={css.rowActions}>
          {hydrated ? null : (
            // Without scripts a typed quantity is saved with this (or Enter).
            <button type="submit" name={field.intent} value={intentValue.save} className={css.smallButton}>
              {koCart.apply}
            </button>
          )}
          <IntentButton
            intent={intentValue.delete(key)}
            className={css.smallButton}
            aria-label={koCart.removeItem(item.name)}
            onPress={onRemove}
          >
            {koCart.remove}
          </IntentButton>
        </div>
      </div>
    </li>
  );
}
