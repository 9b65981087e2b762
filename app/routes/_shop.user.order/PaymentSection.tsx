import * as css from "~/components/cart/cart.css";
import type { OrderView } from "~/shared/contracts/cart";
import { formatDeadline } from "~/shared/format";
import { PAY_CHOICES, type PayChoice } from "~/shared/limits";
import { koOrder } from "~/shared/messages/cart";
import { koCheckout } from "~/shared/messages/checkout";
import { koEscrow } from "~/shared/messages/escrow";
import { escrowBankNote, escrowOffered } from "~/shared/escrow";
import type { ShopInfo } from "~/shared/contracts/shop";
import { visuallyHidden } from "../../../styles/a11y.css";
import { Field, type FieldOf } from "./Field";
import { PointsField } from "./PointsField";
import * as page from "./page.css";

/**
 * 결제 수단: the points (a member of a shop that runs them), the methods this shop can take now,
 * and a transfer's depositor, a guest's e-mail and the deposit deadline.
 */
export function PaymentSection({
  order,
  preferred,
  pointBalance,
  pointUnit,
  points,
  guest,
  field,
  hydrated,
  chosen,
  onChoose,
  shop,
  escrow,
}: {
  order: Pick<OrderView, "methods" | "deposit_deadline">;
  preferred: PayChoice;
  /** Scripts run: only then can Toss's window open, so its choices are live only then. */
  hydrated: boolean;
  chosen: PayChoice;
  onChoose: (choice: PayChoice) => void;
  shop: Pick<ShopInfo, "escrow">;
  escrow: boolean;
  pointBalance: number | null;
  pointUnit: number;
  points: { value?: string; error?: string; autoFocus: boolean; onPoints: (typed: string) => void };
  guest: boolean;
  field: FieldOf;
}) {
  const available = new Map(order.methods.map((m) => [m.method, m.available]));
  return (
    <section className={css.section} aria-labelledby="payment">
      <h2 id="payment" className={css.sectionTitle}>
        {koOrder.payment}
      </h2>
      {pointBalance ? <PointsField {...points} balance={pointBalance} unit={pointUnit} /> : null}
      <fieldset className={css.methods}>
        <legend className={visuallyHidden}>{koOrder.payment}</legend>
        {/* Only what this shop can take now (issue 11): a method without a provider is not offered. */}
        {PAY_CHOICES.filter((m) => available.get(m) === true).map((m) => (
          <label key={m} className={css.method}>
            <input
              type="radio"
              name="pay_method"
              value={m}
              defaultChecked={m === preferred}
              // Toss's window needs scripts: without them only a transfer can be chosen.
              disabled={m !== "bank" && !hydrated}
              onChange={() => onChoose(m)}
              required
            />
            <span>{koCheckout.choices[m]}</span>
          </label>
        ))}
        {order.methods.some((m) => m.available) ? null : <p className={css.fieldError}>{koOrder.noPayment}</p>}
        {/* What scripts change, in the shop's truth: a transfer still works only where it is taken. */}
        {order.methods.some((m) => m.method !== "bank" && m.available) && !hydrated ? (
          <p className={available.get("bank") ? css.muted : css.fieldError} data-testid="needs-scripts">
            {available.get("bank") ? koCheckout.needsScripts : koCheckout.needsScriptsOnly}
          </p>
        ) : null}
      </fieldset>
      {escrowOffered(shop, chosen) ? (
        <div className={css.fields}>
          <label className={css.method}>
            <input type="checkbox" name="escrow" defaultChecked={escrow} data-testid="escrow" />
            <span>{koEscrow.use}</span>
          </label>
          <p className={css.muted}>{koEscrow.explain}</p>
        </div>
      ) : null}
      {escrowBankNote(shop, chosen) && order.methods.some((m) => m.method === "vbank" && m.available) ? (
        <p className={css.muted} data-testid="escrow-bank-note">
          {koEscrow.bankNote}
        </p>
      ) : null}
      {/* A guest's address for the order's mail, whatever pays: a card's receipt, or word of a
          payment given back (decision 142), reaches a guest only here. */}
      {guest ? <Field {...field("email")} label={koOrder.email} type="email" autoComplete="email" /> : null}
      {available.get("bank") && chosen === "bank" ? (
        <div className={`${css.fields} ${page.bankFields}`}>
          <Field {...field("depositor")} label={koOrder.depositor} />
          {order.deposit_deadline ? (
            <p className={css.muted} data-testid="deposit-deadline">
              {koOrder.depositBy(formatDeadline(order.deposit_deadline))}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
