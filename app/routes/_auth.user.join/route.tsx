import { shopMeta } from "~/lib/seo";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, type ShouldRevalidateFunction, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import { useEffect, useState } from "react";
import * as css from "~/components/account/account.css";
import { AppLoginDone } from "~/components/account/AppLoginDone";
import { Field, FormMessage } from "~/components/account/Fields";
import { JoinConsents } from "~/components/account/JoinConsents";
import { formFailure, redirectAfterLogin, welcomePath } from "~/lib/auth-actions.server";
import { cookieHeaders, isNativeAppRequest } from "~/lib/auth.server";
import { JOIN_CONSENTS, JoinForm } from "~/shared/forms/auth";
import { fieldErrors, keptValues } from "~/shared/forms/errors";
import { useFormErrors } from "~/lib/forms/use-form-errors";
import { recallReturn } from "~/lib/login-return.client";
import { nativeBridge } from "~/lib/native-app.client";
import { safeReturnPath } from "~/shared/return-path";
import { useRootData } from "~/lib/root-data";
import { koAuth } from "~/shared/messages/auth";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koAuth.joinTitle, noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const given = new URL(request.url).searchParams.get("url");
  const returnTo = safeReturnPath(given);
  if (context.member && !isNativeAppRequest(request)) throw redirectAfterLogin(returnTo, new Headers());
  return { url: given !== null ? returnTo : null };
}

/**
 * After a login inside the native app the page stays to tell the app; the loader would see the
 * new session and move on, so it is not run again for that answer.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === "object" && "app" in actionResult ? false : defaultShouldRevalidate;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = keptValues(form, ["email", "name", "url", "agree_all", ...JOIN_CONSENTS]);
  const parsed = JoinForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  const { email, password, name, agree_terms, agree_privacy, agree_age, agree_marketing } = parsed.data;
  const returnTo = safeReturnPath(parsed.data.url || new URL(request.url).searchParams.get("url"));
  try {
    const result = await context.api.callWithHeaders("join", {
      body: { email, password, name, keep: false, agree_terms, agree_privacy, agree_age, agree_marketing },
    });
    const headers = cookieHeaders(result.headers);
    if (form.get("app") === "1" || isNativeAppRequest(request)) {
      return data({ app: { uid: result.data.uid, url: returnTo } }, { headers });
    }
    // The welcome first (what this shop offers members), then on to where the shopper was.
    return redirect(welcomePath(returnTo), { headers });
  } catch (error) {
    return formFailure(error, values, [400, 409, 429]);
  }
}

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
        />
        <Field name="name" label={koAuth.name} autoComplete="name" defaultValue={values.name} error={errors.name} />
        <Field
          name="password"
          label={koAuth.password}
          type="password"
          autoComplete="new-password"
          hint={koAuth.passwordHint}
          error={errors.password}
        />
        <Field
          name="password2"
          label={koAuth.passwordConfirm}
          type="password"
          autoComplete="new-password"
          error={errors.password2}
        />
        <JoinConsents values={values} errors={errors} />
        <button className={css.button} type="submit" disabled={submitting}>
          {submitting ? koAuth.joining : koAuth.joinButton}
        </button>
      </Form>
      <p className={css.links}>
        <span>
          {koAuth.haveAccount} <Link to={`/user/login${withUrl}`}>{koAuth.loginTitle}</Link>
        </span>
      </p>
    </>
  );
}
