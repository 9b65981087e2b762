import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, type ShouldRevalidateFunction, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import { useEffect, useState } from "react";
import * as css from "~/components/account/account.css";
import { AppLoginDone } from "~/components/account/AppLoginDone";
import { SocialLoginLinks, SocialNote } from "~/components/account/SocialLogin";
import { Checkbox, Field, FormMessage } from "~/components/account/Fields";
import { accountRule } from "~/shared/forms/account-rules";
import { LoginForm } from "~/shared/forms/auth";
import { useFormErrors } from "~/lib/forms/use-form-errors";
import { recallReturn, rememberReturn } from "~/lib/login-return.client";
import { nativeBridge } from "~/lib/native-app.client";
import { useRootData } from "~/lib/root-data";
import { koAuth } from "~/shared/messages/auth";
import type { loader, action } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koAuth.loginTitle, noindex: true });

export { loader, action } from "./page.server";

/**
 * After a login inside the native app the page stays to tell the app; the loader would see the
 * new session and move on, so it is not run again for that answer.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === "object" && "app" in actionResult ? false : defaultShouldRevalidate;

export default function LoginPage() {
  const { shop } = useRootData();
  const page = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const { errors, onSubmit, form } = useFormErrors(LoginForm, result?.errors, result);
  const [returnUrl, setReturnUrl] = useState(page.url ?? "");
  const [inApp, setInApp] = useState(false);

  useEffect(() => {
    if (page.url) rememberReturn(page.url, shop.shopid);
    else setReturnUrl(recallReturn(shop.shopid) ?? "");
    setInApp(nativeBridge() !== null);
  }, [page.url, shop.shopid]);

  if (result?.app) return <AppLoginDone uid={result.app.uid} url={result.app.url} />;

  const values = result?.values ?? {};
  const withUrl = returnUrl ? `?${new URLSearchParams({ url: returnUrl })}` : "";
  return (
    <>
      <h1 className={css.title}>{koAuth.loginTitle}</h1>
      <p className={css.intro}>{koAuth.loginIntro(shop.name)}</p>
      <Form ref={form} method="post" noValidate className={css.form} onSubmit={onSubmit} aria-label={koAuth.loginTitle}>
        {page.required && !result ? <FormMessage kind="notice">{koAuth.loginRequired}</FormMessage> : null}
        {page.resetDone && !result ? <FormMessage kind="notice">{koAuth.resetDone}</FormMessage> : null}
        {page.expired && !result ? <FormMessage kind="notice">{koAuth.sessionExpired}</FormMessage> : null}
        {page.carryFailed && !result ? <FormMessage kind="error">{koAuth.carryFailed}</FormMessage> : null}
        {!result ? <SocialNote note={page.social} /> : null}
        {result?.formError ? (
          <FormMessage kind="error">
            {result.formError}
            {result.code === "TOO_MANY_ATTEMPTS" ? (
              // Locked out by too many failures: a new password is the way in now (decision 095).
              <>
                {" "}
                <Link to="/user/forget">{koAuth.loginLockedLink}</Link>
              </>
            ) : null}
          </FormMessage>
        ) : null}
        <input type="hidden" name="url" value={returnUrl} />
        {inApp ? <input type="hidden" name="app" value="1" /> : null}
        <Field
          name="email"
          label={koAuth.email}
          type="email"
          inputMode="email"
          autoComplete="username"
          defaultValue={values.email}
          error={errors.email}
          valid={accountRule.email}
        />
        <Field
          name="password"
          label={koAuth.password}
          type="password"
          autoComplete="current-password"
          error={errors.password}
          valid={accountRule.password}
        />
        <Checkbox name="keep" label={koAuth.keep} defaultChecked={values.keep === "on"} />
        <button className={css.button} type="submit" disabled={submitting}>
          {submitting ? koAuth.loggingIn : koAuth.loginButton}
        </button>
      </Form>
      <SocialLoginLinks returnUrl={returnUrl} />
      <p className={css.links}>
        <span>
          {koAuth.noAccount} <Link to={`/user/join${withUrl}`}>{koAuth.joinTitle}</Link>
        </span>
        <Link to="/user/forget">{koAuth.forgot}</Link>
      </p>
      {page.expired ? (
        // Leaving the ended session behind is a choice the shopper makes, never a silent fallback.
        <p className={css.links}>
          <a href={`/api/user/logout/v2?${new URLSearchParams({ url: returnUrl || "/" })}`}>{koAuth.continueAsGuest}</a>
        </p>
      ) : null}
      {page.carry ? (
        <p className={css.links}>
          <a href={page.carry.href}>{koAuth.carryLogin(page.carry.host)}</a>
        </p>
      ) : null}
    </>
  );
}
