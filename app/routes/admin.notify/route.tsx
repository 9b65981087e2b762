import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import * as cartCss from "~/components/cart/cart.css";
import { Field } from "~/components/ui/Field";
import { useActionResult } from "~/lib/forms/action-result";
import { formatDeadline } from "~/shared/format";
import { koNotify } from "~/shared/messages/notify";
import { NOTIFY_KINDS } from "~/shared/notify-kinds";
import type { action, loader } from "./page.server";
import { Outcome } from "~/components/admin/Outcome";
import * as formCss from "~/components/admin/product-form.css";

const t = koNotify;

export { action, loader } from "./page.server";

/** 알림톡·문자 알림 (decision 131): the owner's number, the six switches and the latest sends. */
export default function AdminNotify() {
  const { settings } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const [params] = useSearchParams();
  const values = result?.values;
  const errors = result?.errors ?? {};
  return (
    <>
      <h2 className={cartCss.sectionTitle}>{t.title}</h2>
      <Outcome done={params.get("saved") ? t.saved : null} answered={Boolean(result)} />
      <p className={cartCss.muted}>{t.help}</p>
      {settings.available ? null : <p className={cartCss.muted}>{t.unavailable}</p>}
      {/* Keyed by what is stored: after a save the fields show it, as typed digits come back as digits. */}
      <Form
        key={JSON.stringify([settings.owner_phone, settings.kinds])}
        method="post"
        className={`${cartCss.section} ${cartCss.fields}`}
        aria-label={t.title}
      >
        <Field label={t.ownerPhone} error={errors.owner_phone} hint={t.ownerPhoneHelp}>
          <input
            className={cartCss.input}
            name="owner_phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={20}
            defaultValue={values?.owner_phone ?? settings.owner_phone ?? ""}
            aria-invalid={errors.owner_phone ? true : undefined}
          />
        </Field>
        <fieldset className={formCss.fieldset}>
          <legend className={cartCss.label}>{t.kindsTitle}</legend>
          {NOTIFY_KINDS.map((kind) => (
            <label key={kind} className={cartCss.checkRow}>
              <input
                type="checkbox"
                name={kind}
                defaultChecked={values ? values[kind] === "on" : settings.kinds[kind]}
              />
              <span>{t.kinds[kind]}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className={cartCss.primary}>
          {t.save}
        </button>
      </Form>
      <section className={cartCss.section} aria-label={t.logTitle}>
        <h3 className={cartCss.sectionTitle}>{t.logTitle}</h3>
        {settings.sends.length === 0 ? (
          <p className={cartCss.muted}>{t.logEmpty}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th>{t.columns.at}</th>
                <th>{t.columns.kind}</th>
                <th>{t.columns.phone}</th>
                <th>{t.columns.status}</th>
                <th>{t.columns.attempts}</th>
              </tr>
            </thead>
            <tbody>
              {settings.sends.map((s) => (
                <tr key={s.id}>
                  <td>{formatDeadline(s.created_at)}</td>
                  <td>{t.kinds[s.kind]}</td>
                  <td>{s.phone}</td>
                  <td title={s.last_error ?? undefined}>
                    {t.status[s.status]}
                    {s.sent_as && s.sent_as !== "ATA" ? ` (${s.sent_as})` : ""}
                  </td>
                  <td>{s.attempts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
