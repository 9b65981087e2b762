import { formatKRW } from "~/shared/format";
import { untilFreeDelivery } from "~/shared/money";
import * as css from "./cart.css";
import { koCart } from "~/shared/messages/cart";

/** One shop group's sums: the cart's (with its total and the free-delivery hint) and the order's. */
export function GroupSums({
  sub,
  fee,
  freeFrom,
  total = false,
  busy = false,
  hintOnly = false,
}: {
  sub: number;
  fee: number;
  /** The shop's free-delivery threshold, shown while a fee is charged. */
  freeFrom?: number;
  total?: boolean;
  /** Sums wait for the server's fee check. */
  busy?: boolean;
  /** Only the free-delivery hint: the grand totals below say the rest (a cart of one shop). */
  hintOnly?: boolean;
}) {
  // The fee shown is the server's (the cart's fee check); only the hint is worked out here.
  const freeIn = fee > 0 && freeFrom !== undefined ? untilFreeDelivery(sub, fee, freeFrom) : null;
  if (hintOnly) {
    return freeIn !== null ? (
      <p className={css.freeHint} data-testid="free-in">
        {koCart.freeIn(formatKRW(freeIn))}
      </p>
    ) : null;
  }
  return (
    <dl className={busy ? `${css.sums} ${css.busy}` : css.sums} aria-busy={busy || undefined}>
      <div className={css.sumRow}>
        <dt>{koCart.subTotal}</dt>
        <dd>{formatKRW(sub)}</dd>
      </div>
      <div className={css.sumRow}>
        <dt>{koCart.deliveryFee}</dt>
        <dd data-testid="group-fee">{fee === 0 ? koCart.freeDelivery : formatKRW(fee)}</dd>
      </div>
      {total ? (
        <div className={css.sumTotal}>
          <dt>{koCart.groupTotal}</dt>
          <dd data-testid="group-total">{formatKRW(sub + fee)}</dd>
        </div>
      ) : null}
      {freeIn !== null ? (
        <p className={css.freeHint} data-testid="free-in">
          {koCart.freeIn(formatKRW(freeIn))}
        </p>
      ) : null}
    </dl>
  );
}

/** The grand totals under the groups: goods, delivery and what is paid. */
export function GrandTotals({
  sub,
  fee,
  discount = 0,
  labels,
  testId,
  busy = false,
  points,
  extra = null,
}: {
  sub: number;
  fee: number;
  /** What the goods save against their list prices (already off the goods' sum): said under it. */
  discount?: number;
  labels: { sub: string; fee: string; total: string };
  testId: string;
  busy?: boolean;
  /**
   * Points used on the order: then the sum above is the order's price (`labels.total`), the points
   * come off it, and the bold last line is what is paid (`due.label`), inside the same box.
   */
  points?: { used: number; label: string; due: number; dueLabel: string };
  /** The 제주/도서산간 extra (decision 110), its own line under the delivery fee and in the sum. */
  extra?: { label: string; fee: number } | null;
}) {
  const total = sub + fee + (extra?.fee ?? 0);
  return (
    <dl className={busy ? `${css.grand} ${css.busy}` : css.grand} aria-busy={busy || undefined}>
      <div className={css.sumRow}>
        <dt>{labels.sub}</dt>
        <dd>{formatKRW(sub)}</dd>
      </div>
      {discount > 0 ? (
        <p className={css.discount} data-testid="discount">
          {koCart.discount(formatKRW(discount))}
        </p>
      ) : null}
      <div className={css.sumRow}>
        <dt>{labels.fee}</dt>
        <dd>{fee === 0 && sub > 0 ? koCart.freeDelivery : formatKRW(fee)}</dd>
      </div>
      {extra && extra.fee > 0 ? (
        <div className={css.sumRow} data-testid="remote-fee">
          <dt>{extra.label}</dt>
          <dd>{formatKRW(extra.fee)}</dd>
        </div>
      ) : null}
      {points && points.used > 0 ? (
        <>
          <div className={css.sumRow}>
            <dt>{labels.total}</dt>
            <dd data-testid={testId}>{formatKRW(total)}</dd>
          </div>
          <div className={css.sumRow} data-testid="order-points">
            <dt>{points.label}</dt>
            <dd>-{formatKRW(points.used)}</dd>
          </div>
          <div className={css.grandTotal}>
            <dt>{points.dueLabel}</dt>
            <dd data-testid="order-due">{formatKRW(points.due)}</dd>
          </div>
        </>
      ) : (
        <div className={css.grandTotal}>
          <dt>{labels.total}</dt>
          <dd data-testid={testId}>{formatKRW(total)}</dd>
        </div>
      )}
    </dl>
  );
}

/** A line's picture (or an empty square of the same size). */
export function LineThumb({ image, storageUrl }: { image: string | null; storageUrl: string }) {
  return image ? (
    <img className={css.thumb} src={`${storageUrl}${image}`} alt="" width={64} height={64} loading="lazy" />
  ) : (
    <span className={css.thumb} />
  );
}

/** A line's price: quantity × unit, with the unit price beside it (and the list price struck out). */
export function LinePrice({ price, qty, listPrice = null }: { price: number; qty: number; listPrice?: number | null }) {
  return (
    <p className={css.price} data-testid="line-price">
      {listPrice ? (
        <del className={css.listPrice} aria-label={`${koCart.listPrice} ${formatKRW(listPrice * qty)}`}>
          {formatKRW(listPrice * qty)}
        </del>
      ) : null}
      {formatKRW(price * qty)}
      <span className={css.unit}>{koCart.unitPrice(formatKRW(price), qty)}</span>
    </p>
  );
}
