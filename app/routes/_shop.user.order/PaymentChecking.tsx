import { Form, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import * as css from "~/components/cart/cart.css";
import { koCheckout } from "~/shared/messages/checkout";
import { PAYMENT_CHECK_EVERY_MS } from "~/shared/limits";

/**
 * A payment of this sheet is being confirmed and Toss's answer is not known yet (decision 142):
 * no payment form, so no second window can open. With scripts the page asks again by itself
 * (each answer re-arms the timer); without, a plain GET of the same sheet asks again. Once the
 * payment is recorded the loader goes on to the completion page.
 */
export function PaymentChecking({ orderId, asked, hydrated }: { orderId: number; asked: unknown; hydrated: boolean }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setTimeout(() => revalidator.revalidate(), PAYMENT_CHECK_EVERY_MS);
    return () => clearTimeout(timer);
    // Re-armed by every new answer of the loader (`asked`), not by the revalidator's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);
  return (
    <div className={css.infoNotice} role="status" data-testid="payment-checking">
      <h2 className={css.sectionTitle}>{koCheckout.checking.title}</h2>
      <p>{koCheckout.checking.body}</p>
      {hydrated ? <p className={css.muted}>{koCheckout.checking.auto}</p> : null}
      <Form method="get" className={css.noticeLinks}>
        <input type="hidden" name="id" value={orderId} />
        <input type="hidden" name="check" value="1" />
        <button type="submit" className={css.secondary}>
          {koCheckout.checking.again}
        </button>
      </Form>
    </div>
  );
}
