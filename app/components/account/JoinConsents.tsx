import type { ChangeEvent } from "react";
import { JOIN_CONSENTS } from "~/shared/forms/auth";
import { koAuth } from "~/shared/messages/auth";
import { visuallyHidden } from "../../../styles/a11y.css";
import * as css from "./account.css";

type Name = (typeof JOIN_CONSENTS)[number];

const ITEMS: { name: Name; label: string; view?: string; hint?: string }[] = [
  { name: "agree_terms", label: koAuth.agreeTerms, view: "/link?type=terms" },
  { name: "agree_privacy", label: koAuth.agreePrivacy, view: "/link?type=privacy" },
  { name: "agree_age", label: koAuth.agreeAge },
  { name: "agree_marketing", label: koAuth.agreeMarketing, hint: koAuth.agreeMarketingHint },
];

/**
 * The sign-up consents (issue 11, point 5). Without scripts 전체 동의 alone is enough (the schema
 * reads it as every box); with scripts it ticks and unticks the boxes, and follows them.
 */
export function JoinConsents({
  values,
  errors,
}: {
  values: Record<string, string | undefined>;
  errors: Partial<Record<string, string>>;
}) {
  const all = values.agree_all === "on";
  return (
    <fieldset className={css.consents}>
      <legend className={css.label}>{koAuth.consentsTitle}</legend>
      <label className={`${css.check} ${css.consentAll}`} htmlFor="field-agree_all">
        <input id="field-agree_all" type="checkbox" name="agree_all" defaultChecked={all} onChange={tickAll} />
        <span>{koAuth.agreeAll}</span>
      </label>
      {ITEMS.map((item) => {
        const id = `field-${item.name}`;
        const error = errors[item.name];
        const described = [item.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
        return (
          <div key={item.name}>
            <div className={css.consentRow}>
              <label className={css.check} htmlFor={id}>
                <input
                  id={id}
                  type="checkbox"
                  name={item.name}
                  defaultChecked={all || values[item.name] === "on"}
                  onChange={followAll}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={described || undefined}
                />
                <span>{item.label}</span>
              </label>
              {item.view ? (
                <a className={css.consentView} href={item.view} target="_blank" rel="noopener">
                  {koAuth.view}
                  <span className={visuallyHidden}> {item.label}</span>
                </a>
              ) : null}
            </div>
            {item.hint ? (
              <p id={`${id}-hint`} className={css.consentHint}>
                {item.hint}
              </p>
            ) : null}
            {error ? (
              <p id={`${id}-error`} className={css.fieldError} role="alert">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}

function boxes(form: HTMLFormElement | null): HTMLInputElement[] {
  if (!form) return [];
  return JOIN_CONSENTS.map((n) => form.elements.namedItem(n)).filter((e): e is HTMLInputElement => e !== null);
}

function tickAll(event: ChangeEvent<HTMLInputElement>) {
  for (const box of boxes(event.currentTarget.form)) box.checked = event.currentTarget.checked;
}

function followAll(event: ChangeEvent<HTMLInputElement>) {
  const form = event.currentTarget.form;
  const all = form?.elements.namedItem("agree_all") as HTMLInputElement | null;
  if (all) all.checked = boxes(form).every((b) => b.checked);
}
