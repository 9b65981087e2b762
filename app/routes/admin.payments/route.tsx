import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as cartCss from "~/components/cart/cart.css";
import * as domainCss from "~/components/admin/domain.css";
import { Outcome } from "~/components/admin/Outcome";
import { RemoveConfirm } from "~/components/admin/RemoveConfirm";
import { Field } from "~/components/ui/Field";
import { PlatformPay } from "~/components/admin/PlatformPay";
import { koSettlement } from "~/shared/messages/settlement";
import type { PaymentKeys } from "~/shared/contracts";
import { formatDeadline } from "~/shared/format";
import { koPayments } from "~/shared/messages/payments";
import { changePayments, loadPayments, type PaymentsResult } from "./page.server";

const t = koPayments;

/** The shop's own Toss Payments keys (issue 35 item 1, decision 101): enter, replace, remove. */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadPayments(request, context);

export const action = ({ request, context }: ActionFunctionArgs) => changePayments(request, context);

/**
 * What to copy from where in the Toss console, and what each thing does (issue 52 item 3): the
 * console's own menu names only where the owner has to find them, and the deposit notice's address
 * right in its step.
 */
function Steps({ webhookUrl }: { webhookUrl: string }) {
  const s = t.steps;
  return (
    <section className={cartCss.section} aria-label={s.title} data-testid="payment-steps">
      <h3 className={cartCss.sectionTitle}>{s.title}</h3>
      <ol className={domainCss.steps}>
        <li>{s.open}</li>
        <li>{s.copy}</li>
        <li>{s.test}</li>
        <li>
          {s.notify}
          <dl className={domainCss.record}>
            <dt className={domainCss.term}>{t.webhook}</dt>
            <dd className={domainCss.value} data-testid="payment-webhook">
              {webhookUrl}
            </dd>
          </dl>
        </li>
      </ol>
    </section>
  );
}

function Current({ keys, busy, confirm }: { keys: PaymentKeys; busy: boolean; confirm: boolean }) {
  return (
    <section className={cartCss.section} aria-label={t.title}>
      <dl className={domainCss.record} data-testid="payment-keys">
        <dt className={domainCss.term}>{t.provider}</dt>
        <dd className={domainCss.purpose}>{t.toss}</dd>
        <dt className={domainCss.term}>{t.mode}</dt>
        <dd className={domainCss.purpose} data-testid="payment-mode">
          {t.modes[keys.mode]}
        </dd>
        <dt className={domainCss.term}>{t.clientKey}</dt>
        <dd className={domainCss.value}>{keys.client_key}</dd>
        <dt className={domainCss.term}>{t.secretKey}</dt>
        <dd className={domainCss.purpose}>{t.secretKept(keys.secret_last4)}</dd>
        <dt className={domainCss.term}>{t.updatedAt}</dt>
        <dd className={domainCss.purpose}>{formatDeadline(keys.updated_at)}</dd>
      </dl>
      {keys.family === "widget" ? (
        <p className={cartCss.fieldError} role="alert" data-testid="widget-keys">
          {t.widgetKeys}
        </p>
      ) : null}
      {confirm ? (
        <RemoveConfirm
          label={t.remove}
          question={t.removeConfirm}
          sure={t.removeSure}
          cancel={t.cancel}
          back="/admin/payments"
          busy={busy}
        />
      ) : (
        <Form method="post" className={domainCss.actions}>
          <button className={cartCss.secondary} name="intent" value="remove" disabled={busy}>
            {t.remove}
          </button>
        </Form>
      )}
    </section>
  );
}

/**
 * The purchase-safety service on the shop's Toss contract (decision 103): its MID and whether
 * virtual accounts carry escrow. Only with keys: escrow rides on that contract.
 */
function Escrow({
  keys,
  result,
  busy,
}: {
  keys: PaymentKeys | null;
  result: PaymentsResult | undefined;
  busy: boolean;
}) {
  const e = t.escrow;
  if (!keys)
    return (
      <section className={cartCss.section} aria-label={e.title}>
        <h3 className={cartCss.sectionTitle}>{e.title}</h3>
        <p className={cartCss.muted}>{e.needsKeys}</p>
      </section>
    );
  const typed = result?.escrow;
  const errors = result?.escrow ? (result.errors ?? {}) : {};
  return (
    <Form method="post" className={`${cartCss.section} ${cartCss.fields}`} aria-label={e.title}>
      <h3 className={cartCss.sectionTitle}>{e.title}</h3>
      <p className={cartCss.muted}>{e.help}</p>
      <p data-testid="escrow-state">{keys.escrow.vbank && keys.escrow.mid ? e.on : e.off}</p>
      <Field label={e.mid} hint={e.midHint} error={errors.mid}>
        <input
          className={cartCss.input}
          name="mid"
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          maxLength={30}
          defaultValue={typed?.mid ?? keys.escrow.mid ?? ""}
          aria-invalid={errors.mid ? true : undefined}
        />
      </Field>
      <label className={cartCss.checkRow}>
        <input type="checkbox" name="vbank" value="1" defaultChecked={typed?.vbank ?? keys.escrow.vbank} />
        <span>{e.vbank}</span>
      </label>
      <p className={cartCss.mutedPlain}>{e.vbankHint}</p>
      <button type="submit" name="intent" value="escrow" className={cartCss.primary} disabled={busy}>
        {busy ? t.saving : e.save}
      </button>
    </Form>
  );
}

export default function AdminPayments() {
  const { available, keys, webhookUrl, platform } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const [params] = useSearchParams();
  const done = params.get("done") as keyof typeof t.done | null;
  const busy = useNavigation().state === "submitting";
  const errors = result?.escrow || result?.seller ? {} : (result?.errors ?? {});
  return (
    <>
      <h2 className={cartCss.sectionTitle}>{t.title}</h2>
      <Outcome done={done && t.done[done]} error={result?.error} answered={result !== undefined} />
      <PlatformPay
        platform={platform}
        typed={result?.seller}
        errors={result?.seller ? (result.errors ?? {}) : {}}
        busy={busy}
      />
      <h3 className={cartCss.sectionTitle}>{koSettlement.own.title}</h3>
      <p className={cartCss.muted}>{koSettlement.own.help}</p>
      <p className={cartCss.muted}>{available ? t.help : t.unavailable}</p>
      {keys ? (
        <Current keys={keys} busy={busy} confirm={result?.confirmRemove === true} />
      ) : (
        <p>{platform.pay_via === "platform" && platform.seller ? koSettlement.own.noKeysWhilePlatform : t.none}</p>
      )}
      {available ? <Steps webhookUrl={webhookUrl} /> : null}
      {available ? (
        // The secret is typed, sent once and never put back into the page, even after a refusal.
        <Form
          method="post"
          noValidate
          className={`${cartCss.section} ${cartCss.fields}`}
          aria-label={keys ? t.replace : t.save}
        >
          <Field label={t.clientKey} hint={t.clientKeyHint} error={errors.client_key}>
            <input
              className={cartCss.input}
              name="client_key"
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              defaultValue={result?.values?.client_key ?? ""}
              aria-invalid={errors.client_key ? true : undefined}
              required
            />
          </Field>
          <Field label={t.secretKey} hint={t.secretKeyHint} error={errors.secret_key}>
            <input
              className={cartCss.input}
              name="secret_key"
              type="password"
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={errors.secret_key ? true : undefined}
              required
            />
          </Field>
          <button type="submit" name="intent" value="save" className={cartCss.primary} disabled={busy}>
            {busy ? t.saving : keys ? t.replace : t.save}
          </button>
        </Form>
      ) : null}
      <Escrow keys={keys} result={result} busy={busy} />
    </>
  );
}
