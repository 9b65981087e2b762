import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { COURIERS } from "~/shared/couriers";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { transitionOf, type OrderAction } from "~/shared/order-machine";
import * as cartCss from "~/components/cart/cart.css";
import type { OrderActionResult } from "~/lib/order-actions.server";
import { SALE_CANCEL_REASONS } from "~/shared/sale-cancel";
import { Field } from "../ui/Field";
import * as css from "./order.css";

const t = koLifecycle;

/** The owner's actions that take goods back, with a quantity per line (decision 104). */
const TAKES_BACK: readonly OrderAction[] = ["accept_refund", "refund_after_done"];

/**
 * One plain form per action the state machine allows now, each with what it needs (a reason, a
 * courier and tracking number, a refund account). Where money or stock moves, the first press
 * asks again on the page itself, so it works the same without JavaScript.
 */
export function ActionForms({
  orderId,
  actions,
  result,
  side,
  lines = [],
  online = false,
}: {
  orderId: number;
  actions: OrderAction[];
  result: OrderActionResult | undefined;
  side: "buyer" | "owner";
  /** The order's lines, in order: a return (반품) asks how many of each come back. */
  lines?: readonly { name: string; opt_name: string; qty: number }[];
  /** Toss holds money of the order: a cancel or refund gives it back in the same press. */
  online?: boolean;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === "submitting";
  if (actions.length === 0) return null;
  const back = new URLSearchParams(location.search);
  back.delete("done");
  return (
    <section className={cartCss.section} aria-labelledby="order-actions">
      <h2 id="order-actions" className={cartCss.sectionTitle}>
        {t.view.actionsTitle}
      </h2>
      <div className={cartCss.fields}>
        {actions.map((action) => {
          const mine = result?.action === action ? result : undefined;
          const values = mine?.values ?? {};
          const errors = mine?.errors ?? {};
          const needs = transitionOf(action).needs;
          const asking = mine?.confirm === action;
          // A buyer's request with a reason (취소·반품·교환 요청) stays folded under its name until
          // pressed: a delivered order opened three empty boxes at once (issue 40). Native
          // <details>, so it opens without scripts; open again when the post came back to it.
          const folded = side === "buyer" && needs.includes("reason");
          const fields = (
            <>
              {mine?.error && !Object.keys(errors).length ? (
                <div className={cartCss.notice} role="alert">
                  {mine.error}
                </div>
              ) : null}
              {side === "owner" && action === "seller_cancel" ? (
                // 판매취소: a reason from the short list the buyer reads, and words of the owner's
                // own (required for 기타, checked by the schema, decision 126).
                <>
                  <Field label={t.saleCancel.reason} error={errors.sale_reason}>
                    <select className={cartCss.input} name="sale_reason" defaultValue={values.sale_reason ?? ""}>
                      <option value="">{t.saleCancel.chooseReason}</option>
                      {SALE_CANCEL_REASONS.map((r) => (
                        <option key={r} value={r}>
                          {t.saleCancel.reasons[r]}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <Field label={t.saleCancel.detail} error={errors.note}>
                    <textarea className={css.textarea} name="note" defaultValue={values.note} maxLength={500} />
                  </Field>
                </>
              ) : needs.includes("reason") || needs.includes("note") ? (
                <Field label={side === "buyer" ? t.view.reason : t.view.note} error={errors.reason ?? errors.note}>
                  <textarea
                    className={css.textarea}
                    name={side === "buyer" ? "reason" : "note"}
                    defaultValue={values.reason ?? values.note}
                    maxLength={500}
                    required
                    placeholder={side === "buyer" ? t.view.reasonPlaceholder : undefined}
                  />
                </Field>
              ) : null}
              {needs.includes("shipment") ? (
                <div className={cartCss.fieldRow}>
                  <Field label={t.view.courier} error={errors.courier}>
                    <select className={cartCss.input} name="courier" defaultValue={values.courier ?? ""} required>
                      <option value="">{t.view.chooseCourier}</option>
                      {COURIERS.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <Field label={t.view.trackingNo} error={errors.tracking_no}>
                    <input
                      className={cartCss.input}
                      name="tracking_no"
                      defaultValue={values.tracking_no}
                      inputMode="numeric"
                      maxLength={30}
                      required
                    />
                  </Field>
                </div>
              ) : null}
              {needs.includes("refund_account") ? (
                <>
                  <div className={cartCss.fieldRow}>
                    <Field label={t.view.refundBank} error={errors.refund_bank}>
                      <input
                        className={cartCss.input}
                        name="refund_bank"
                        defaultValue={values.refund_bank}
                        maxLength={20}
                        required
                      />
                    </Field>
                    <Field label={t.view.refundHolder} error={errors.refund_holder}>
                      <input
                        className={cartCss.input}
                        name="refund_holder"
                        defaultValue={values.refund_holder}
                        maxLength={30}
                        required
                      />
                    </Field>
                  </div>
                  <Field label={t.view.refundAccountNo} error={errors.refund_account}>
                    <input
                      className={cartCss.input}
                      name="refund_account"
                      defaultValue={values.refund_account}
                      inputMode="numeric"
                      maxLength={30}
                      required
                    />
                  </Field>
                </>
              ) : null}
              {side === "owner" && TAKES_BACK.includes(action) && lines.length > 0 ? (
                <fieldset className={css.returnLines}>
                  <legend>{t.returns.title}</legend>
                  <p className={cartCss.muted}>{t.returns.hint}</p>
                  {lines.map((line, i) => {
                    const name = line.opt_name ? `${line.name} (${line.opt_name})` : line.name;
                    const kept = values.return_qty?.split(",")[i];
                    return (
                      <Field key={i} label={t.returns.qty(name)} error={i === 0 ? errors.return_qty : undefined}>
                        <input
                          className={cartCss.input}
                          name="return_qty"
                          type="number"
                          inputMode="numeric"
                          min={0}
                          max={line.qty}
                          defaultValue={kept ?? String(line.qty)}
                          required
                        />
                      </Field>
                    );
                  })}
                </fieldset>
              ) : null}
              {asking ? (
                <div className={css.confirmBox} role="alertdialog" aria-label={t.actions[action]}>
                  <p className={css.flush}>{(online ? t.confirmsOnline[action] : undefined) ?? t.confirms[action]}</p>
                  <div className={css.buttons}>
                    <button type="submit" name="confirm" value="1" className={cartCss.primary} disabled={busy}>
                      {t.view.confirmYes}
                    </button>
                    <Link className={cartCss.secondary} to={`?${back}`} replace>
                      {t.view.confirmNo}
                    </Link>
                  </div>
                </div>
              ) : (
                <button type="submit" className={cartCss.secondary} disabled={busy}>
                  {t.actions[action]}
                </button>
              )}
            </>
          );
          return (
            <Form key={action} method="post" className={css.actionForm} aria-label={t.actions[action]} noValidate>
              <input type="hidden" name="id" value={orderId} />
              <input type="hidden" name="action" value={action} />
              {folded ? (
                <details className={css.fold} open={mine ? true : undefined}>
                  <summary className={css.foldToggle}>{t.actions[action]}</summary>
                  <div className={css.foldBody}>{fields}</div>
                </details>
              ) : (
                fields
              )}
            </Form>
          );
        })}
      </div>
    </section>
  );
}
