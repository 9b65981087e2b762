import { shopMeta } from "~/lib/seo";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, type ShouldRevalidateFunction, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import { useEffect, useState } from "react";
import * as css from "~/components/account/account.css";
import { AppLoginDone } from "~/components/account/AppLoginDone";
import { Checkbox, Field, FormMessage } from "~/components/account/Fields";
import { formFailure, redirectAfterLogin } from "~/lib/auth-actions.server";
import { cookieHeaders, isNativeAppRequest } from "~/lib/auth.server";
import { LoginForm } from "~/shared/forms/auth";
import { fieldErrors, keptValues } from "~/shared/forms/errors";
import { useFormErrors } from "~/lib/forms/use-form-errors";
import { recallReturn, rememberReturn } from "~/lib/login-return.client";
import { nativeBridge } from "~/lib/native-app.client";
import { safeReturnPath } from "~/shared/return-path";
import { useRootData } from "~/lib/root-data";
import { koAuth } from "~/shared/messages/auth";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koAuth.loginTitle, noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const given = url.searchParams.get("url");
  const returnTo = safeReturnPath(given);
  if (context.member && !isNativeAppRequest(request)) throw redirectAfterLogin(returnTo, new Headers());
  const shop = context.shop;
  // On a custom domain, a member logged in on the shop's sub-domain can bring that login along.
  const onCustomDomain = !!shop.dom3 && url.hostname.toLowerCase() === shop.dom3.toLowerCase();
  return {
    url: given !== null ? returnTo : null,
    required: url.searchParams.has("dom"),
    carry: onCustomDomain
      ? {
          host: `${shop.dom}.${context.config.PLATFORM_DOMAIN}`,
          href: `/api/user/login/redirect?${new URLSearchParams({ url: returnTo, keep: "0" })}`,
        }
      : null,
    carryFailed: url.searchParams.get("carry") === "failed",
    resetDone: url.searchParams.get("reset") === "done",
    // Sent here by a page that acts for a member whose session has ended (decision 048).
    expired: url.searchParams.get("expired") === "1",
  };
}

/**
 * After a login inside the native app the page stays to tell the app; the loader would see the
 * new session and move on, so it is not run again for that answer.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === "object" && "app" in actionResult ? false : defaultShouldRevalidate;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["email", "keep", "url"]);
  const parsed = LoginForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  const { email, password, keep } = parsed.data;
  const returnTo = safeReturnPath(parsed.data.url || new URL(request.url).searchParams.get("url"));
  try {
    const result = await context.api.callWithHeaders("login", { body: { email, password, keep } });
    const headers = cookieHeaders(result.headers);
    // Inside the shop's app the app takes over: it is told, instead of the page moving on.
    if (parsed.data.app || isNativeAppRequest(request)) {
      return data({ app: { uid: result.data.uid, url: returnTo } }, { headers });
    }
    return redirectAfterLogin(returnTo, headers);
  } catch (error) {
    return formFailure(error, values, [400, 401, 429]);
  }
}

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
        />
        <Field
          name="password"
          label={koAuth.password}
          type="password"
          autoComplete="current-password"
          error={errors.password}
        />
        <Checkbox name="keep" label={koAuth.keep} defaultChecked={values.keep === "on"} />
        <button className={css.button} type="submit" disabled={submitting}>
          {submitting ? koAuth.loggingIn : koAuth.loginButton}
        </button>
      </Form>
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
