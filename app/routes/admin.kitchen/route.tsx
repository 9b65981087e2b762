import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as css from "~/components/admin/admin.css";
import * as cartCss from "~/components/cart/cart.css";
import type { KitchenOrder } from "~/shared/contracts/smart";
import { formatKRW } from "~/shared/format";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { koSmart } from "~/shared/messages/smart";
import { isOrderAction, type OrderAction } from "~/shared/order-machine";
import { orderStatusLabel, TABLE_PAY_METHOD } from "~/shared/order-status";
import { KitchenRing } from "./KitchenRing";
import type { loader, action } from "./page.server";

const t = koSmart.admin;
/**
 * The kitchen's words for the machine's actions on a table order; any other (a finished order's
 * 구매확정 후 환불, a refund) has the order page's name, never its code (issue 52).
 */
const BUTTON: Record<OrderAction, string> = {
  ...koLifecycle.actions,
  confirm_payment: t.confirmDeposit,
  prepare: t.start,
  serve: t.serve,
  kitchen_cancel: t.cancel,
};
const PAY: Record<KitchenOrder["pay"], string> = {
  counter: t.payLater,
  bank: t.payBank,
  points: t.payPoints,
  card: t.payCard,
};

export { loader, action } from "./page.server";

const time = (ms: number) =>
  new Intl.DateTimeFormat("ko-KR", { hour: "2-digit", minute: "2-digit", timeZone: "Asia/Seoul" }).format(ms);

export default function Kitchen() {
  const { orders } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const open = orders.filter((o) => ["WAITING_PAYMENT", "CONFIRM_PAYMENT", "READY_FOR_DELIVERY"].includes(o.status));
  const finished = orders.filter((o) => !open.includes(o));
  const card = (o: KitchenOrder) => {
    const asking = result?.confirm && result.values?.id === String(o.id) ? result.confirm : null;
    const failed = result?.error && result.values?.id === String(o.id) ? result.error : null;
    const isNew = o.status === "CONFIRM_PAYMENT";
    return (
      <li
        key={o.id}
        className={`${css.card} ${isNew ? css.fresh : ""}`}
        data-testid="kitchen-order"
        data-status={o.status}
      >
        <span className={css.cardHead}>
          <span className={css.tableName}>{koSmart.table(o.table_name)}</span>
          <span>
            {isNew ? <span className={css.badge}>{t.newOrder}</span> : null}{" "}
            <span className={css.status}>
              {orderStatusLabel(o.status, { smartOrder: true, payMethod: TABLE_PAY_METHOD[o.pay] })}
            </span>
          </span>
        </span>
        <span className={cartCss.muted}>
          {time(o.created_at)} · #{o.id} · {PAY[o.pay]} · {formatKRW(o.total_price)}
        </span>
        <ul className={css.kitchenLines}>
          {o.lines.map((l, i) => (
            <li key={i} className={css.kitchenLine}>
              <strong>{l.name}</strong>
              {l.opt_name ? ` (${l.opt_name})` : ""} × {l.qty}
            </li>
          ))}
        </ul>
        {o.memo ? <p className={css.flush}>💬 {o.memo}</p> : null}
        {failed ? (
          <p className={cartCss.fieldError} role="alert">
            {failed}
          </p>
        ) : null}
        {o.actions.length > 0 ? (
          <Form method="post" className={css.buttons}>
            <input type="hidden" name="id" value={o.id} />
            {asking ? (
              <>
                <p className={css.confirmText}>{koLifecycle.confirms[asking]}</p>
                <input type="hidden" name="confirm" value="1" />
                <button type="submit" name="action" value={asking} className={css.bigButton} disabled={busy}>
                  {koLifecycle.view.confirmYes}
                </button>
              </>
            ) : (
              o.actions.filter(isOrderAction).map((a) => (
                <button
                  key={a}
                  type="submit"
                  name="action"
                  value={a}
                  className={a === "kitchen_cancel" ? css.plainButton : css.bigButton}
                  disabled={busy}
                >
                  {BUTTON[a]}
                </button>
              ))
            )}
          </Form>
        ) : null}
      </li>
    );
  };
  return (
    <>
      <h2 className={cartCss.sectionTitle}>{t.kitchenTitle}</h2>
      <KitchenRing orderIds={orders.map((o) => o.id)} />
      {open.length === 0 ? <p className={cartCss.muted}>{t.kitchenEmpty}</p> : null}
      <ul className={css.list} aria-label={t.kitchenTitle}>
        {open.map(card)}
      </ul>
      {finished.length > 0 ? (
        <>
          <h3 className={cartCss.muted}>{t.finished}</h3>
          <ul className={css.list}>{finished.map(card)}</ul>
        </>
      ) : null}
    </>
  );
}
