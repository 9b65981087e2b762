import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import * as css from "~/components/account/account.css";
import { Field, FormMessage } from "~/components/account/Fields";
import { useRootData } from "~/lib/root-data";
import { koAccount as t } from "~/shared/messages/account";
import { loginPath } from "~/shared/return-path";
import type { action } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: t.lookupTitle, noindex: true });

export { action } from "./page.server";

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
