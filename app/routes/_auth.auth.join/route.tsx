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
import { formatCount } from "~/shared/format";
import { ShareDetails, type ShareAccount } from "~/components/account/ShareDetails";
import type { loader, action } from "./page.server";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koSocial.joinTitle, noindex: true });

export { loader, action } from "./page.server";

/**
 * A first Kakao/Naver login's sign-up (decision 115): the shop's consents on our own form, a plain
 * post that works without scripts. The person comes from the pending row this browser's cookie
 * names, never from the page.
 */
export default function SocialJoinPage() {
  const { pending, session, url, answered } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const busy = submitting ? String(navigation.formData?.get("intent") ?? "") : null;
  const { errors, onSubmit, form } = useFormErrors(SocialJoinForm, result?.errors, result);
  const { shop } = useRootData();

  // An account logged in here that is a member of another shop (decision 180).
  if (!pending && session && result?.code !== "SIGNUP_EXPIRED") {
    return (
      <ShareJoin
        provider={null}
        shopName={shop.name}
        account={session.account}
        joinPoint={session.join_point}
        url={url}
        formError={result?.formError ?? errors.agree_share}
        busy={busy}
      />
    );
  }
  // Logged in with nothing to ask (answered already, or a member here): on to where they were.
  if (!pending && answered && !result) {
    return (
      <>
        <h1 className={css.title}>{koSocial.shareTitleAccount(shop.name)}</h1>
        <p className={css.intro}>{koSocial.shareAnswered}</p>
        <Link className={css.button} to={url} reloadDocument={url.startsWith("/api/")}>
          {koSocial.shareContinue}
        </Link>
      </>
    );
  }
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
        joinPoint={0}
        url={pending.url}
        formError={result?.formError ?? errors.agree_share}
        busy={busy}
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
 * The one-tap join (decisions 177, 180): the person has an account from another shop, so this shop
 * asks only their consent to what it receives (ShareDetails) and the button is that consent. After
 * a Kakao/Naver login (`provider`) refusing leaves them a guest; an account logged in here (an
 * e-mail login) says no with its own button, stays logged in and is not asked again. Plain posts.
 */
function ShareJoin({
  provider,
  shopName,
  account,
  joinPoint,
  url,
  formError,
  busy,
}: {
  provider: string | null;
  shopName: string;
  account: ShareAccount;
  joinPoint: number;
  url: string;
  formError?: string;
  busy: string | null;
}) {
  return (
    <>
      <h1 className={css.title}>{provider ? koSocial.joinTitle : koSocial.shareTitleAccount(shopName)}</h1>
      <p className={css.intro}>
        {provider ? koSocial.shareLead(provider, shopName) : koSocial.shareLeadAccount(shopName)}
      </p>
      {joinPoint > 0 ? <p className={css.intro}>{koSocial.shareBonus(`${formatCount(joinPoint)}P`)}</p> : null}
      <Form method="post" className={css.form} aria-label={koSocial.shareTitle}>
        {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
        <ShareDetails shopName={shopName} account={account} />
        <p>
          {koSocial.shareTerms(shopName)}{" "}
          <a className={css.consentView} href="/link?type=terms" target="_blank" rel="noopener">
            {koAuth.terms} {koAuth.view}
          </a>
        </p>
        <p className={css.hint}>{provider ? koSocial.shareRefuse : koSocial.shareRefuseAccount}</p>
        <input type="hidden" name="intent" value="share" />
        <input type="hidden" name="agree_share" value="on" />
        {provider ? null : <input type="hidden" name="url" value={url} />}
        <button className={css.button} type="submit" disabled={busy !== null}>
          {busy === "share" ? koAuth.joining : koSocial.shareButton}
        </button>
      </Form>
      {provider ? (
        <p className={css.links}>
          <Link to={url} reloadDocument={url.startsWith("/api/")}>
            {koSocial.shareGuest}
          </Link>
        </p>
      ) : (
        <Form method="post" className={css.form} aria-label={koSocial.shareDecline}>
          <input type="hidden" name="intent" value="decline" />
          <input type="hidden" name="url" value={url} />
          <button className={css.secondaryButtonWide} type="submit" disabled={busy !== null}>
            {koSocial.shareDecline}
          </button>
        </Form>
      )}
    </>
  );
}
