import type { OrderView } from "~/shared/contracts/cart";
import { formatDeadline, formatKRW } from "~/shared/format";
import { koCheckout } from "~/shared/messages/checkout";
import * as css from "../cart/cart.css";

const r = koCheckout.receipt;

/** Toss's ISO time (with its offset) as the pages show times; as given when unreadable. */
const when = (iso: string | null) => {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(ms) ? formatDeadline(ms) : (iso ?? "");
};

/**
 * 결제 정보 of a payment Toss confirmed (decision 102): the method (card company, masked number and
 * instalments; or the wallet), when it was approved, Toss's receipt, escrow, what was cancelled
 * and what is left; a test payment says so. The owner's console also sees Toss's last refusal.
 * A virtual account's number and deadline are the transfer box's (BankTransferInfo).
 */
export function PaymentReceipt({ order, forOwner = false }: { order: OrderView; forOwner?: boolean }) {
  const p = order.online;
  if (!p) return null;
  const card = [p.card_company, p.card_number].filter(Boolean).join(" ");
  return (
    <div className={css.bankBox} data-testid="payment-receipt">
      {p.test ? (
        <p data-testid="test-payment">
          <strong>{koCheckout.testMode}</strong> · {koCheckout.testModeNote}
        </p>
      ) : null}
      <dl className={css.dl}>
        <dt>{r.method}</dt>
        <dd data-testid="receipt-method">{koCheckout.choices[p.choice]}</dd>
        {card ? (
          <>
            <dt>{r.card}</dt>
            <dd data-testid="receipt-card">
              {card}
              {p.installment_months !== null ? ` · ${r.installment(p.installment_months)}` : null}
            </dd>
          </>
        ) : null}
        {p.approved_at ? (
          <>
            <dt>{r.approvedAt}</dt>
            <dd>{when(p.approved_at)}</dd>
          </>
        ) : p.status === "WAITING_FOR_DEPOSIT" ? (
          <>
            <dt>{r.approvedAt}</dt>
            <dd>{r.waiting}</dd>
          </>
        ) : null}
      </dl>
      {p.escrow ? <p>{r.escrow}</p> : null}
      {p.cancels.length > 0 ? (
        <div data-testid="receipt-cancels">
          <p>{r.cancels}</p>
          <ul>
            {p.cancels.map((c) => (
              <li key={`${c.canceled_at}-${c.amount}`}>
                {when(c.canceled_at)} · {r.canceled(formatKRW(c.amount))} · {c.reason}
              </li>
            ))}
          </ul>
          {p.balance !== null ? <p>{r.balance(formatKRW(p.balance))}</p> : null}
        </div>
      ) : null}
      {forOwner && p.failure ? <p className={css.muted}>{r.failure(p.failure.message || p.failure.code)}</p> : null}
      {p.receipt_url ? (
        <p>
          <a href={p.receipt_url} target="_blank" rel="noopener noreferrer" data-testid="receipt-link">
            {r.receiptLink}
          </a>
        </p>
      ) : null}
    </div>
  );
}
