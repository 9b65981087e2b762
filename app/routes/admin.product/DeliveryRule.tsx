import * as formCss from "~/components/admin/product-form.css";
import * as cartCss from "~/components/cart/cart.css";
import { Field } from "~/components/ui/Field";
import { useRootData } from "~/lib/root-data";
import { formatKRW } from "~/shared/format";
import { koDelivery } from "~/shared/messages/delivery";
import { DELIVERY_RULES } from "~/shared/money";
import type { ProductDraft } from "./draft";

const t = koDelivery;

/**
 * The product's delivery rule (decision 110): three radios, and the fixed fee with its 수량별
 * step. The fee fields stay in the form whatever is chosen (no script needed to show them); the
 * server keeps them only for a fixed rule.
 */
export function DeliveryRule({ draft, errors }: { draft: ProductDraft; errors: Record<string, string> }) {
  const { shop } = useRootData();
  const hint = (rule: (typeof DELIVERY_RULES)[number]) =>
    rule === "shop"
      ? t.hints.shop(formatKRW(shop.delivery_fee), formatKRW(shop.free_delivery_threshold))
      : t.hints[rule];
  return (
    <fieldset className={formCss.fieldset} aria-describedby="delivery-remote">
      <legend className={cartCss.label}>{t.legend}</legend>
      {DELIVERY_RULES.map((rule) => (
        <label key={rule} className={cartCss.checkRow}>
          <input type="radio" name="delivery_rule" value={rule} defaultChecked={draft.delivery_rule === rule} />
          <span>
            {t.rules[rule]}
            <span className={cartCss.mutedPlain}> — {hint(rule)}</span>
          </span>
        </label>
      ))}
      {errors.delivery_rule ? <span className={cartCss.fieldError}>{errors.delivery_rule}</span> : null}
      <Field label={t.fee} error={errors.delivery_fee}>
        <input
          className={cartCss.input}
          name="delivery_fee"
          inputMode="numeric"
          defaultValue={draft.delivery_fee}
          maxLength={12}
          aria-invalid={errors.delivery_fee ? true : undefined}
        />
      </Field>
      <Field label={t.perQty} hint={t.perQtyHint} error={errors.delivery_per_qty}>
        <input
          className={cartCss.input}
          name="delivery_per_qty"
          inputMode="numeric"
          defaultValue={draft.delivery_per_qty}
          maxLength={5}
          aria-invalid={errors.delivery_per_qty ? true : undefined}
        />
      </Field>
      <p id="delivery-remote" className={cartCss.mutedPlain}>
        {t.remoteHint}
      </p>
    </fieldset>
  );
}
