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
import { useRootData } from "~/lib/root-data";
import { formatPhone } from "~/shared/phone";
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
  const { shop } = useRootData();

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
  if (pending.account) {
    return (
      <ShareJoin
        provider={koSocial.provider[pending.provider]}
        shopName={shop.name}
        account={pending.account}
        formError={result?.formError ?? errors.agree_share}
        submitting={submitting}
      />
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

/**
 * The one-tap join (decision 177): the person signed up at another shop, so this shop asks only
 * their consent to what it receives — shown item by item with the recipient, purpose and keeping
 * time (개인정보 보호법 §17) — and the button is that consent. A plain post; nothing to type.
 */
function ShareJoin({
  provider,
  shopName,
  account,
  formError,
  submitting,
}: {
  provider: string;
  shopName: string;
  account: { name: string; phone: string | null; email: string | null };
  formError?: string;
  submitting: boolean;
}) {
  const rows: [string, string][] = [
    [koSocial.shareName, account.name],
    [koSocial.sharePhone, account.phone ? formatPhone(account.phone) : koSocial.shareNone],
    [koSocial.shareEmail, account.email ?? koSocial.shareNone],
  ];
  return (
    <>
      <h1 className={css.title}>{koSocial.joinTitle}</h1>
      <p className={css.intro}>{koSocial.shareLead(provider, shopName)}</p>
      <Form method="post" className={css.form} aria-label={koSocial.joinTitle}>
        {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
        <section className={css.section} aria-label={koSocial.shareTitle} data-testid="share-details">
          <h2 className={css.sectionTitle}>{koSocial.shareTitle}</h2>
          <dl className={css.shareList}>
            <dt>{koSocial.shareRecipient}</dt>
            <dd>{shopName}</dd>
            <dt>{koSocial.shareItems}</dt>
            <dd>
              <dl className={css.shareList}>
                {rows.map(([label, value]) => (
                  <div key={label} className={css.shareRow}>
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </dd>
            <dt>{koSocial.sharePurpose}</dt>
            <dd>{koSocial.sharePurposeText}</dd>
            <dt>{koSocial.shareKeep}</dt>
            <dd>{koSocial.shareKeepText}</dd>
          </dl>
        </section>
        <p>
          {koSocial.shareTerms(shopName)}{" "}
          <a className={css.consentView} href="/link?type=terms" target="_blank" rel="noopener">
            {koAuth.terms} {koAuth.view}
          </a>
        </p>
        <p className={css.hint}>{koSocial.shareRefuse}</p>
        <input type="hidden" name="intent" value="share" />
        <input type="hidden" name="agree_share" value="on" />
        <button className={css.button} type="submit" disabled={submitting}>
          {submitting ? koAuth.joining : koSocial.shareButton}
        </button>
      </Form>
    </>
  );
}
