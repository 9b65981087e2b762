import { shopMeta } from "~/lib/seo";
import type { HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as css from "~/components/account/account.css";
import { Field, FormMessage } from "~/components/account/Fields";
import { accountRule } from "~/shared/forms/account-rules";
import { ForgetForm, ResetForm } from "~/shared/forms/auth";
import { useFormErrors } from "~/lib/forms/use-form-errors";
import { koAuth } from "~/shared/messages/auth";
import type { loader, action } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koAuth.forgetTitle, noindex: true });

// The reset link carries its token: never pass the address on to another site.
export const headers: HeadersFunction = () => ({ "Referrer-Policy": "same-origin" });

export { loader, action } from "./page.server";

type ActionData = {
  errors?: Partial<Record<string, string>>;
  formError?: string;
  sent?: boolean;
  values?: Record<string, string>;
};

export default function ForgetPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  return page.token === null ? <RequestForm result={result} /> : <ResetPasswordForm page={page} result={result} />;
}

function RequestForm({ result }: { result: ActionData | undefined }) {
  const submitting = useNavigation().state === "submitting";
  const { errors, onSubmit } = useFormErrors(ForgetForm, result?.errors);
  return (
    <>
      <h1 className={css.title}>{koAuth.forgetTitle}</h1>
      <p className={css.intro}>{koAuth.forgetIntro}</p>
      <Form method="post" noValidate className={css.form} onSubmit={onSubmit} aria-label={koAuth.forgetTitle}>
        {result?.sent ? <FormMessage kind="notice">{koAuth.forgetSent}</FormMessage> : null}
        {result?.formError ? <FormMessage kind="error">{result.formError}</FormMessage> : null}
        <Field
          name="email"
          label={koAuth.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          defaultValue={result?.values?.email}
          error={errors.email}
          valid={accountRule.email}
        />
        <button className={css.button} type="submit" disabled={submitting}>
          {koAuth.forgetButton}
        </button>
      </Form>
      <p className={css.links}>
        <Link to="/user/login">{koAuth.loginTitle}</Link>
      </p>
    </>
  );
}

function ResetPasswordForm({
  page,
  result,
}: {
  page: { token: string; valid: boolean };
  result: ActionData | undefined;
}) {
  const submitting = useNavigation().state === "submitting";
  const { errors, onSubmit, form } = useFormErrors(ResetForm, result?.errors, result);
  if (!page.valid || result?.formError) {
    return (
      <>
        <h1 className={css.title}>{koAuth.resetTitle}</h1>
        <FormMessage kind="error">{result?.formError ?? koAuth.resetInvalid}</FormMessage>
        <p className={css.links}>
          <Link to="/user/forget">{koAuth.forgetTitle}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1 className={css.title}>{koAuth.resetTitle}</h1>
      <Form ref={form} method="post" noValidate className={css.form} onSubmit={onSubmit} aria-label={koAuth.resetTitle}>
        <input type="hidden" name="token" value={page.token} />
        <Field
          name="password"
          label={koAuth.passwordNew}
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
        <button className={css.button} type="submit" disabled={submitting}>
          {koAuth.resetButton}
        </button>
      </Form>
    </>
  );
}
