import { shopMeta } from "~/lib/seo";
import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import * as css from "~/components/account/account.css";
import { Field, FormMessage } from "~/components/account/Fields";
import { cookieHeaders } from "~/lib/auth.server";
import { useRootData } from "~/lib/root-data";
import { isShopApiError } from "~/shared/api-client.server";
import { koAccount as t } from "~/shared/messages/account";
import { loginPath } from "~/shared/return-path";

export const meta: MetaFunction = (args) => shopMeta(args, { title: t.lookupTitle, noindex: true });

/**
 * 비회원 주문조회 (decision 058): the order number and the orderer's phone number open the order
 * in this browser, from any device. A plain form; wrong numbers get one message whichever was wrong.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = { order_id: String(form.get("order_id") ?? "").trim(), phone: String(form.get("phone") ?? "").trim() };
  const orderId = values.order_id.replace(/\D/g, "");
  if (!orderId || !values.phone) return data({ error: t.lookupFailed, values }, { status: 400 });
  try {
    const result = await context.api.callWithHeaders("lookupOrder", {
      body: { order_id: orderId, phone: values.phone },
    });
    return redirect(`/myshop/order_view?id=${result.data.id}`, { headers: cookieHeaders(result.headers) });
  } catch (error) {
    if (!isShopApiError(error) || error.status >= 500) throw error;
    return data({ error: error.status === 400 ? t.lookupFailed : error.message, values }, { status: error.status });
  }
}

export default function OrderLookup() {
  const failed = useActionData<typeof action>();
  const [params] = useSearchParams();
  const { shop, session } = useRootData();
  return (
    <div className={css.page}>
      <h1 className={css.title}>{t.lookupTitle}</h1>
      <p className={css.intro}>{t.lookupIntro}</p>
      <Form method="post" className={css.form} aria-label={t.lookupTitle} noValidate>
        {failed?.error ? <FormMessage kind="error">{failed.error}</FormMessage> : null}
        <Field
          name="order_id"
          label={t.orderNo}
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          defaultValue={failed?.values.order_id ?? params.get("id") ?? ""}
        />
        <Field
          name="phone"
          label={t.ordererPhone}
          type="tel"
          autoComplete="tel"
          maxLength={20}
          defaultValue={failed?.values.phone ?? ""}
        />
        <button className={css.button} type="submit">
          {t.lookup}
        </button>
      </Form>
      {session.login === 1 ? null : (
        <p className={css.intro}>
          {t.lookupMember} <Link to={loginPath("/myshop/order_all", shop.dom)}>{t.login}</Link>
        </p>
      )}
    </div>
  );
}
