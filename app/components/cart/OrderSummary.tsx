import type { ReactNode } from "react";
import type { OrderView } from "~/shared/contracts/cart";
import { formatDeadline, formatKRW } from "~/shared/format";
import { amountDue, totalForArea, type RemoteAreaKind } from "~/shared/money";
import * as css from "./cart.css";
import { koCart, koOrder } from "~/shared/messages/cart";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { GrandTotals, GroupSums, LinePrice, LineThumb } from "./Sums";
import { useHydrated } from "~/lib/hydrated";
import { useUi } from "../ui/UiProvider";

/** 계좌번호 복사: with scripts only (without them the number is there to select). */
function CopyButton({ text }: { text: string }) {
  const hydrated = useHydrated();
  const ui = useUi();
  if (!hydrated || typeof navigator === "undefined" || !navigator.clipboard) return null;
  return (
    <button
      type="button"
      className={css.smallButton}
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => ui.snackbar(koOrder.copied),
          () => ui.snackbar(koOrder.copyFailed),
        )
      }
    >
      {koOrder.copyAccount}
    </button>
  );
}

/**
 * The order's lines by shop, each shop's delivery fee, and the totals. 총 결제 금액 is always what
 * the buyer pays: with points, the order's price, the points, and what they leave. `pointsToUse`
 * are the points typed on a sheet not paid yet (else the order's own).
 */
export function OrderSummary({
  order,
  storageUrl,
  pointsToUse,
  area,
  lineAction,
}: {
  order: OrderView;
  storageUrl: string;
  /**
   * Under each line, what the viewer may do with it: the owner's 판매취소 of a live line, the
   * refund of a cancelled line's money owed (decision 179).
   */
  lineAction?: (line: OrderView["groups"][number]["lines"][number], lineNo: number) => ReactNode;
  pointsToUse?: number;
  /** On an open sheet, the area of the postcode typed (decision 110): its extra replaces the stored one. */
  area?: RemoteAreaKind | null;
}) {
  const points = pointsToUse ?? order.points_used;
  const sheet = area !== undefined;
  const total = sheet ? totalForArea(order, area) : order.total_price;
  const charged = sheet ? (area ? order.remote.quote[area] : 0) : order.remote.fee;
  const chargedArea = sheet ? area : order.remote.area;
  const due =
    pointsToUse === undefined && !sheet ? order.amount_due : amountDue({ total_price: total, points_used: points });
  // Each line's place in the order (group by group), as a line's 판매취소 names it.
  const places = new Map(order.groups.flatMap((g) => g.lines).map((l, i) => [l, i]));
  return (
    <section className={css.section} aria-labelledby="order-items">
      <h2 id="order-items" className={css.sectionTitle}>
        {koOrder.items}
      </h2>
      {order.groups.map((g) => (
        <div key={`${g.origin_uid}x${g.uid}`} className={css.group} data-testid="order-group">
          <div className={css.groupHead}>
            <strong>{g.shop_name_origin}</strong>
            {order.groups.length > 1 ? <span className={css.separate}>{koCart.separateDelivery}</span> : null}
          </div>
          <ul className={css.rows}>
            {g.lines.map((l) => (
              <li key={`${l.pid2}.${l.pid3}`} className={css.row} data-testid="order-line">
                <LineThumb image={l.image} storageUrl={storageUrl} />
                <div className={css.info}>
                  <span className={css.name}>{l.name}</span>
                  {l.opt_name ? (
                    <p className={css.option}>
                      {koCart.option}: {l.opt_name}
                    </p>
                  ) : null}
                  <LinePrice price={l.price} qty={l.qty} />
                  {l.canceled ? (
                    // The shop cancelled this line (decision 176): why, and the money that went back.
                    <p className={css.lineCanceled} data-testid="line-canceled">
                      <strong>{koLifecycle.saleCancel.line}</strong> ·{" "}
                      {koLifecycle.saleCancel.reasonLine(l.canceled.reason)} ·{" "}
                      {(l.canceled.owed ? koLifecycle.saleCancel.lineOwed : koLifecycle.saleCancel.lineRefund)(
                        formatKRW(l.canceled.amount),
                      )}
                    </p>
                  ) : null}
                </div>
                {lineAction ? lineAction(l, places.get(l) ?? 0) : null}
              </li>
            ))}
          </ul>
          {/* One shop: its sums are the totals below, said once. */}
          {order.groups.length > 1 ? <GroupSums sub={g.sub_price} fee={g.delivery_fee} /> : null}
        </div>
      ))}
      <GrandTotals
        sub={order.items_price}
        fee={order.delivery_price - order.remote.fee}
        extra={chargedArea && charged > 0 ? { label: koOrder.remoteFee[chargedArea], fee: charged } : null}
        labels={{
          sub: koOrder.itemsPrice,
          fee: koOrder.deliveryFee,
          total: points > 0 ? koOrder.orderPrice : koOrder.totalPrice,
        }}
        testId="order-total"
        points={{ used: points, label: koOrder.points.used, due, dueLabel: koOrder.totalPrice }}
      />
      {order.points_earned > 0 ? (
        <p className={css.muted} data-testid="order-points-earned">
          {koOrder.points.earnedDone} {formatKRW(order.points_earned)}
        </p>
      ) : null}
    </section>
  );
}

/** Where and how much to transfer, and by when. */
export function BankTransferInfo({ order }: { order: OrderView }) {
  const p = order.payment;
  if (!p || p.method !== "bank") return null;
  return (
    <div className={css.bankBox} data-testid="bank-info">
      <dl className={css.dl}>
        <dt>{koOrder.bankAccount}</dt>
        <dd>
          {p.bank_name} <span data-testid="bank-account">{p.bank_account}</span>{" "}
          {p.bank_account ? <CopyButton text={p.bank_account.replace(/[^0-9]/g, "")} /> : null}
        </dd>
        <dt>{koOrder.bankHolder}</dt>
        <dd>{p.bank_holder}</dd>
        <dt>{koOrder.amount}</dt>
        <dd>{formatKRW(p.amount)}</dd>
        <dt>{koOrder.depositor}</dt>
        <dd>{p.depositor}</dd>
      </dl>
      {p.deadline ? <p>{koOrder.depositDeadline(formatDeadline(p.deadline))}</p> : null}
    </div>
  );
}
