import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import * as domainCss from "~/components/admin/domain.css";
import * as cartCss from "~/components/cart/cart.css";
import { Outcome } from "~/components/admin/Outcome";
import { RemoveConfirm } from "~/components/admin/RemoveConfirm";
import { Field } from "~/components/ui/Field";
import { requireShopOwner } from "~/lib/admin.server";
import { changeDomain } from "./page.server";
import type { CustomDomain } from "~/shared/contracts";
import { formatDeadline } from "~/shared/format";
import { koDomain } from "~/shared/messages/domain";

const t = koDomain;

/** The shop's own domain (issue 33, decision 092): connect it, see its DNS records and status, remove it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireShopOwner(request, context);
  return context.api.call("adminDomain");
}

export const action = ({ request, context }: ActionFunctionArgs) => changeDomain(request, context);

function Records({ domain }: { domain: CustomDomain }) {
  if (domain.records.length === 0) return null;
  return (
    <>
      <h3 className={cartCss.sectionTitle}>{t.records}</h3>
      <ul className={domainCss.records} aria-label={t.records}>
        {domain.records.map((r) => (
          <li key={`${r.type} ${r.name}`} data-testid="dns-record">
            <dl className={domainCss.record}>
              <dt className={domainCss.term}>{t.columns.purpose}</dt>
              <dd className={domainCss.purpose}>{t.purposes[r.purpose]}</dd>
              <dt className={domainCss.term}>{t.columns.type}</dt>
              <dd className={domainCss.value}>{r.type}</dd>
              <dt className={domainCss.term}>{t.columns.name}</dt>
              <dd className={domainCss.value}>{r.name}</dd>
              <dt className={domainCss.term}>{t.columns.value}</dt>
              <dd className={domainCss.value}>{r.value}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Whether the name is this shop's alone yet, and until when an unproved claim holds it (decision 156). */
function Claim({ domain }: { domain: CustomDomain }) {
  if (domain.state === "active" || domain.state === "released") return null;
  if (domain.proved) return <p data-testid="domain-claim">{t.claim.proved}</p>;
  if (domain.held_until === null || domain.release_at === null) return null;
  return (
    <p className={cartCss.notice} data-testid="domain-claim">
      {t.claim.unproved(formatDeadline(domain.held_until), formatDeadline(domain.release_at))}
    </p>
  );
}

/** A claim given up before it was proved: why, above the form to connect again. */
function Released({ domain }: { domain: CustomDomain }) {
  return (
    <section className={cartCss.section} aria-label={t.current}>
      <div className={domainCss.head}>
        <h3 className={domainCss.hostname}>{domain.display}</h3>
        <span className={domainCss.state} data-state={domain.state} data-testid="domain-state">
          {t.states.released}
        </span>
      </div>
      <p>{t.stateHelp.released}</p>
      {domain.reason ? (
        <p role="alert">
          <strong>{t.reason}:</strong> {domain.reason}
        </p>
      ) : null}
    </section>
  );
}

function AddForm({ busy, error, value }: { busy: boolean; error?: string; value: string }) {
  return (
    <Form method="post" noValidate className={`${cartCss.section} ${cartCss.fields}`} aria-label={t.connect}>
      <Field label={t.field} hint={t.fieldHint} error={error}>
        <input
          className={cartCss.input}
          name="hostname"
          inputMode="url"
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          placeholder="www.myshop.co.kr"
          defaultValue={value}
          aria-invalid={error ? true : undefined}
          required
        />
      </Field>
      <button type="submit" name="intent" value="add" className={cartCss.primary} disabled={busy}>
        {busy ? t.connecting : t.connect}
      </button>
    </Form>
  );
}

function Connected({
  domain,
  available,
  busy,
  confirm,
}: {
  domain: CustomDomain;
  available: boolean;
  busy: boolean;
  confirm: boolean;
}) {
  return (
    <>
      <section className={cartCss.section} aria-label={t.current}>
        <div className={domainCss.head}>
          <h3 className={domainCss.hostname}>{domain.display}</h3>
          <span className={domainCss.state} data-state={domain.state} data-testid="domain-state">
            {t.states[domain.state]}
          </span>
        </div>
        {domain.display !== domain.hostname ? <p className={cartCss.muted}>{domain.hostname}</p> : null}
        <p>{t.stateHelp[domain.state]}</p>
        <Claim domain={domain} />
        {domain.reason ? (
          <p role={domain.state === "failed" ? "alert" : undefined}>
            <strong>{t.reason}:</strong> {domain.reason}
          </p>
        ) : null}
        {domain.state !== "active" && domain.checked_at > 0 ? (
          <p className={cartCss.muted}>
            {t.checkedAt}: {formatDeadline(domain.checked_at)}
          </p>
        ) : null}
        {available ? (
          <div className={domainCss.actions}>
            {domain.state !== "active" ? (
              <Form method="post">
                <button className={cartCss.secondary} name="intent" value="check" disabled={busy}>
                  {t.check}
                </button>
              </Form>
            ) : null}
            {confirm ? null : (
              <Form method="post">
                <button className={cartCss.secondary} name="intent" value="remove" disabled={busy}>
                  {t.remove}
                </button>
              </Form>
            )}
          </div>
        ) : null}
        {confirm ? (
          <RemoveConfirm
            label={t.remove}
            question={t.removeConfirm}
            sure={t.removeSure}
            cancel={t.cancel}
            back="/admin/domain"
            busy={busy}
          />
        ) : null}
      </section>
      <Records domain={domain} />
    </>
  );
}

export default function AdminDomain() {
  const { available, domain, fresh } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const [params] = useSearchParams();
  const done = params.get("done") as keyof typeof t.done | null;
  const busy = useNavigation().state === "submitting";
  const errors = result?.errors ?? {};
  return (
    <>
      <h2 className={cartCss.sectionTitle}>{t.title}</h2>
      <Outcome done={done && t.done[done]} error={result?.error} answered={result !== undefined} />
      {!fresh ? <p className={cartCss.notice}>{t.notChecked}</p> : null}
      <p className={cartCss.muted}>{available ? t.help : domain ? t.unavailableKept : t.unavailable}</p>
      {domain && domain.state !== "released" ? (
        <Connected domain={domain} available={available} busy={busy} confirm={result?.confirmRemove === true} />
      ) : (
        <>
          {domain ? <Released domain={domain} /> : null}
          {available ? (
            <AddForm busy={busy} error={errors.hostname} value={result?.values?.hostname ?? domain?.display ?? ""} />
          ) : null}
        </>
      )}
    </>
  );
}
