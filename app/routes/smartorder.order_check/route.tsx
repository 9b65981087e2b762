import { useEffect, useState } from "react";
import { Form, Link, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import { useHydrated } from "~/lib/hydrated";
import { openPaymentWindow } from "~/lib/toss-window";
import { TABLE_CARD_CHOICES } from "~/shared/forms/smart";
import { koCheckout } from "~/shared/messages/checkout";
import * as css from "~/components/smart/smart.css";
import { formatKRW } from "~/shared/format";
import { koSmart } from "~/shared/messages/smart";
import { koTableLive } from "~/shared/messages/smart-live";
import type { SmartFrameData } from "../smartorder/route";
import type { action, loader } from "./page.server";

const t = koSmart;
const QTYS = Array.from({ length: 21 }, (_, i) => i);

export { loader, action } from "./page.server";

export default function OrderCheck() {
  const { cart, key, paymentError } = useLoaderData<typeof loader>();
  const table = useRouteLoaderData<SmartFrameData>("routes/smartorder")?.table;
  const bankOk = table?.bank ?? false;
  const points = table?.points ?? null;
  const payFirst = table?.pay_first ?? false;
  const failed = useActionResult<typeof action>();
  const busy = useNavigation().state !== "idle";
  const hydrated = useHydrated();
  const kept = failed?.values ?? {};
  const pay = kept.pay ?? (payFirst ? "card" : "counter");
  // 선결제: the action recorded the attempt; Toss's window takes the page over (decision 105).
  const payWindow = failed?.window;
  const [windowState, setWindowState] = useState<{ of: unknown; failed: boolean }>({ of: null, failed: false });
  useEffect(() => {
    if (!payWindow) return;
    setWindowState({ of: payWindow, failed: false });
    openPaymentWindow(payWindow).catch(() => setWindowState({ of: payWindow, failed: true }));
  }, [payWindow]);
  const opening = Boolean(payWindow) && windowState.of === payWindow && !windowState.failed;
  const notice =
    failed?.error ??
    (windowState.failed && windowState.of === payWindow ? koCheckout.windowFailed : null) ??
    (failed ? null : paymentError);
  return (
    <>
      <h2 className={css.checkTitle}>{t.checkTitle}</h2>
      {notice ? (
        <p className={css.error} role="alert" data-testid="order-check-error">
          {notice}
          {notice === t.errors.ordered ? (
            <>
              {" "}
              <Link to="/smartorder/order_complete">{t.tableOrders}</Link>
            </>
          ) : null}
        </p>
      ) : null}
      {cart.lines.length === 0 && table?.last ? (
        // Sent a moment ago (by this phone or another at the table): say so, not just "empty".
        <div className={css.center} data-testid="table-ordered">
          <p role="status">
            {koTableLive.orderedCheck(table.last.count, formatKRW(table.last.total))} {koTableLive.orderedNext}
          </p>
          <Link className={css.pick} to={`/smartorder/order_complete?id=${table.last.id}`}>
            {koTableLive.seeOrders}
          </Link>{" "}
          <Link className={css.pick} to="/smartorder/start">
            {koTableLive.addMore}
          </Link>
        </div>
      ) : cart.lines.length === 0 ? (
        <div className={css.center}>
          <p>{t.cartEmpty}</p>
          <Link className={css.pick} to="/smartorder/start">
            {t.back}
          </Link>
        </div>
      ) : (
        <>
          <p className={css.muted}>{t.cartShared}</p>
          <ul className={css.lines}>
            {cart.lines.map((l) => (
              <li key={l.id} className={css.line} data-testid="table-line">
                <span className={css.lineHead}>
                  <span>
                    <strong>{l.title}</strong>
                    {l.label ? <span className={css.muted}> · {l.label}</span> : null}
                  </span>
                  <strong>{formatKRW(l.unit_price * l.qty)}</strong>
                </span>
                {l.problem ? (
                  <span className={css.error} role="alert">
                    {l.problem}
                  </span>
                ) : null}
                {/* Keyed by the quantity: another phone's change, read live, resets the picker. */}
                <Form key={l.qty} method="post" replace className={css.lineForm}>
                  <input type="hidden" name="intent" value="qty" />
                  <input type="hidden" name="line" value={l.id} />
                  <select
                    className={css.select}
                    name="qty"
                    defaultValue={String(l.qty)}
                    aria-label={t.quantityOf(l.title)}
                  >
                    {QTYS.map((n) => (
                      <option key={n} value={n}>
                        {n === 0 ? t.remove : t.count(n)}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className={css.small} disabled={busy}>
                    {t.apply}
                  </button>
                  <button
                    type="submit"
                    className={css.small}
                    name="qty"
                    value="0"
                    disabled={busy}
                    aria-label={`${l.title} ${t.remove}`}
                  >
                    {t.remove}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <Form method="post" replace>
            <input type="hidden" name="intent" value="order" />
            <input type="hidden" name="key" value={key} />
            {hydrated ? <input type="hidden" name="script" value="1" /> : null}
            <fieldset className={css.fieldset}>
              <legend className={css.legend}>
                <label htmlFor="memo">{t.memo}</label>
              </legend>
              <textarea
                id="memo"
                className={css.textarea}
                name="memo"
                maxLength={200}
                placeholder={t.memoPlaceholder}
                defaultValue={kept.memo ?? ""}
                autoFocus={Boolean(failed?.errors?.memo)}
              />
              {failed?.errors?.memo ? <span className={css.error}>{failed.errors.memo}</span> : null}
            </fieldset>
            <fieldset className={css.fieldset}>
              <legend className={css.legend}>{t.pay}</legend>
              {payFirst ? (
                <>
                  <p className={css.muted}>{t.payFirstNote}</p>
                  <div className={css.choices}>
                    {TABLE_CARD_CHOICES.map((c) => (
                      <label key={c} className={css.choice}>
                        <input
                          type="radio"
                          name="pay"
                          value={c}
                          defaultChecked={pay === c}
                          // Toss's window needs scripts, and a table has no other way to pay first.
                          disabled={!hydrated}
                        />
                        <span>{koCheckout.choices[c]}</span>
                      </label>
                    ))}
                  </div>
                  {hydrated ? null : (
                    <p className={css.error} role="alert" data-testid="needs-scripts">
                      {t.payFirstNeedsScripts}
                    </p>
                  )}
                </>
              ) : (
                <div className={css.choices}>
                  <label className={css.choice}>
                    <input type="radio" name="pay" value="counter" defaultChecked={pay === "counter"} />
                    <span>{t.payCounter}</span>
                  </label>
                  {bankOk ? (
                    <label className={css.choice}>
                      <input type="radio" name="pay" value="bank" defaultChecked={pay === "bank"} />
                      <span>{t.payBank}</span>
                    </label>
                  ) : null}
                  {points !== null && points >= cart.total ? (
                    <label className={css.choice}>
                      <input type="radio" name="pay" value="points" defaultChecked={pay === "points"} />
                      <span>{t.payPoints(formatKRW(points))}</span>
                    </label>
                  ) : null}
                </div>
              )}
              {failed?.errors?.pay ? <span className={css.error}>{failed.errors.pay}</span> : null}
              {bankOk && !payFirst ? (
                <label className={css.depositorField}>
                  <span>{t.depositorLabel}</span>
                  <input
                    className={css.input}
                    name="depositor"
                    maxLength={20}
                    autoComplete="name"
                    defaultValue={kept.depositor ?? ""}
                    aria-invalid={failed?.errors?.depositor ? true : undefined}
                    autoFocus={Boolean(failed?.errors?.depositor)}
                  />
                  {failed?.errors?.depositor ? <span className={css.error}>{failed.errors.depositor}</span> : null}
                </label>
              ) : null}
            </fieldset>
            <p className={css.total}>
              <span>{t.total}</span>
              <span data-testid="table-total">{formatKRW(cart.total)}</span>
            </p>
            <div className={css.barSpacer} />
            <div className={css.bar}>
              <button
                type="submit"
                className={css.primary}
                disabled={busy || opening || (payFirst && !hydrated)}
                data-testid="place-table-order"
              >
                {opening
                  ? koCheckout.opening
                  : payFirst
                    ? t.payFirstButton(formatKRW(cart.total))
                    : t.orderButton(formatKRW(cart.total))}
              </button>
            </div>
          </Form>
        </>
      )}
    </>
  );
}
