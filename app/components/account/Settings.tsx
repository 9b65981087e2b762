import { PostcodeSearch } from "~/components/PostcodeSearch";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type { SavedAddress } from "~/shared/contracts/settings";
import { meetsRule, ORDER_FIELDS } from "~/shared/forms/order-fields";
import { koSettings as t } from "~/shared/messages/settings";
import { koOrder } from "~/shared/messages/cart";
import type { SettingsIntent, SettingsResult } from "~/lib/settings-actions.server";
import { Checkbox, Field, FormMessage } from "./Fields";
import { accountRule } from "~/shared/forms/account-rules";
import * as css from "./account.css";
import { formatPhone, mobileDigits } from "~/shared/phone";

/** The parts of /user/info besides the profile: each its own form, posting its `intent`. */

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={css.section} aria-labelledby={`${id}-title`} id={id}>
      <h2 id={`${id}-title`} className={css.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Messages({ result, intent }: { result?: SettingsResult; intent: SettingsIntent | SettingsIntent[] }) {
  const mine = result && ([] as SettingsIntent[]).concat(intent).includes(result.intent) ? result : undefined;
  if (!mine) return null;
  return (
    <>
      {mine.notice ? <FormMessage kind="notice">{mine.notice}</FormMessage> : null}
      {mine.formError ? <FormMessage kind="error">{mine.formError}</FormMessage> : null}
    </>
  );
}

const errorsOf = (result: SettingsResult | undefined, intent: SettingsIntent) =>
  result?.intent === intent ? (result.errors ?? {}) : {};

export function PasswordSection({ result }: { result?: SettingsResult }) {
  const errors = errorsOf(result, "password");
  return (
    <Section id="password" title={t.passwordTitle}>
      <Form method="post" className={css.form} aria-label={t.passwordTitle} noValidate>
        <input type="hidden" name="intent" value="password" />
        <Messages result={result} intent="password" />
        <Field
          name="current"
          label={t.currentPassword}
          type="password"
          autoComplete="current-password"
          error={errors.current}
          valid={accountRule.password}
        />
        <Field
          name="password"
          label={t.newPassword}
          type="password"
          autoComplete="new-password"
          error={errors.password}
          valid={accountRule.changedPassword}
        />
        <Field
          name="password2"
          label={t.newPassword2}
          type="password"
          autoComplete="new-password"
          error={errors.password2}
          valid={accountRule.password2}
        />
        <button className={css.button} type="submit">
          {t.changePassword}
        </button>
      </Form>
    </Section>
  );
}

/**
 * The account's mobile number (decision 180): the order sheet starts with it, and a shop joined
 * with one tap receives it. The one phone rule, mobile only; empty removes it. A plain post.
 */
export function PhoneSection({ phone, result }: { phone: string | null; result?: SettingsResult }) {
  const errors = errorsOf(result, "phone");
  const typed = result?.intent === "phone" && result.errors ? result.values?.phone : undefined;
  return (
    <Section id="phone" title={t.phoneTitle}>
      <Form method="post" className={css.form} aria-label={t.phoneTitle} noValidate>
        <input type="hidden" name="intent" value="phone" />
        <Messages result={result} intent="phone" />
        <Field
          name="phone"
          label={t.phoneLabel}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={20}
          defaultValue={typed ?? formatPhone(phone)}
          key={typed ?? phone ?? ""}
          hint={t.phoneHint}
          error={errors.phone}
          valid={(v) => v.trim() === "" || mobileDigits(v) !== null}
        />
        <button className={css.secondaryButton} type="submit">
          {t.phoneSave}
        </button>
      </Form>
    </Section>
  );
}

export function MarketingSection({ agreedAt, result }: { agreedAt: number | null; result?: SettingsResult }) {
  return (
    <Section id="marketing" title={t.marketingTitle}>
      <Form method="post" className={css.form} aria-label={t.marketingTitle}>
        <input type="hidden" name="intent" value="marketing" />
        <Messages result={result} intent="marketing" />
        <Checkbox name="agree" label={t.marketingLabel} defaultChecked={agreedAt !== null} key={String(agreedAt)} />
        <p className={css.hint} data-testid="marketing-state">
          {agreedAt !== null ? t.marketingAgreed(agreedAt) : t.marketingNone}
        </p>
        <button className={css.secondaryButton} type="submit">
          {t.marketingSave}
        </button>
      </Form>
    </Section>
  );
}

export function AddressSection({ items, result }: { items: SavedAddress[]; result?: SettingsResult }) {
  const errors = errorsOf(result, "address");
  const values = result?.intent === "address" ? (result.values ?? {}) : {};
  const field = (
    name: "receiver_name" | "receiver_phone" | "postcode" | "address" | "detail",
    label: string,
    extra = {},
  ) => (
    <Field
      name={name}
      label={label}
      maxLength={ORDER_FIELDS[name].max}
      defaultValue={values[name] ?? ""}
      error={errors[name]}
      valid={(v) => meetsRule(name, v)}
      {...extra}
    />
  );
  const o = koOrder;
  return (
    <Section id="addresses" title={t.addressesTitle}>
      <Messages result={result} intent={["address", "address_change"]} />
      {items.length === 0 ? <p className={css.hint}>{t.addressesEmpty}</p> : null}
      <ul className={css.addressList} data-testid="addresses">
        {items.map((a) => (
          <li key={a.id} className={css.addressItem}>
            <p className={css.flush}>
              <strong>{a.receiver_name}</strong> {a.is_default ? <span className={css.tag}>{t.defaultTag}</span> : null}
            </p>
            <p className={css.flush}>
              ({a.postcode}) {a.address} {a.detail}
            </p>
            <p className={css.hint}>{formatPhone(a.receiver_phone)}</p>
            <Form method="post" className={css.inlineButtons}>
              <input type="hidden" name="intent" value="address_change" />
              <input type="hidden" name="id" value={a.id} />
              {a.is_default ? null : (
                <button className={css.smallSecondary} type="submit" name="action" value="default">
                  {t.makeDefault}
                </button>
              )}
              <button className={css.smallSecondary} type="submit" name="action" value="remove">
                {t.removeAddress}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post" className={css.form} aria-label={t.addAddress} noValidate>
        <input type="hidden" name="intent" value="address" />
        {field("receiver_name", o.receiver, { autoComplete: "name" })}
        {field("receiver_phone", o.phone, { autoComplete: "tel", inputMode: "tel" })}
        <PostcodeSearch>
          {field("postcode", o.postcode, { autoComplete: "postal-code", inputMode: "numeric" })}
        </PostcodeSearch>
        {field("address", o.address, { autoComplete: "address-line1" })}
        {field("detail", o.addressDetail, { autoComplete: "address-line2" })}
        <Checkbox name="is_default" label={t.asDefault} />
        <button className={css.secondaryButton} type="submit">
          {t.addAddress}
        </button>
      </Form>
    </Section>
  );
}

/** `hasPassword` false: a Kakao/Naver account (decision 115) confirms with the box alone. */
export function WithdrawSection({ result, hasPassword }: { result?: SettingsResult; hasPassword: boolean }) {
  const errors = errorsOf(result, "withdraw");
  return (
    <Section id="withdraw" title={t.withdrawTitle}>
      <p className={css.hint}>{t.withdrawText}</p>
      <Form method="post" className={css.form} aria-label={t.withdrawTitle} noValidate>
        <input type="hidden" name="intent" value="withdraw" />
        <Messages result={result} intent="withdraw" />
        {hasPassword ? (
          <Field
            name="leave_password"
            label={t.currentPassword}
            type="password"
            autoComplete="current-password"
            error={errors.leave_password}
            valid={accountRule.password}
          />
        ) : null}
        <Checkbox name="confirm" label={t.withdrawConfirm} error={errors.confirm} />
        <button className={css.secondaryButton} type="submit">
          {t.withdraw}
        </button>
      </Form>
    </Section>
  );
}
