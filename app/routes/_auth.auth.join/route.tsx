import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as css from "~/components/account/account.css";
import { Field, FormMessage } from "~/components/account/Fields";
import { accountRule } from "~/shared/forms/account-rules";
import { JoinConsents } from "~/components/account/JoinConsents";
import { SocialJoinForm } from "~/shared/forms/social-login";
import { useFormErrors } from "~/lib/forms/use-form-errors";
import { koAuth } from "~/shared/messages/auth";
import { koSocial } from "~/shared/messages/social-login";
import type { loader, action } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koSocial.joinTitle, noindex: true });

export { loader, action } from "./page.server";

/**
 * A first Kakao/Naver login's sign-up (decision 115): the shop's consents on our own form, a plain
 * post that works without scripts. The person comes from the pending row this browser's cookie
 * names, never from the page.
 */
export default function SocialJoinPage() {
  const { pending } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const { errors, onSubmit, form } = useFormErrors(SocialJoinForm, result?.errors, result);

  if (!pending || result?.code === "SIGNUP_EXPIRED") {
    return (
      <>
        <h1 className={css.title}>{koSocial.joinTitle}</h1>
        <FormMessage kind="error">{koSocial.joinExpired}</FormMessage>
        <p className={css.links}>
          <Link to="/user/login">{koAuth.loginTitle}</Link>
        </p>
      </>
    );
  }
  const values = result?.values ?? {};
  return (
    <>
      <h1 className={css.title}>{koSocial.joinTitle}</h1>
      <p className={css.intro}>{koSocial.joinLead(koSocial.provider[pending.provider])}</p>
      <p className={css.intro}>
        {koSocial.joinHasAccount(koSocial.provider[pending.provider])} <Link to="/user/login">{koAuth.loginTitle}</Link>
      </p>
      <Form
        ref={form}
        method="post"
        noValidate
        className={css.form}
        onSubmit={onSubmit}
        aria-label={koSocial.joinTitle}
      >
        {result?.formError ? <FormMessage kind="error">{result.formError}</FormMessage> : null}
        <Field
          name="name"
          label={koAuth.name}
          autoComplete="name"
          defaultValue={values.name ?? pending.name ?? ""}
          error={errors.name}
          valid={accountRule.name}
        />
        <JoinConsents values={values} errors={errors} />
        <button className={css.button} type="submit" disabled={submitting}>
          {submitting ? koAuth.joining : koSocial.joinButton}
        </button>
      </Form>
    </>
  );
}
