import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, type ShouldRevalidateFunction, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import { useEffect, useState } from "react";
import * as css from "~/components/account/account.css";
import { AppLoginDone } from "~/components/account/AppLoginDone";
import { SocialLoginLinks } from "~/components/account/SocialLogin";
import { Field, FormMessage } from "~/components/account/Fields";
import { accountRule } from "~/shared/forms/account-rules";
import { JoinConsents } from "~/components/account/JoinConsents";
import { JoinForm } from "~/shared/forms/auth";
import { useFormErrors } from "~/lib/forms/use-form-errors";
import { recallReturn } from "~/lib/login-return.client";
import { nativeBridge } from "~/lib/native-app.client";
import { useRootData } from "~/lib/root-data";
import { koAuth } from "~/shared/messages/auth";
import type { loader, action } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koAuth.joinTitle, noindex: true });

export { loader, action } from "./page.server";

/**
 * After a login inside the native app the page stays to tell the app; the loader would see the
 * new session and move on, so it is not run again for that answer.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === "object" && "app" in actionResult ? false : defaultShouldRevalidate;

export default function JoinPage() {
  const { shop } = useRootData();
  const page = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const submitting = useNavigation().state === "submitting";
  // An address that is taken is shown at the e-mail field.
  const serverErrors = result?.code === "EMAIL_TAKEN" ? { email: result.formError } : result?.errors;
  const { errors, onSubmit, form } = useFormErrors(JoinForm, serverErrors, result);
  const [returnUrl, setReturnUrl] = useState(page.url ?? "");
  const [inApp, setInApp] = useState(false);
  useEffect(() => {
    if (!page.url) setReturnUrl(recallReturn(shop.shopid) ?? "");
    setInApp(nativeBridge() !== null);
  }, [page.url, shop.shopid]);

  if (result?.app) return <AppLoginDone uid={result.app.uid} url={result.app.url} />;

  const values = result?.values ?? {};
  const withUrl = returnUrl ? `?${new URLSearchParams({ url: returnUrl })}` : "";
  return (
    <>
      <h1 className={css.title}>{koAuth.joinTitle}</h1>
      <Form ref={form} method="post" noValidate className={css.form} onSubmit={onSubmit} aria-label={koAuth.joinTitle}>
        {result?.formError && result.code !== "EMAIL_TAKEN" ? (
          <FormMessage kind="error">{result.formError}</FormMessage>
        ) : null}
        <input type="hidden" name="url" value={returnUrl} />
        {inApp ? <input type="hidden" name="app" value="1" /> : null}
        <Field
          name="email"
          label={koAuth.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          defaultValue={values.email}
          error={errors.email}
          valid={accountRule.email}
        />
        <Field
          name="name"
          label={koAuth.name}
          autoComplete="name"
          defaultValue={values.name}
          error={errors.name}
          valid={accountRule.name}
        />
        <Field
          name="password"
          label={koAuth.password}
          type="password"
          autoComplete="new-password"
          hint={koAuth.passwordHint}
          error={errors.password}
          valid={accountRule.newPassword}
        />
        <Field
          name="password2"
          label={koAuth.passwordConfirm}
          type="password"
          autoComplete="new-password"
          error={errors.password2}
          valid={accountRule.password2}
        />
        <JoinConsents values={values} errors={errors} />
        <button className={css.button} type="submit" disabled={submitting}>
          {submitting ? koAuth.joining : koAuth.joinButton}
        </button>
      </Form>
      <SocialLoginLinks returnUrl={returnUrl} />
      <p className={css.links}>
        <span>
          {koAuth.haveAccount} <Link to={`/user/login${withUrl}`}>{koAuth.loginTitle}</Link>
        </span>
      </p>
    </>
  );
}
