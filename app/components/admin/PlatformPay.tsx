import { Form, Link } from "@remix-run/react";
import * as cartCss from "~/components/cart/cart.css";
import * as domainCss from "~/components/admin/domain.css";
import { Field } from "~/components/ui/Field";
import type { SettlementPage } from "~/shared/contracts";
import { SELLER_TYPES, type SellerInput } from "~/shared/forms/payout-seller";
import { BANK_CHOICES } from "~/shared/banks";
import { koSettlement } from "~/shared/messages/settlement";

const t = koSettlement;

/** The fee as an owner reads it: 3.3, never 3.30. */
export const feePercent = (bps: number) => String(bps / 100);

/**
 * Cards on day one through the platform's contract (issue 52 item 1, decision 178): what it costs
 * and when the money comes, then the seller registration (prefilled from the shop's business
 * details and deposit account), or the registered seller and its state.
 */
export function PlatformPay({
  platform,
  typed,
  errors,
  busy,
}: {
  platform: SettlementPage;
  typed: SellerInput | undefined;
  errors: Record<string, string | undefined>;
  busy: boolean;
}) {
  const p = t.platform;
  if (!platform.available) {
    return (
      <section className={cartCss.section} aria-label={p.title}>
        <h3 className={cartCss.sectionTitle}>{p.title}</h3>
        <p className={cartCss.muted}>{p.unavailable}</p>
      </section>
    );
  }
  const inUse = platform.pay_via === "platform" && platform.seller !== null;
  return (
    <section className={cartCss.section} aria-label={p.title} data-testid="platform-pay">
      <h3 className={cartCss.sectionTitle}>{p.title}</h3>
      <p className={cartCss.muted}>{p.help}</p>
      <ul className={domainCss.steps}>
        <li>{p.fee(feePercent(platform.fee_bps))}</li>
        <li>{p.schedule(platform.hold_days)}</li>
        <li>{p.limit}</li>
      </ul>
      {platform.seller ? (
        <>
          <dl className={domainCss.record} data-testid="payout-seller">
            <dt className={domainCss.term}>{t.seller.registered}</dt>
            <dd className={domainCss.purpose}>
              {platform.seller.name} · {t.seller.types[platform.seller.business_type]}
            </dd>
            <dt className={domainCss.term}>{t.seller.account}</dt>
            <dd className={domainCss.purpose}>
              {t.seller.account4(platform.seller.bank, platform.seller.account_last4, platform.seller.holder)}
            </dd>
            <dt className={domainCss.term}>{t.seller.status}</dt>
            <dd className={domainCss.purpose} data-testid="seller-status">
              {t.seller.statuses[platform.seller.status]}
            </dd>
          </dl>
          {inUse ? (
            <p data-testid="pay-via">
              {p.inUse} <Link to="/admin/settlement">{t.title}</Link>
            </p>
          ) : (
            <Form method="post" className={domainCss.actions}>
              <p className={cartCss.mutedPlain}>{p.ownInUse}</p>
              <button className={cartCss.primary} name="intent" value="via" disabled={busy}>
                {p.useThis}
              </button>
            </Form>
          )}
        </>
      ) : (
        <SellerForm prefill={typed ?? platform.prefill} errors={errors} busy={busy} />
      )}
    </section>
  );
}

function SellerForm({
  prefill,
  errors,
  busy,
}: {
  prefill: SellerInput | SettlementPage["prefill"];
  errors: Record<string, string | undefined>;
  busy: boolean;
}) {
  const s = t.seller;
  const text = (name: keyof SettlementPage["prefill"], label: string, extra: Record<string, unknown> = {}) => (
    <Field label={label} error={errors[name]}>
      <input
        className={cartCss.input}
        name={name}
        defaultValue={String(prefill[name] ?? "")}
        aria-invalid={errors[name] ? true : undefined}
        {...extra}
      />
    </Field>
  );
  return (
    <Form method="post" noValidate className={cartCss.fields} aria-label={s.title}>
      <h4 className={cartCss.sectionTitle}>{s.title}</h4>
      <p className={cartCss.mutedPlain}>{s.intro}</p>
      <fieldset className={cartCss.fields}>
        <legend>{s.type}</legend>
        {SELLER_TYPES.map((type) => (
          <label key={type} className={cartCss.checkRow}>
            <input type="radio" name="business_type" value={type} defaultChecked={prefill.business_type === type} />
            <span>{s.types[type]}</span>
          </label>
        ))}
        {errors.business_type ? <span className={cartCss.fieldError}>{errors.business_type}</span> : null}
      </fieldset>
      {text("name", `${s.name} / ${s.companyName}`, { maxLength: 30, autoComplete: "organization" })}
      {text("representative", s.representative, { maxLength: 30 })}
      {text("business_number", s.businessNumber, { maxLength: 12, inputMode: "numeric" })}
      {text("email", s.email, { type: "email", maxLength: 100, autoComplete: "email" })}
      {text("phone", s.phone, { type: "tel", maxLength: 20, autoComplete: "tel" })}
      <Field label={s.bank} error={errors.bank_code}>
        <select
          className={cartCss.input}
          name="bank_code"
          defaultValue={prefill.bank_code ?? ""}
          aria-invalid={errors.bank_code ? true : undefined}
        >
          <option value="">{s.bankChoose}</option>
          {BANK_CHOICES.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </Field>
      {text("account_number", s.account, { inputMode: "numeric", maxLength: 24 })}
      <Field label={s.holder} hint={s.holderHint} error={errors.holder}>
        <input
          className={cartCss.input}
          name="holder"
          maxLength={30}
          defaultValue={prefill.holder ?? ""}
          aria-invalid={errors.holder ? true : undefined}
        />
      </Field>
      <button type="submit" name="intent" value="seller" className={cartCss.primary} disabled={busy}>
        {busy ? s.submitting : s.submit}
      </button>
    </Form>
  );
}
