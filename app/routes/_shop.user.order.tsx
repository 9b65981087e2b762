import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as css from "~/components/cart/cart.css";
import { BankTransferInfo, OrderSummary, formatDeadline } from "~/components/cart/OrderSummary";
import { isShopApiError } from "~/shared/api-client.server";
import type { PayMethod } from "~/shared/contracts/cart";
import { BANK_DEADLINE_DAYS, PAY_METHODS } from "~/shared/limits";
import { PAY_ERROR_TEXT, payErrorCode } from "~/shared/order-errors";
import { accountPath, loadOwnOrder, loginAgainIfExpired } from "~/lib/cart.server";
import { ko } from "~/shared/messages";
import { orderStatusLabel } from "~/shared/order-status";
import { rootMatchData, useRootData } from "~/lib/root-data";
import { koOrder } from "~/shared/messages/cart";
import { visuallyHidden } from "../../styles/a11y.css";

export const meta: MetaFunction = ({ matches }) => {
  const root = rootMatchData(matches);
  return [
    { title: `${koOrder.sheetTitle} | ${root?.shop?.name ?? ko.defaultShopName}` },
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const order = await loadOwnOrder(request, context);
  const npay = new URL(request.url).searchParams.get("npay") === "1";
  return { order, npay, cartPath: accountPath("/user/checkout", request, context) };
}

/** The API's phone rule, written for the browser's pattern attribute (which uses the v flag). */
const PHONE_PATTERN = String.raw`[0-9+\-\(\) ]{8,20}`;

const FIELDS = [
  "orderer_name",
  "orderer_phone",
  "receiver_name",
  "receiver_phone",
  "postcode",
  "address",
  "detail",
  "memo",
  "depositor",
] as const;
type Values = Partial<Record<(typeof FIELDS)[number] | "pay_method", string>>;

export async function action({ request, context }: ActionFunctionArgs) {
  const order = await loadOwnOrder(request, context);
  const form = await request.formData();
  const values: Values = Object.fromEntries(
    [...FIELDS, "pay_method" as const].map((k) => [k, String(form.get(k) ?? "").trim()]),
  );
  const method = PAY_METHODS.find((m) => m === values.pay_method) ?? "bank";
  try {
    const result = await context.api.call("payOrder", {
      body: {
        id: order.id,
        pay_method: method,
        orderer_name: values.orderer_name ?? "",
        orderer_phone: values.orderer_phone ?? "",
        receiver_name: values.receiver_name || values.orderer_name || "",
        receiver_phone: values.receiver_phone || values.orderer_phone || "",
        postcode: values.postcode ?? "",
        address: values.address ?? "",
        detail: values.detail ?? "",
        memo: values.memo ?? "",
        depositor: values.depositor || undefined,
      },
    });
    if (result.redirect_url) return redirect(result.redirect_url);
  } catch (error) {
    loginAgainIfExpired(error, request);
    if (!isShopApiError(error)) throw error;
    const code = payErrorCode(error.code);
    // Stock that ran out since the sheet was made: the way forward is the cart.
    const toCart = code === "CHECK_QTY_INFO";
    const message = PAY_ERROR_TEXT[code];
    return data({ error: message, toCart, values }, { status: error.status === 400 ? 400 : 409 });
  }
  return redirect(accountPath(`/user/order_complete?id=${order.id}`, request, context), 303);
}

export default function OrderSheet() {
  const { order, npay, cartPath } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const { storageUrl } = useRootData();
  const navigation = useNavigation();
  const paying = navigation.state === "submitting";
  const values: Values = failed?.values ?? {};
  const open = order.status === "WAITING_PAYMENT" && !order.payment;
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
        {koOrder.orderNo(order.id)} · <span data-testid="order-status">{orderStatusLabel(order.status)}</span>
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
        <Form method="post" aria-label={koOrder.sheetTitle} className={css.fields}>
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
              <Field
                name="orderer_name"
                label={koOrder.name}
                value={values.orderer_name}
                autoComplete="name"
                max={40}
              />
              <Field
                name="orderer_phone"
                label={koOrder.phone}
                value={values.orderer_phone}
                type="tel"
                autoComplete="tel"
                pattern={PHONE_PATTERN}
                max={20}
              />
            </div>
          </section>
          <section className={css.section} aria-labelledby="delivery">
            <h2 id="delivery" className={css.sectionTitle}>
              {koOrder.delivery}
            </h2>
            <div className={css.fields}>
              <div className={css.fieldRow}>
                <Field
                  name="receiver_name"
                  label={koOrder.receiver}
                  value={values.receiver_name}
                  autoComplete="shipping name"
                  max={40}
                />
                <Field
                  name="receiver_phone"
                  label={koOrder.phone}
                  value={values.receiver_phone}
                  type="tel"
                  autoComplete="shipping tel"
                  pattern={PHONE_PATTERN}
                  max={20}
                />
              </div>
              <Field
                name="postcode"
                label={koOrder.postcode}
                value={values.postcode}
                inputMode="numeric"
                autoComplete="shipping postal-code"
                pattern="[0-9]{5,6}"
                max={6}
              />
              <Field
                name="address"
                label={koOrder.address}
                value={values.address}
                autoComplete="shipping address-line1"
                max={200}
              />
              <Field
                name="detail"
                label={koOrder.addressDetail}
                value={values.detail}
                autoComplete="shipping address-line2"
                required={false}
                max={200}
              />
              <Field
                name="memo"
                label={koOrder.memo}
                value={values.memo}
                required={false}
                placeholder={koOrder.memoPlaceholder}
                max={200}
              />
            </div>
          </section>
          <section className={css.section} aria-labelledby="payment">
            <h2 id="payment" className={css.sectionTitle}>
              {koOrder.payment}
            </h2>
            <fieldset className={css.methods}>
              <legend className={visuallyHidden}>{koOrder.payment}</legend>
              {PAY_METHODS.map((m) => {
                const on = available.get(m) === true;
                return (
                  <label key={m} className={on ? css.method : css.methodOff}>
                    <input
                      type="radio"
                      name="pay_method"
                      value={m}
                      defaultChecked={m === preferred && on}
                      disabled={!on}
                      required
                    />
                    <span>{koOrder.methods[m]}</span>
                    {on ? null : <span className={css.muted}>({koOrder.unavailable})</span>}
                  </label>
                );
              })}
            </fieldset>
            {available.get("bank") ? (
              <div className={css.fields} style={{ marginTop: 12 }}>
                <Field name="depositor" label={koOrder.depositor} value={values.depositor} required={false} max={40} />
                <p className={css.muted}>{koOrder.deadlineNote(BANK_DEADLINE_DAYS)}</p>
              </div>
            ) : null}
          </section>
          <p className={css.muted}>{koOrder.sheetDeadline(formatDeadline(order.deadline))}</p>
          <button type="submit" className={css.primary} disabled={paying}>
            {paying ? koOrder.paying : `${koOrder.pay} · ${order.total_price.toLocaleString("ko-KR")}${ko.common.won}`}
          </button>
        </Form>
      ) : null}
    </>
  );
}

function Field({
  name,
  label,
  value,
  required = true,
  max,
  ...rest
}: {
  name: string;
  label: string;
  value?: string;
  required?: boolean;
  max: number;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "value" | "required" | "max">) {
  return (
    <label className={css.label}>
      <span>{label}</span>
      <input className={css.input} name={name} defaultValue={value} required={required} maxLength={max} {...rest} />
    </label>
  );
}
