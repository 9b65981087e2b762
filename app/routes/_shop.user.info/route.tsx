import { shopMeta } from "~/lib/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as css from "~/components/account/account.css";
import { Avatar } from "~/components/account/Avatar";
import { Checkbox, Field, FormMessage } from "~/components/account/Fields";
import { accountRule } from "~/shared/forms/account-rules";
import { ProfileForm } from "~/shared/forms/auth";
import { useFormErrors } from "~/lib/forms/use-form-errors";
import { koMemberBox } from "~/shared/messages/shop/account";
import { useRootData } from "~/lib/root-data";
import { koAuth } from "~/shared/messages/auth";
import { VerifyForm } from "~/components/identity/VerifyForm";
import { koSettings } from "~/shared/messages/settings";
import { koSocial } from "~/shared/messages/social-login";
import {
  AddressSection,
  MarketingSection,
  PasswordSection,
  PhoneSection,
  WithdrawSection,
} from "~/components/account/Settings";
import type { SettingsResult } from "~/lib/settings-actions.server";
import type { loader, action } from "./page.server";
import { MyShopsSection } from "./MyShopsSection";
import { SocialLinksSection, type SocialResult } from "./SocialLinksSection";
import { UPLOAD_PAGE } from "~/shared/uploads";

export const meta: MetaFunction = (args) => shopMeta(args, { title: koAuth.infoTitle, noindex: true });

export { loader, action } from "./page.server";

/** The profile picture is a file (decision 154). */
export const handle = UPLOAD_PAGE;

export default function InfoPage() {
  const { storageUrl } = useRootData();
  const { info, settings, addresses, verify, verificationAvailable, myShops, openShopUrl, social } =
    useLoaderData<typeof loader>();
  const actionData = useActionResult<typeof action>();
  const settingsResult = actionData?.intent ? (actionData as SettingsResult) : undefined;
  const result = actionData?.intent ? undefined : actionData;
  const submitting = useNavigation().state === "submitting";
  const { errors, onSubmit } = useFormErrors(ProfileForm, result?.errors);
  return (
    <div className={css.page}>
      <h1 className={css.title}>{koAuth.infoTitle}</h1>
      <section className={css.section} aria-labelledby="profile-title">
        <div className={css.row}>
          <Avatar name={info.name} profile={info.profile} storageUrl={storageUrl} className={css.avatarLarge} />
          <h2 id="profile-title" className={css.sectionTitle}>
            {koMemberBox.greeting(info.name)}
          </h2>
        </div>
        <Form
          method="post"
          encType="multipart/form-data"
          noValidate
          className={css.form}
          onSubmit={onSubmit}
          aria-label={koAuth.infoTitle}
        >
          {result?.saved ? <FormMessage kind="notice">{koAuth.saved}</FormMessage> : null}
          {result?.formError ? <FormMessage kind="error">{result.formError}</FormMessage> : null}
          <Field
            name="name"
            label={koAuth.name}
            autoComplete="name"
            defaultValue={result?.values?.name ?? info.name}
            error={errors.name}
            valid={accountRule.name}
          />
          <Field
            name="image"
            label={koAuth.profileImage}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            hint={koAuth.profileImageHint}
            error={errors.image}
          />
          {info.profile ? <Checkbox name="remove_image" label={koAuth.removeImage} /> : null}
          <button className={css.button} type="submit" disabled={submitting}>
            {koAuth.save}
          </button>
        </Form>
      </section>
      <section className={css.section} aria-labelledby="email-title">
        <h2 id="email-title" className={css.sectionTitle}>
          {koSettings.email}
        </h2>
        <p className={css.flush} data-testid="account-email">
          {settings.email ?? koSocial.noEmail}
        </p>
      </section>
      <MyShopsSection shops={myShops} openUrl={openShopUrl} />
      {social ? (
        <SocialLinksSection
          links={social.links}
          note={social.note}
          result={actionData?.intent === "social-unlink" ? (actionData as SocialResult) : undefined}
        />
      ) : null}
      {/* A Kakao/Naver account has no password to change (decision 115). */}
      {settings.has_password ? <PasswordSection result={settingsResult} /> : null}
      <PhoneSection phone={settings.phone} result={settingsResult} />
      <AddressSection items={addresses} result={settingsResult} />
      <MarketingSection agreedAt={settings.marketing_agreed_at} result={settingsResult} />
      <section className={css.section} aria-labelledby="verify-title" id="verification">
        <h2 id="verify-title" className={css.sectionTitle}>
          {koAuth.verification}
        </h2>
        <p className={css.flush}>
          {info.verified.adult ? koAuth.adultVerified : info.verified.identity ? koAuth.verified : koAuth.notVerified}
        </p>
        {verify && !verificationAvailable ? <FormMessage kind="error">{koAuth.verifyUnavailable}</FormMessage> : null}
        {/* Adult verification verifies identity too; a year on it is asked again (decision 114). */}
        {verificationAvailable && !info.verified.adult ? (
          <VerifyForm purpose="adult" returnTo="/user/info#verification" />
        ) : null}
      </section>
      <WithdrawSection result={settingsResult} hasPassword={settings.has_password} />
    </div>
  );
}
