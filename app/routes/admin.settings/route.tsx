import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useRef } from "react";
import { useActionResult } from "~/lib/forms/action-result";
import * as cartCss from "~/components/cart/cart.css";
import { Outcome } from "~/components/admin/Outcome";
import { SettingsSection } from "~/components/admin/SettingsSection";
import { Field } from "~/components/ui/Field";
import type { ShopSettings } from "~/shared/contracts";
import {
  backgroundChoice,
  pickerValue,
  type ColourField,
  type SettingsSection as SectionName,
} from "~/shared/forms/shop-settings";
import * as settingsCss from "~/components/admin/settings.css";
import { koShopSettings } from "~/shared/messages/shop-settings";
import { koSeller } from "~/shared/messages/seller";
import { gapLabels, legalGaps, SELLER_TYPES } from "~/shared/seller";
import { changeSettings, loadSettings, type SettingsResult } from "./page.server";
import { formatPhone } from "~/shared/phone";
import { UPLOAD_PAGE } from "~/shared/uploads";

const t = koShopSettings;
const f = t.fields;

/** The shop itself (issue 36 item 4, decision 107): one form per section, each a plain post. */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadSettings(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => changeSettings(request, context);

/** The logo and the backdrop are files (decision 154). */
export const handle = UPLOAD_PAGE;

type Typed = { errors: Partial<Record<string, string>>; values: Record<string, string> | undefined };

/** The posted section's errors and typed values; another section shows what is stored. */
function typed(result: SettingsResult | undefined, section: SectionName): Typed {
  return result?.section === section
    ? { errors: result.errors ?? {}, values: result.values }
    : { errors: {}, values: undefined };
}

function Text({
  name,
  label,
  stored,
  state,
  hint,
  max,
  type = "text",
  inputMode,
}: {
  name: string;
  label: string;
  stored: string | number | null;
  state: Typed;
  hint?: string;
  max?: number;
  type?: "text" | "email" | "url" | "tel";
  inputMode?: "numeric" | "tel" | "email" | "url";
}) {
  const error = state.errors[name];
  return (
    <Field label={label} hint={hint} error={error}>
      <input
        className={cartCss.input}
        name={name}
        type={type}
        inputMode={inputMode}
        maxLength={max}
        defaultValue={state.values?.[name] ?? (stored === null ? "" : String(stored))}
        aria-invalid={error ? true : undefined}
      />
    </Field>
  );
}

function Check({ name, label, stored, state }: { name: string; label: string; stored: boolean; state: Typed }) {
  const checked = state.values ? state.values[name] === "on" : stored;
  return (
    <label className={cartCss.checkRow}>
      <input type="checkbox" name={name} defaultChecked={checked} />
      <span>{label}</span>
    </label>
  );
}

const HEX_CODE = /^#[0-9a-fA-F]{6}$/;

/**
 * A colour as a picker beside its code (issue 52 item 3). Scripts keep the two in step, both
 * ways; without them the server takes the picker when only it moved (pickedColours), so either
 * works with one post. The code field stays the one the label names.
 */
function Colour({
  name,
  label,
  stored,
  state,
}: {
  name: ColourField;
  label: string;
  stored: string | null;
  state: Typed;
}) {
  const error = state.errors[name];
  const shown = state.values?.[name] ?? stored ?? "";
  const code = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  return (
    // A label names one control (HTML): the code's; the picker is named by its own aria-label.
    <div className={cartCss.label}>
      <label htmlFor={`colour-${name}`}>{label}</label>
      <span className={settingsCss.colour}>
        <input
          ref={code}
          id={`colour-${name}`}
          className={cartCss.input}
          name={name}
          maxLength={7}
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={shown}
          aria-invalid={error ? true : undefined}
          onInput={(e) => {
            const v = e.currentTarget.value.trim();
            if (picker.current && HEX_CODE.test(v)) picker.current.value = v.toLowerCase();
          }}
        />
        <input
          ref={picker}
          className={settingsCss.swatch}
          type="color"
          name={`${name}_pick`}
          aria-label={f.colourPick(label)}
          defaultValue={pickerValue(name, shown)}
          onInput={(e) => {
            if (code.current) code.current.value = e.currentTarget.value;
          }}
        />
        <input type="hidden" name={`${name}_was`} value={shown} />
      </span>
      <span className={cartCss.mutedPlain}>{f.colourHint}</span>
      {error ? <span className={cartCss.fieldError}>{error}</span> : null}
    </div>
  );
}

function Forms({
  s,
  result,
  busy,
  storageUrl,
}: {
  s: ShopSettings;
  result: SettingsResult | undefined;
  busy: boolean;
  storageUrl: string;
}) {
  const identity = typed(result, "identity");
  const colours = typed(result, "colours");
  const logo = typed(result, "logo");
  const links = typed(result, "links");
  const business = typed(result, "business");
  const bank = typed(result, "bank");
  const delivery = typed(result, "delivery");
  const display = typed(result, "display");
  const reviews = typed(result, "reviews");
  const bankChosen = bank.values?.bank_name ?? s.bank_name ?? "";
  const sellerType = business.values ? business.values.seller_type : s.seller_type;
  // What the law still asks for, as stored (what was typed is not saved until it passes).
  const gaps = legalGaps(s);
  const background = display.values?.bgimg ?? backgroundChoice(s.bgimg);
  const ownBackground = backgroundChoice(s.bgimg) === "own" ? s.bgimg : null;
  return (
    <>
      <SettingsSection section="identity" busy={busy}>
        <Text name="name" label={f.name} stored={s.name} state={identity} max={40} />
        <Field label={f.profile} error={identity.errors.profile}>
          <textarea
            className={cartCss.input}
            name="profile"
            rows={3}
            maxLength={500}
            defaultValue={identity.values?.profile ?? s.profile ?? ""}
          />
        </Field>
        <Text name="notice" label={f.notice} hint={f.noticeHint} stored={s.notice} state={identity} max={200} />
      </SettingsSection>
      <SettingsSection section="colours" busy={busy}>
        <Colour name="mcolor" label={f.mcolor} stored={s.mcolor} state={colours} />
        <Colour name="mcolor2" label={f.mcolor2} stored={s.mcolor2} state={colours} />
        <Colour name="scolor" label={f.scolor} stored={s.scolor} state={colours} />
        <Colour name="scolor2" label={f.scolor2} stored={s.scolor2} state={colours} />
      </SettingsSection>
      <SettingsSection section="logo" busy={busy} multipart>
        {s.logo ? <img src={`${storageUrl}${s.logo}`} alt="" height={48} data-testid="settings-logo" /> : null}
        <Field label={f.logo} hint={f.logoHint} error={logo.errors.logo}>
          <input
            className={cartCss.input}
            type="file"
            name="logo"
            accept="image/jpeg,image/png,image/gif,image/webp"
            aria-invalid={logo.errors.logo ? true : undefined}
          />
        </Field>
        <Check name="use_logo" label={f.useLogo} stored={s.use_logo} state={logo} />
        {s.logo ? (
          <button type="submit" name="intent" value="remove" className={cartCss.secondary} disabled={busy}>
            {f.removeLogo}
          </button>
        ) : null}
      </SettingsSection>
      <SettingsSection section="links" busy={busy}>
        <Text name="instagram" label={f.instagram} hint={f.linkHint} stored={s.instagram} state={links} type="url" />
        <Text name="youtube" label={f.youtube} hint={f.linkHint} stored={s.youtube} state={links} type="url" />
        <Text name="naver" label={f.naver} hint={f.linkHint} stored={s.naver} state={links} type="url" />
        <Text name="link1" label={f.link1} hint={f.linkHint} stored={s.link1} state={links} type="url" />
        <Check name="show_link" label={f.showLink} stored={s.show_link} state={links} />
      </SettingsSection>
      <SettingsSection section="business" busy={busy}>
        <p className={cartCss.mutedPlain} data-testid="legal-gaps" data-complete={gaps.length === 0}>
          {gaps.length === 0 ? koSeller.complete : koSeller.missing(gapLabels(gaps))}
        </p>
        <fieldset className={cartCss.fields}>
          <legend>{koSeller.typeLegend}</legend>
          {SELLER_TYPES.map((type) => (
            <label key={type} className={cartCss.checkRow}>
              <input type="radio" name="seller_type" value={type} defaultChecked={sellerType === type} />
              <span>{koSeller.types[type]}</span>
            </label>
          ))}
          <span className={cartCss.mutedPlain}>{koSeller.typeHint}</span>
          {business.errors.seller_type ? (
            <span className={cartCss.fieldError}>{business.errors.seller_type}</span>
          ) : null}
        </fieldset>
        <Text name="corpname" label={f.corpname} stored={s.corpname} state={business} max={60} />
        <Text name="ceo" label={f.ceo} stored={s.ceo} state={business} max={30} />
        <Text
          name="idnum"
          label={f.idnum}
          hint={f.idnumHint}
          stored={s.idnum}
          state={business}
          max={12}
          inputMode="numeric"
        />
        <Text
          name="idnum_singo"
          label={f.idnumSingo}
          hint={f.idnumSingoHint}
          stored={s.idnum_singo}
          state={business}
          max={40}
        />
        <Text name="zipcode" label={f.zipcode} stored={s.zipcode} state={business} max={5} inputMode="numeric" />
        <Text name="address" label={f.address} stored={s.address} state={business} max={200} />
        <Text name="tel" label={f.tel} stored={formatPhone(s.tel) || null} state={business} max={20} type="tel" />
        <Text name="email" label={f.email} stored={s.email} state={business} max={100} type="email" />
        <Text name="privacy_officer" label={f.privacyOfficer} stored={s.privacy_officer} state={business} max={30} />
      </SettingsSection>
      <SettingsSection section="bank" busy={busy}>
        <Field label={f.bankName} error={bank.errors.bank_name}>
          <select
            className={cartCss.input}
            name="bank_name"
            defaultValue={bankChosen}
            aria-invalid={bank.errors.bank_name ? true : undefined}
          >
            <option value="">{f.bankChoose}</option>
            {t.banks.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        <Text
          name="bank_account"
          label={f.bankAccount}
          hint={f.bankAccountHint}
          stored={s.bank_account}
          state={bank}
          max={24}
          inputMode="tel"
        />
        <Text name="bank_holder" label={f.bankHolder} stored={s.bank_holder} state={bank} max={30} />
        <Text
          name="guest_deposit_hours"
          label={f.guestHours}
          hint={f.guestHoursHint}
          stored={s.guest_deposit_hours}
          state={bank}
          max={2}
          inputMode="numeric"
        />
      </SettingsSection>
      <SettingsSection section="delivery" busy={busy}>
        <Text name="delivery_fee" label={f.deliveryFee} stored={s.delivery_fee} state={delivery} inputMode="numeric" />
        <Text
          name="free_delivery_threshold"
          label={f.freeThreshold}
          hint={f.freeThresholdHint}
          stored={s.free_delivery_threshold}
          state={delivery}
          inputMode="numeric"
        />
        <Text name="jeju_fee" label={f.jejuFee} stored={s.jeju_fee} state={delivery} inputMode="numeric" />
        <Text
          name="island_fee"
          label={f.islandFee}
          hint={f.remoteHint}
          stored={s.island_fee}
          state={delivery}
          inputMode="numeric"
        />
      </SettingsSection>
      <SettingsSection section="display" busy={busy} multipart>
        <Check name="show_prod" label={f.showProd} stored={s.show_prod} state={display} />
        <Check name="show_price" label={f.showPrice} stored={s.show_price} state={display} />
        <p className={cartCss.mutedPlain}>{f.showPriceHint}</p>
        <fieldset className={cartCss.fields}>
          <legend>{f.bgimg}</legend>
          <label className={cartCss.checkRow}>
            <input type="radio" name="bgimg" value="default" defaultChecked={background === "default"} />
            <span>{f.bgDefault}</span>
          </label>
          <label className={cartCss.checkRow}>
            <input type="radio" name="bgimg" value="none" defaultChecked={background === "none"} />
            <span>{f.bgNone}</span>
          </label>
          <label className={cartCss.checkRow}>
            <input type="radio" name="bgimg" value="own" defaultChecked={background === "own"} />
            <span>{f.bgOwn}</span>
          </label>
        </fieldset>
        {ownBackground ? (
          <img src={`${storageUrl}${ownBackground}`} alt="" height={96} data-testid="settings-background" />
        ) : null}
        <Field label={f.bgFile} hint={f.bgFileHint} error={display.errors.bgimg}>
          <input
            className={cartCss.input}
            type="file"
            name="bg_file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            aria-invalid={display.errors.bgimg ? true : undefined}
          />
        </Field>
        <Field label={f.linkpage} hint={f.linkpageHint} error={display.errors.linkpage}>
          <textarea
            className={cartCss.input}
            name="linkpage"
            rows={4}
            defaultValue={display.values?.linkpage ?? s.linkpage ?? ""}
            aria-invalid={display.errors.linkpage ? true : undefined}
          />
        </Field>
      </SettingsSection>
      <SettingsSection section="reviews" busy={busy}>
        <p className={cartCss.mutedPlain} data-testid="review-settings-note">
          {f.reviewNote}
        </p>
        <Text
          name="review_days"
          label={f.reviewDays}
          hint={f.reviewDaysHint}
          stored={s.review_days}
          state={reviews}
          max={3}
          inputMode="numeric"
        />
        <Text
          name="review_point_text"
          label={f.reviewPointText}
          hint={f.reviewPointHint}
          stored={s.review_point_text}
          state={reviews}
          max={7}
          inputMode="numeric"
        />
        <Text
          name="review_point_photo"
          label={f.reviewPointPhoto}
          hint={f.reviewPointHint}
          stored={s.review_point_photo}
          state={reviews}
          max={7}
          inputMode="numeric"
        />
        <Text
          name="review_point_month"
          label={f.reviewPointMonth}
          hint={f.reviewPointHint}
          stored={s.review_point_month}
          state={reviews}
          max={7}
          inputMode="numeric"
        />
        <Text
          name="review_min_length"
          label={f.reviewMinLength}
          hint={f.reviewMinLengthHint}
          stored={s.review_min_length}
          state={reviews}
          max={5}
          inputMode="numeric"
        />
      </SettingsSection>
    </>
  );
}

export default function AdminSettings() {
  const { settings, storageUrl } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const [params] = useSearchParams();
  const done = params.get("done") as keyof typeof t.done | null;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <h2 className={cartCss.sectionTitle}>{t.title}</h2>
      <Outcome done={done && t.done[done]} error={result?.error} answered={result !== undefined} />
      <p className={cartCss.muted}>{t.help}</p>
      <Forms s={settings} result={result} busy={busy} storageUrl={storageUrl} />
    </>
  );
}
