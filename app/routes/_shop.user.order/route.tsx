import { shopMeta } from "~/lib/seo";
import {
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { trackOrder } from "~/lib/track-order";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import * as css from "~/components/cart/cart.css";
import { PostcodeSearch } from "~/components/PostcodeSearch";
import { BankTransferInfo, OrderSummary } from "~/components/cart/OrderSummary";
import { formatCount, formatDeadline, formatKRW } from "~/shared/format";
import type { PayMethod } from "~/shared/contracts/cart";
import type { SavedAddress } from "~/shared/contracts/settings";
import { PAY_METHODS } from "~/shared/limits";
import type { FieldErrors } from "~/shared/forms/errors";
import { ORDER_FIELDS, type OrderFieldName } from "~/shared/forms/order-fields";
import { payOrderSheet, type OrderSheetValues } from "~/lib/order-sheet.server";
import { accountPath, loadOwnOrder } from "~/lib/cart.server";

import { koCommon } from "~/shared/messages/shop/common";
import { orderStatusLabel } from "~/shared/order-status";
import { useRootData } from "~/lib/root-data";
import { koOrder } from "~/shared/messages/cart";
import { visuallyHidden } from "../../../styles/a11y.css";
import { flowPath } from "~/lib/order-flow";
import { thirdPartyShops } from "~/shared/consents";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koOrder.sheetTitle, noindex: true });

/**
 * A member's sheet starts filled in: their name, and an address of their address book
 * (/user/info) for the receiver and the phone numbers: the one picked (`?addr=`, the picker's
 * links without scripts), else the default. A guest's starts empty.
 */
async function prefillOf(context: AppLoadContext, picked: string | null) {
  if (!context.member) return { prefill: {}, addresses: [] as SavedAddress[], pickedAddress: null };
  const book = await context.api.call("addresses").catch(() => ({ items: [] as SavedAddress[] }));
  const base: Partial<Record<OrderFieldName, string>> = { orderer_name: context.member.name };
  const home = book.items.find((a) => String(a.id) === picked) ?? book.items.find((a) => a.is_default);
  if (!home) return { prefill: base, addresses: book.items, pickedAddress: null };
  return {
    addresses: book.items,
    pickedAddress: home.id,
    prefill: {
      ...base,
      orderer_phone: home.receiver_phone,
      ...receiverOf(home),
    },
  };
}

/** The receiver fields an address of the book fills in. */
function receiverOf(a: SavedAddress): Partial<Record<OrderFieldName, string>> {
  return {
    receiver_name: a.receiver_name,
    receiver_phone: a.receiver_phone,
    postcode: a.postcode,
    address: a.address,
    detail: a.detail,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const order = await loadOwnOrder(request, context);
  const npay = new URL(request.url).searchParams.get("npay") === "1";
  // A member of a shop that runs points may use them on the sheet.
  const pointBalance =
    context.member && context.shop.point
      ? await context.api
          .call("isMember", { query: { shopid: context.shop.shopid } })
          .then((m) => (m.id !== null ? m.point : null))
          .catch(() => null)
      : null;
  return {
    order,
    npay,
    pointBalance,
    ...(await prefillOf(context, new URL(request.url).searchParams.get("addr"))),
    cartPath: accountPath(flowPath("checkout", new URL(request.url).pathname), request, context),
  };
}

type Values = OrderSheetValues;

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

export const action = (args: ActionFunctionArgs) => payOrderSheet(args);

export default function OrderSheet() {
  const { order, npay, pointBalance, cartPath, prefill, addresses, pickedAddress } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { storageUrl, session, shop } = useRootData();
  const navigation = useNavigation();
  const paying = navigation.state === "submitting";
  const values: Values = failed?.values ?? prefill;
  const errors: FieldErrors = failed?.errors ?? {};
  // The first field to fix gets autofocus: without scripts the browser focuses it on load and
  // scrolls it into view (below the pinned header: scroll-margin-top); with scripts, see below.
  const firstError = SHEET_ORDER.find((name) => errors[name]);
  const field = (name: OrderFieldName) => ({
    name,
    value: values[name],
    error: errors[name],
    autoFocus: name === firstError,
  });
  const open = order.status === "WAITING_PAYMENT" && !order.payment;
  const thirdParty = thirdPartyShops(order);
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused post (with scripts), the first field to fix comes into view, focused.
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [failed]);
  useEffect(() => {
    if (open) trackOrder("begin_checkout", order);
  }, [open, order]);
  const available = new Map(order.methods.map((m) => [m.method, m.available]));
  const preferred: PayMethod = values.pay_method
    ? (values.pay_method as PayMethod)
    : npay && available.get("wallet")
      ? "wallet"
      : "bank";

  return (
    <>
      <h1 className={css.title}>{koOrder.sheetTitle}</h1>
      <p className={css.muted}>
        {koOrder.orderNo(order.id)} ·{" "}
        <span data-testid="order-status">
          {orderStatusLabel(order.status, { payMethod: order.pay_method, smartOrder: order.table !== null })}
        </span>
      </p>
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
      <OrderSummary order={order} storageUrl={storageUrl} />

      {order.payment ? (
        <section className={css.section}>
          <h2 className={css.sectionTitle}>{koOrder.payment}</h2>
          <p>{koOrder.methods[order.payment.method]}</p>
          <BankTransferInfo order={order} />
        </section>
      ) : null}

      {open ? (
        // noValidate: the server's Korean message next to each field, not the browser's bubbles.
        <Form method="post" aria-label={koOrder.sheetTitle} className={css.fields} noValidate ref={formRef}>
          {failed?.error ? (
            <div className={css.notice} role="alert">
              {failed.error}
              {failed.toCart ? (
                <p className={css.noticeLinks}>
                  <Link to={cartPath}>{koOrder.backToCart}</Link>
                </p>
              ) : null}
            </div>
          ) : null}
          <section className={css.section} aria-labelledby="orderer">
            <h2 id="orderer" className={css.sectionTitle}>
              {koOrder.orderer}
            </h2>
            <div className={css.fields}>
              <Field {...field("orderer_name")} label={koOrder.name} autoComplete="name" />
              <Field {...field("orderer_phone")} label={koOrder.phone} type="tel" autoComplete="tel" />
            </div>
          </section>
          <section className={css.section} aria-labelledby="delivery">
            <h2 id="delivery" className={css.sectionTitle}>
              {koOrder.delivery}
            </h2>
            <div className={css.fields}>
              {addresses.length > 0 ? (
                <AddressPicker orderId={order.id} addresses={addresses} picked={failed ? null : pickedAddress} />
              ) : null}
              <label className={css.check}>
                <input
                  type="checkbox"
                  name="same_as_orderer"
                  defaultChecked={values.same_as_orderer === "on"}
                  onChange={(e) => copyOrderer(e.currentTarget.form, e.currentTarget.checked)}
                />
                <span>{koOrder.sameAsOrderer}</span>
              </label>
              <div className={css.fieldRow}>
                <Field {...field("receiver_name")} label={koOrder.receiver} autoComplete="shipping name" />
                <Field {...field("receiver_phone")} label={koOrder.phone} type="tel" autoComplete="shipping tel" />
              </div>
              <PostcodeSearch>
                <Field
                  {...field("postcode")}
                  label={koOrder.postcode}
                  inputMode="numeric"
                  autoComplete="shipping postal-code"
                />
              </PostcodeSearch>
              <Field {...field("address")} label={koOrder.address} autoComplete="shipping address-line1" />
              <Field {...field("detail")} label={koOrder.addressDetail} autoComplete="shipping address-line2" />
              <Field {...field("memo")} label={koOrder.memo} placeholder={koOrder.memoPlaceholder} />
            </div>
          </section>
          <section className={css.section} aria-labelledby="payment">
            <h2 id="payment" className={css.sectionTitle}>
              {koOrder.payment}
            </h2>
            {pointBalance ? (
              <label className={css.pointsLabel}>
                <span>{koOrder.points.label}</span>
                <input
                  className={css.input}
                  name="points"
                  inputMode="numeric"
                  pattern="[0-9,]*"
                  maxLength={11}
                  defaultValue={values.points}
                  placeholder="0"
                  aria-describedby="points-hint"
                  aria-invalid={errors.points ? true : undefined}
                  autoFocus={firstError === "points"}
                />
                <span id="points-hint" className={css.mutedPlain}>
                  {koOrder.points.balance(formatKRW(pointBalance))} · {koOrder.points.unitHint(shop.point_unit)}
                </span>
                {errors.points ? <span className={css.fieldError}>{errors.points}</span> : null}
              </label>
            ) : null}
            <fieldset className={css.methods}>
              <legend className={visuallyHidden}>{koOrder.payment}</legend>
              {/* Only what this shop can take now (issue 11): a method without a provider is not offered. */}
              {PAY_METHODS.filter((m) => available.get(m) === true).map((m) => (
                <label key={m} className={css.method}>
                  <input type="radio" name="pay_method" value={m} defaultChecked={m === preferred} required />
                  <span>{koOrder.methods[m]}</span>
                </label>
              ))}
              {order.methods.some((m) => m.available) ? null : <p className={css.fieldError}>{koOrder.noPayment}</p>}
            </fieldset>
            {available.get("bank") ? (
              <div className={css.fieldsSpaced}>
                <Field {...field("depositor")} label={koOrder.depositor} />
                {session.login !== 1 ? (
                  <Field {...field("email")} label={koOrder.email} type="email" autoComplete="email" />
                ) : null}
                {order.deposit_deadline ? (
                  <p className={css.muted} data-testid="deposit-deadline">
                    {koOrder.depositBy(formatDeadline(order.deposit_deadline))}
                  </p>
                ) : null}
              </div>
            ) : null}
          </section>
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
            />
            {thirdParty.length > 0 ? (
              <>
                <Consent
                  name="agree_third_party"
                  label={koOrder.agreeThirdParty}
                  values={values}
                  error={errors.agree_third_party}
                  autoFocus={firstError === "agree_third_party"}
                />
                <p className={css.muted}>{koOrder.thirdPartyText(thirdParty.join(", "))}</p>
              </>
            ) : null}
          </section>
          <button type="submit" className={css.primary} disabled={paying}>
            {paying ? koOrder.paying : `${koOrder.pay} · ${formatCount(order.total_price)}${koCommon.won}`}
          </button>
        </Form>
      ) : null}
    </>
  );
}

/**
 * 배송지 선택: the member's saved addresses. Each is a link that reloads the sheet filled with it
 * (without scripts); with scripts it fills the receiver's fields in place, keeping what was typed.
 */
function AddressPicker({
  orderId,
  addresses,
  picked,
}: {
  orderId: number;
  addresses: SavedAddress[];
  picked: number | null;
}) {
  const [current, setCurrent] = useState(picked);
  const pick = (event: React.MouseEvent<HTMLAnchorElement>, a: SavedAddress) => {
    const form = event.currentTarget.closest("form");
    if (!form) return;
    event.preventDefault();
    for (const [name, value] of Object.entries(receiverOf(a))) {
      const input = form.elements.namedItem(name) as HTMLInputElement | null;
      if (input) input.value = value ?? "";
    }
    const same = form.elements.namedItem("same_as_orderer") as HTMLInputElement | null;
    if (same) same.checked = false;
    setCurrent(a.id);
  };
  return (
    <details className={css.picker} open={addresses.length <= 3}>
      <summary>{koOrder.savedAddresses(addresses.length)}</summary>
      <ul className={css.pickerList}>
        {addresses.map((a) => (
          <li key={a.id}>
            <a
              className={css.pickerItem}
              href={`?${new URLSearchParams({ id: String(orderId), addr: String(a.id) })}`}
              data-picked={a.id === current ? "" : undefined}
              aria-current={a.id === current ? "true" : undefined}
              onClick={(e) => pick(e, a)}
            >
              <strong>
                {a.receiver_name}
                {a.is_default ? <span className={css.pickerTag}>{koOrder.defaultAddress}</span> : null}
              </strong>
              <span>
                ({a.postcode}) {a.address} {a.detail}
              </span>
              <span className={css.muted}>{a.receiver_phone}</span>
            </a>
          </li>
        ))}
      </ul>
      <p className={css.addressesLink}>
        <Link to="/user/info#addresses">{koOrder.manageAddresses}</Link>
      </p>
    </details>
  );
}

/** 주문자 정보와 동일: the receiver's name and phone become the orderer's (the server does the same). */
function copyOrderer(form: HTMLFormElement | null, on: boolean) {
  if (!form || !on) return;
  const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
  for (const [to, from] of [
    ["receiver_name", "orderer_name"],
    ["receiver_phone", "orderer_phone"],
  ] as const) {
    const target = input(to);
    if (target) target.value = input(from)?.value ?? "";
  }
}

/** A required consent: a check box with its message from the action. */
function Consent({
  name,
  label,
  values,
  error,
  autoFocus,
}: {
  name: "agree_order" | "agree_third_party";
  label: string;
  values: Values;
  error?: string;
  autoFocus?: boolean;
}) {
  return (
    <label className={css.check}>
      <input
        type="checkbox"
        name={name}
        defaultChecked={values[name] === "on"}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
      />
      <span>{label}</span>
      {error ? (
        <span id={`${name}-error`} className={css.fieldError}>
          {error}
        </span>
      ) : null}
    </label>
  );
}

/** One input of the sheet, its limits from ORDER_FIELDS and its message from the action. */
function Field({
  name,
  label,
  value,
  error,
  ...rest
}: {
  name: OrderFieldName;
  label: string;
  value?: string;
  error?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "value" | "required" | "max" | "pattern">) {
  const rule = ORDER_FIELDS[name];
  const errorId = `${name}-error`;
  return (
    <label className={css.label}>
      <span>{label}</span>
      <input
        className={css.input}
        name={name}
        defaultValue={value}
        required={rule.required}
        maxLength={rule.max}
        pattern={rule.pattern}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...rest}
      />
      {error ? (
        <span id={errorId} className={css.fieldError}>
          {error}
        </span>
      ) : null}
    </label>
  );
}
