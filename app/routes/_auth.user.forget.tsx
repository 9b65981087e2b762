import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as css from "~/components/account/account.css";
import { Field, FormMessage } from "~/components/account/Fields";
import { formFailure } from "~/lib/auth-actions.server";
import { fieldErrors, ForgetForm, keptValues, ResetForm } from "~/lib/forms/auth";
import { useFormErrors } from "~/lib/forms/use-form-errors";
import { ko } from "~/lib/messages";

export const meta: MetaFunction = () => [{ title: ko.auth.forgetTitle }, { name: "robots", content: "noindex" }];

// The reset link carries its token: never pass the address on to another site.
export const headers: HeadersFunction = () => ({ "Referrer-Policy": "same-origin" });

/** Without a token: ask for the address. With one (the mailed link): ask for the new password. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) return { token: null, valid: false };
  const { valid } = await context.api.call("resetCheck", { query: { token: token.slice(0, 100) } });
  return { token, valid };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.has("token")) {
    const parsed = ResetForm.safeParse(Object.fromEntries(form));
    if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values: {} }, { status: 400 });
    try {
      await context.api.call("reset", { body: { token: parsed.data.token, password: parsed.data.password } });
    } catch (error) {
      return formFailure(error, {}, [400]);
    }
    return redirect("/user/login?reset=done");
  }
  const values = keptValues(form, ["email"]);
  const parsed = ForgetForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values }, { status: 400 });
  try {
    await context.api.call("forget", { body: { email: parsed.data.email } });
  } catch (error) {
    return formFailure(error, values, [429]);
  }
  // The same answer whether or not the address has an account.
  return data({ sent: true, values });
}

type ActionData = {
  errors?: Partial<Record<string, string>>;
  formError?: string;
  sent?: boolean;
  values?: Record<string, string>;
};

export default function ForgetPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  return page.token === null ? <RequestForm result={result} /> : <ResetPasswordForm page={page} result={result} />;
}

function RequestForm({ result }: { result: ActionData | undefined }) {
  const submitting = useNavigation().state === "submitting";
  const { errors, onSubmit } = useFormErrors(ForgetForm, result?.errors);
  return (
    <>
      <h1 className={css.title}>{ko.auth.forgetTitle}</h1>
      <p className={css.intro}>{ko.auth.forgetIntro}</p>
      <Form method="post" noValidate className={css.form} onSubmit={onSubmit} aria-label={ko.auth.forgetTitle}>
        {result?.sent ? <FormMessage kind="notice">{ko.auth.forgetSent}</FormMessage> : null}
        {result?.formError ? <FormMessage kind="error">{result.formError}</FormMessage> : null}
        <Field
          name="email"
          label={ko.auth.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          defaultValue={result?.values?.email}
          error={errors.email}
        />
        <button className={css.button} type="submit" disabled={submitting}>
          {ko.auth.forgetButton}
        </button>
      </Form>
      <p className={css.links}>
        <Link to="/user/login">{ko.auth.loginTitle}</Link>
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
        <h1 className={css.title}>{ko.auth.resetTitle}</h1>
        <FormMessage kind="error">{result?.formError ?? ko.auth.resetInvalid}</FormMessage>
        <p className={css.links}>
          <Link to="/user/forget">{ko.auth.forgetTitle}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1 className={css.title}>{ko.auth.resetTitle}</h1>
      <Form
        ref={form}
        method="post"
        noValidate
        className={css.form}
        onSubmit={onSubmit}
        aria-label={ko.auth.resetTitle}
      >
        <input type="hidden" name="token" value={page.token} />
        <Field
          name="password"
          label={ko.auth.passwordNew}
          type="password"
          autoComplete="new-password"
          hint={ko.auth.passwordHint}
          error={errors.password}
        />
        <Field
          name="password2"
          label={ko.auth.passwordConfirm}
          type="password"
          autoComplete="new-password"
          error={errors.password2}
        />
        <button className={css.button} type="submit" disabled={submitting}>
          {ko.auth.resetButton}
        </button>
      </Form>
    </>
  );
}
