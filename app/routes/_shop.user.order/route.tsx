import { shopMeta } from "~/lib/seo";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { trackOrder } from "~/lib/track-order";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import * as css from "~/components/cart/cart.css";
import { BankTransferInfo, OrderSummary } from "~/components/cart/OrderSummary";
import { PaymentReceipt } from "~/components/order/PaymentReceipt";
import { formatCount, formatKRW } from "~/shared/format";
import { PAY_CHOICES, type PayChoice } from "~/shared/limits";
import { useHydrated } from "~/lib/hydrated";
import { useKeptControls } from "~/lib/kept-controls";
import { openPaymentWindow } from "~/lib/toss-window";
import { koCheckout } from "~/shared/messages/checkout";
import type { FieldErrors } from "~/shared/forms/errors";
import { meetsRule, type OrderFieldName } from "~/shared/forms/order-fields";
import { amountDue, earnedPoints, parsePoints, pointsProblem, totalForArea } from "~/shared/money";
import { remoteArea } from "~/shared/remote-areas";
import { koCommon } from "~/shared/messages/shop/common";
import { koFooter } from "~/shared/messages/shop/footer";
import { OrderNoLine } from "~/components/order/OrderNoLine";
import { useRootData } from "~/lib/root-data";
import { koOrder } from "~/shared/messages/cart";
import { visuallyHidden } from "../../../styles/a11y.css";
import { thirdPartyShops } from "~/shared/consents";
import { koNotify } from "~/shared/messages/notify";
import { Consent } from "./Consent";
import { DeliverySection } from "./DeliverySection";
import { Field } from "./Field";
import { PaymentSection } from "./PaymentSection";
import { PaymentChecking } from "./PaymentChecking";
import { loadOrderSheet, submitOrderSheet, type OrderSheetValues } from "./page.server";
import * as page from "./page.css";
import { TOSS_WINDOW_PAGE } from "~/shared/uploads";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koOrder.sheetTitle, noindex: true });

export const loader = (args: LoaderFunctionArgs) => loadOrderSheet(args);
export const action = (args: ActionFunctionArgs) => submitOrderSheet(args);

/** The sheet opens Toss's payment window: its policy lets the window in (issue 53 item 2). */
export const handle = TOSS_WINDOW_PAGE;

/** The sheet's fields top to bottom: the first with a message is the one to fix first. */
const SHEET_ORDER = [
  "orderer_name",
  "orderer_phone",
  "receiver_name",
  "receiver_phone",
  "postcode",
  "address",
  "detail",
  "memo",
  "points",
  "depositor",
  "email",
  "agree_order",
  "agree_third_party",
] as const;

/** The receiver's field that 주문자 정보와 동일 fills from each orderer's field. */
const RECEIVER_OF: Partial<Record<string, OrderFieldName>> = {
  orderer_name: "receiver_name",
  orderer_phone: "receiver_phone",
};

const isPayChoice = (value: string | undefined): value is PayChoice =>
  (PAY_CHOICES as readonly string[]).includes(value ?? "");

/**
 * The action's messages, less those of fields fixed since (with scripts: a value that now meets
 * its field's rules). Reset by every new answer of the action.
 */
function useFieldErrors(answer: { errors: FieldErrors } | undefined) {
  const [fixed, setFixed] = useState<{ of: unknown; names: string[] }>({ of: answer, names: [] });
  const names = fixed.of === answer ? fixed.names : [];
  const errors: FieldErrors = { ...answer?.errors };
  for (const name of names) delete errors[name];
  // Functional: one keystroke may fix two fields (주문자 정보와 동일 copies the orderer's).
  const clear = (name: string) =>
    setFixed((f) => {
      const now = f.of === answer ? f.names : [];
      return now.includes(name) ? f : { of: answer, names: [...now, name] };
    });
  return { errors, clear };
}

export default function OrderSheet() {
  const { order, npay, pointBalance, pointRate, cartPath, prefill, addresses, pickedAddress, paymentError } =
    useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const answer = useActionData<typeof action>();
  const { storageUrl, session, shop } = useRootData();
  const navigation = useNavigation();
  const paying = navigation.state === "submitting" && navigation.formData?.get("intent") !== "points";
  const values: OrderSheetValues = answer?.values ?? prefill;
  const { errors, clear } = useFieldErrors(answer);
  // The receiver's postcode decides the 제주/도서산간 extra (decision 110): live with scripts (typed,
  // or filled by 우편번호 찾기 / a saved address), from the last post without.
  const [postcode, setPostcode] = useState(values.postcode ?? "");
  const area = remoteArea(postcode.trim());
  const total = totalForArea(order, area);
  // The points typed, and what they leave to pay: live with scripts, from the last post without.
  const [typedPoints, setTypedPoints] = useState(values.points ?? "");
  /** Points typed that this sheet can take (the shop's unit, the total, the balance), or null. */
  const usable = (typed: string) => {
    const n = parsePoints(typed);
    const terms = { unit: shop.point_unit, total, balance: pointBalance };
    return n !== null && pointsProblem(n, terms) === null ? n : null;
  };
  const pointsToUse = pointBalance !== null ? (usable(typedPoints) ?? 0) : 0;
  const due = amountDue({ total_price: total, points_used: pointsToUse });
  const onPoints = (typed: string) => {
    setTypedPoints(typed);
    if (usable(typed) !== null) clear("points");
  };
  // The first field to fix gets autofocus: without scripts the browser focuses it on load and
  // scrolls it into view (below the pinned header: scroll-margin-top); with scripts, see below.
  const firstError = SHEET_ORDER.find((name) => errors[name]);
  const field = (name: OrderFieldName) => ({
    name,
    value: values[name],
    error: errors[name],
    autoFocus: name === firstError,
    onValid: clear,
  });
  // While Toss's answer to a payment of this sheet is not known, no form: no second window (decision 142).
  const checking = order.payment_attempt?.state === "checking";
  const open = order.status === "WAITING_PAYMENT" && !order.payment && !checking;
  const thirdParty = thirdPartyShops(order);
  const formRef = useRef<HTMLFormElement>(null);
  const clearRef = useRef(clear);
  clearRef.current = clear;
  // After a refused post (with scripts), the first field to fix comes into view, focused.
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [answer]);
  // Listened on the form: 우편번호 찾기 and the address book fill the field from outside React.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const follow = (e: Event) => {
      const target = e.target;
      if (!(target instanceof HTMLInputElement)) return;
      if (target.name === "postcode") setPostcode(target.value);
      // 주문자 정보와 동일: the receiver follows the orderer as it is typed, and its message goes
      // with the orderer's, rather than staying red until the next post (issue 40).
      const to = RECEIVER_OF[target.name];
      const same = form.elements.namedItem("same_as_orderer");
      const receiver = to ? form.elements.namedItem(to) : null;
      if (!to || !(same instanceof HTMLInputElement) || !same.checked || !(receiver instanceof HTMLInputElement))
        return;
      receiver.value = target.value;
      if (meetsRule(to, target.value)) clearRef.current(to);
    };
    form.addEventListener("input", follow);
    form.addEventListener("change", follow);
    return () => {
      form.removeEventListener("input", follow);
      form.removeEventListener("change", follow);
    };
  }, []);
  useEffect(() => {
    if (open) trackOrder("begin_checkout", order);
  }, [open, order]);
  const available = new Map(order.methods.map((m) => [m.method, m.available]));
  const preferred: PayChoice = isPayChoice(values.pay_method)
    ? values.pay_method
    : npay && available.get("naverpay")
      ? "naverpay"
      : "bank";
  // Without scripts only a transfer can be chosen (the window needs them).
  const [chosen, setChosen] = useState<PayChoice>(preferred);
  // What was typed or chosen before the scripts started: the sheet's sums start from it.
  useKeptControls(formRef, (changed) => {
    for (const c of changed) {
      if (c.name === "postcode") setPostcode(c.value);
      if (c.name === "points") onPoints(c.value);
      if (c.name === "pay_method" && c instanceof HTMLInputElement && c.checked && isPayChoice(c.value))
        setChosen(c.value);
    }
  });
  const choice = hydrated ? chosen : "bank";
  // A shop that takes no transfer has nothing a page without scripts can pay (the window needs
  // them): 결제하기 waits for them, unless points pay it all.
  const cannotPay = !hydrated && !available.get("bank") && due > 0;
  // The action recorded an attempt: open Toss's window for it (it leaves the page on a phone).
  const payWindow = answer?.window;
  const [windowState, setWindowState] = useState<{ of: unknown; failed: boolean }>({ of: null, failed: false });
  useEffect(() => {
    if (!payWindow) return;
    setWindowState({ of: payWindow, failed: false });
    openPaymentWindow(payWindow).catch(() => setWindowState({ of: payWindow, failed: true }));
  }, [payWindow]);
  const opening = Boolean(payWindow) && windowState.of === payWindow && !windowState.failed;
  const notice =
    answer?.error ??
    (payWindow && !hydrated
      ? available.get("bank")
        ? koCheckout.windowNeedsScripts
        : koCheckout.windowNeedsScriptsOnly
      : null) ??
    (windowState.failed && windowState.of === payWindow ? koCheckout.windowFailed : null) ??
    (answer ? null : paymentError);
  // 간편결제로 주문하기 with the member's address on file: who and where as one line to check (변경
  // opens the fields, which go with the post either way); after a refused post, the whole sheet.
  const quick = npay && !answer && pickedAddress !== null && Boolean(values.orderer_name && values.orderer_phone);
  const givenBack =
    order.payment_attempt?.state === "given_back"
      ? koCheckout.givenBack(formatKRW(order.payment_attempt.amount))
      : null;

  return (
    <>
      <h1 className={css.title}>{koOrder.sheetTitle}</h1>
      {/* An open sheet is no order yet (issue 40): its number and "결제 대기" came before anything was
          ordered. Once paid, cancelled or replaced, the sheet says which order it became. */}
      {open ? <p className={css.muted}>{koOrder.sheetHint}</p> : <OrderNoLine order={order} />}
      {checking ? <PaymentChecking orderId={order.id} asked={order} hydrated={hydrated} /> : null}
      {givenBack ? (
        <div className={css.infoNotice} role="status" data-testid="payment-given-back">
          {givenBack}
        </div>
      ) : null}
      {order.status === "CANCELED" ? (
        <div className={css.notice} role="status">
          {order.cancel_reason === "replaced"
            ? koOrder.replaced
            : order.cancel_reason === "sheet_expired"
              ? koOrder.sheetExpired
              : koOrder.canceled}
          <p className={css.noticeLinks}>
            <Link to={cartPath}>{koOrder.backToCart}</Link>
          </p>
        </div>
      ) : null}
      <OrderSummary
        order={order}
        storageUrl={storageUrl}
        pointsToUse={open ? pointsToUse : undefined}
        area={open ? area : undefined}
      />

      {order.payment ? (
        <section className={css.section}>
          <h2 className={css.sectionTitle}>{koOrder.payment}</h2>
          <p>{order.online ? koCheckout.choices[order.online.choice] : koOrder.methods[order.payment.method]}</p>
          <BankTransferInfo order={order} />
          <PaymentReceipt order={order} />
        </section>
      ) : null}

      {open ? (
        // noValidate: the server's Korean message next to each field, not the browser's bubbles.
        <Form method="post" aria-label={koOrder.sheetTitle} className={css.fields} noValidate ref={formRef}>
          {/*
            Enter in a field presses a form's first submit button: this one, so it pays as the
            visible 결제하기 does, not 적용 (which comes first on the page). Out of sight and of
            the tab order, but rendered, as browsers skip a button that is not.
          */}
          <button
            type="submit"
            name="intent"
            value="pay"
            className={visuallyHidden}
            tabIndex={-1}
            aria-hidden="true"
            disabled={paying || cannotPay}
          />
          {/* The total this page shows: the order is paid at it, or the sheet comes back with the new one. */}
          <input type="hidden" name="shown_total" value={total} />
          {notice ? (
            <div className={css.notice} role="alert" data-testid="sheet-notice">
              {notice}
              {answer?.toCart ? (
                <p className={css.noticeLinks}>
                  <Link to={cartPath}>{koOrder.backToCart}</Link>
                </p>
              ) : null}
            </div>
          ) : null}
          <QuickWho values={values} quick={quick}>
            <section className={css.section} aria-labelledby="orderer">
              <h2 id="orderer" className={css.sectionTitle}>
                {koOrder.orderer}
              </h2>
              <div className={css.fields}>
                <Field {...field("orderer_name")} label={koOrder.name} autoComplete="name" />
                <Field {...field("orderer_phone")} label={koOrder.phone} type="tel" autoComplete="tel" />
              </div>
            </section>
            <DeliverySection
              orderId={order.id}
              addresses={addresses}
              picked={answer ? null : pickedAddress}
              values={values}
              field={field}
              member={session.login === 1}
            />
          </QuickWho>
          <PaymentSection
            order={order}
            preferred={preferred}
            pointBalance={pointBalance}
            pointUnit={shop.point_unit}
            points={{ value: values.points, error: errors.points, autoFocus: firstError === "points", onPoints }}
            guest={session.login !== 1}
            field={field}
            hydrated={hydrated}
            chosen={choice}
            onChoose={setChosen}
            shop={shop}
            escrow={values.escrow === "on"}
          />
          <section className={css.section} aria-labelledby="agree">
            <h2 id="agree" className={css.sectionTitle}>
              {koOrder.agreeTitle}
            </h2>
            <Consent
              name="agree_order"
              label={koOrder.agreeOrder}
              values={values}
              error={errors.agree_order}
              autoFocus={firstError === "agree_order"}
              onValid={clear}
            />
            {thirdParty.length > 0 ? (
              <>
                <Consent
                  name="agree_third_party"
                  label={koOrder.agreeThirdParty}
                  values={values}
                  error={errors.agree_third_party}
                  autoFocus={firstError === "agree_third_party"}
                  onValid={clear}
                />
                <p className={css.muted}>{koOrder.thirdPartyText(thirdParty.join(", "))}</p>
              </>
            ) : null}
            <Consent name="agree_notify" label={koNotify.consent} values={values} />
            <p className={css.muted}>{koNotify.consentHelp}</p>
            {/* The platform as 통신판매중개자 (전자상거래법 §20①, decision 178), before the buyer pays. */}
            {shop.broker ? (
              <p className={css.muted} data-testid="sheet-broker-notice">
                {koFooter.broker}
              </p>
            ) : null}
          </section>
          {/* What 구매확정 earns: a member of a shop that runs points, on what is paid after points. */}
          {pointBalance !== null && pointRate > 0 ? (
            <p className={`${css.muted} ${page.earn}`} data-testid="points-to-earn">
              {koOrder.points.earnOnConfirm(formatKRW(earnedPoints(due, pointRate)))}
            </p>
          ) : null}
          <button
            type="submit"
            name="intent"
            value="pay"
            className={css.primary}
            disabled={paying || opening || cannotPay}
          >
            {opening
              ? koCheckout.opening
              : paying
                ? koOrder.paying
                : `${koOrder.pay} · ${formatCount(due)}${koCommon.won}`}
          </button>
        </Form>
      ) : null}
    </>
  );
}

/**
 * The quick sheet's orderer and delivery (issue 52): folded into one line of who and where, which
 * opens to the fields; without scripts too (a details element). Otherwise the fields as they are.
 */
function QuickWho({ quick, values, children }: { quick: boolean; values: OrderSheetValues; children: ReactNode }) {
  if (!quick) return <>{children}</>;
  const where = [values.address, values.detail].filter(Boolean).join(" ");
  return (
    <details className={page.quick}>
      <summary className={page.quickLine} data-testid="quick-delivery">
        <strong>{koOrder.delivery}</strong>{" "}
        <span>{[values.receiver_name, values.receiver_phone, where].filter(Boolean).join(" · ")}</span>{" "}
        <span className={page.quickChange}>{koOrder.changeDelivery}</span>
      </summary>
      {children}
    </details>
  );
}
