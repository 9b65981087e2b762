import type { OrderView } from "~/shared/contracts/cart";
import { koLifecycle } from "~/shared/messages/lifecycle";
import * as cartCss from "~/components/cart/cart.css";
import * as css from "./order.css";
import { formatKRW } from "~/shared/format";

const t = koLifecycle.saleCancel;

/**
 * The shop's 판매취소 at the top of the order (decision 126): the buyer reads why at once (their
 * open page follows the order's live event) and what happens to the money: Toss gives it back to
 * the card or wallet, a transfer waits for the account the buyer gives in the form below; a card
 * refund Toss did not make yet is the owner's to ask again (환불완료).
 */
export function SaleCancelNotice({ order, side }: { order: OrderView; side: "buyer" | "owner" }) {
  if (order.cancel_reason !== "shop") return null;
  const sale = order.events.filter((e) => e.action === "seller_cancel").at(-1);
  if (!sale) return null;
  const card = order.online !== null && order.online.choice !== "vbank";
  const waiting = order.status === "REQ_BANK_REFUND" && order.paid_amount > 0;
  const money = !waiting
    ? null
    : card
      ? side === "owner"
        ? t.refundRetry
        : t.refundOnline
      : order.refund?.account
        ? t.waitRefund
        : side === "buyer"
          ? t.giveAccount
          : null;
  return (
    <section className={cartCss.notice} aria-label={t.title} data-testid="sale-cancel">
      <strong>{t.title}</strong>
      {sale.note ? <p className={css.claimReason}>{t.reasonLine(sale.note)}</p> : null}
      {money ? <p className={css.flush}>{money}</p> : null}
    </section>
  );
}

/**
 * Money owed to the buyer for lines the shop cancelled (decision 179), on the buyer's order page:
 * how much, and the account it waits for (the 환불계좌 입력 form below) or goes to.
 */
export function LineRefundNotice({ order }: { order: OrderView }) {
  const owed = order.refund?.owed ?? 0;
  if (owed <= 0) return null;
  return (
    <section className={cartCss.notice} aria-label={koLifecycle.view.refundOwed} data-testid="line-refund-owed">
      <strong>{t.lineOwed(formatKRW(owed))}</strong>
      <p className={css.flush}>{order.refund?.account ? t.waitRefund : t.lineGiveAccount}</p>
    </section>
  );
}
