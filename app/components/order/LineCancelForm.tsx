import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { koLifecycle } from "~/shared/messages/lifecycle";
import * as cartCss from "~/components/cart/cart.css";
import type { OrderActionResult } from "~/lib/order-actions.server";
import { SALE_CANCEL_REASONS } from "~/shared/sale-cancel";
import { Field } from "../ui/Field";
import * as css from "./order.css";

const t = koLifecycle;

/**
 * The owner's 판매취소 of one line (decision 176), under that line: folded under its button (a
 * native <details>, so it opens without scripts), a reason from the short list and the owner's
 * words, and the page's own confirm step, as the order's other actions. A plain form post.
 */
export function LineCancelForm({
  orderId,
  lineNo,
  name,
  result,
  online,
}: {
  orderId: number;
  /** The line's place in the order's line order. */
  lineNo: number;
  name: string;
  result: OrderActionResult | undefined;
  /** Toss gives the line's money back in the same press; else it is owed, sent later (decision 179). */
  online: boolean;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === "submitting";
  const mine = result?.action === "seller_cancel_line" && result.values?.line === String(lineNo) ? result : undefined;
  const values = mine?.values ?? {};
  const errors = mine?.errors ?? {};
  const asking = mine?.confirm === "seller_cancel_line";
  const back = new URLSearchParams(location.search);
  back.delete("done");
  return (
    <Form method="post" className={css.lineCancel} aria-label={t.saleCancel.lineForm(name)} noValidate>
      <input type="hidden" name="id" value={orderId} />
      <input type="hidden" name="action" value="seller_cancel_line" />
      <input type="hidden" name="line" value={lineNo} />
      <details className={css.fold} open={mine ? true : undefined}>
        <summary className={css.foldToggle}>{t.saleCancel.lineButton}</summary>
        <div className={css.foldBody}>
          {mine?.error && !Object.keys(errors).length ? (
            <div className={cartCss.notice} role="alert">
              {mine.error}
            </div>
          ) : null}
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
          {asking ? (
            <div className={css.confirmBox} role="alertdialog" aria-label={t.saleCancel.lineForm(name)}>
              <p className={css.flush}>
                {online ? t.confirmsOnline.seller_cancel_line : t.confirms.seller_cancel_line}
              </p>
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
              {t.actions.seller_cancel_line}
            </button>
          )}
        </div>
      </details>
    </Form>
  );
}
