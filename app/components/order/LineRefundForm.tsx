import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { koLifecycle } from "~/shared/messages/lifecycle";
import * as cartCss from "~/components/cart/cart.css";
import type { OrderActionResult } from "~/lib/order-actions.server";
import * as css from "./order.css";

const t = koLifecycle;

/**
 * The owner's 환불완료 of one cancelled line whose money is owed still (decision 179), under that
 * line: sent by hand to the buyer's account (a transfer), or given back by Toss to it (a virtual
 * account). Without the buyer's account it says what it waits for. A plain form post with the
 * page's own confirm step, as the order's other actions.
 */
export function LineRefundForm({
  orderId,
  lineNo,
  name,
  allowed,
  online,
  result,
}: {
  orderId: number;
  /** The line's place in the order's line order. */
  lineNo: number;
  name: string;
  /** The machine allows it now (the buyer gave the account). */
  allowed: boolean;
  /** Toss gives the money back in the same press (a virtual account). */
  online: boolean;
  result: OrderActionResult | undefined;
}) {
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === "submitting";
  if (!allowed) {
    return (
      <p className={cartCss.muted} data-testid="line-refund-waiting">
        {t.saleCancel.lineWaitAccount}
      </p>
    );
  }
  const mine = result?.action === "line_refund_done" && result.values?.line === String(lineNo) ? result : undefined;
  const asking = mine?.confirm === "line_refund_done";
  const back = new URLSearchParams(location.search);
  back.delete("done");
  return (
    <Form method="post" className={css.lineCancel} aria-label={t.saleCancel.lineRefundForm(name)} noValidate>
      <input type="hidden" name="id" value={orderId} />
      <input type="hidden" name="action" value="line_refund_done" />
      <input type="hidden" name="line" value={lineNo} />
      {mine?.error ? (
        <div className={cartCss.notice} role="alert">
          {mine.error}
        </div>
      ) : null}
      {asking ? (
        <div className={css.confirmBox} role="alertdialog" aria-label={t.saleCancel.lineRefundForm(name)}>
          <p className={css.flush}>
            {(online ? t.confirmsOnline.line_refund_done : undefined) ?? t.confirms.line_refund_done}
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
          {t.actions.line_refund_done}
        </button>
      )}
    </Form>
  );
}
