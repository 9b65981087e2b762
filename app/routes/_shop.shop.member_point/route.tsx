import { shopMeta } from "~/lib/seo";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useActionResult } from "~/lib/forms/action-result";
import { useState, type FormEvent } from "react";
import * as css from "~/components/account/account.css";
import { Checkbox, FormMessage } from "~/components/account/Fields";
import * as mcss from "~/components/membership/membership.css";
import { useUi } from "~/components/ui/UiProvider";
import type { Membership } from "~/shared/contracts/membership";
import { formFailure } from "~/lib/auth-actions.server";
import { requireMember } from "~/lib/auth.server";
import { formatDate } from "~/shared/format";
import { MembershipForm } from "./page.server";
import { fieldErrors } from "~/shared/forms/errors";
import { koMembership as t } from "~/shared/messages/membership";
import { isPurchasePath, safeReturnPath } from "~/shared/return-path";
import { useRootData } from "~/lib/root-data";
import { ShareDetails, type ShareAccount } from "~/components/account/ShareDetails";

export const meta: MetaFunction = (args) => shopMeta(args, { title: t.title, noindex: true });

/** The return address (`url`, e.g. the cart that asked for membership), when a safe one was given. */
function returnOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const path = safeReturnPath(value, "");
  return path || null;
}

/** This page again, with what just happened and the return address. */
function here(done: "join" | "cancel" | null, returnTo: string | null): string {
  const params = new URLSearchParams();
  if (returnTo) params.set("url", returnTo);
  if (done) params.set("done", done);
  const query = params.toString();
  return `/shop/member_point${query ? `?${query}` : ""}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Guests log in first and come back here (with the return address).
  requireMember(request, context);
  const url = new URL(request.url);
  const membership = await context.api.call("isMember", { query: { shopid: context.shop.shopid } });
  const done = url.searchParams.get("done");
  // An account that is a member of another shop joins by the one-tap join: the form shows what
  // this shop receives (decision 180). An upstream without the call shows the plain form.
  const question = membership.id === null ? await context.api.call("shareQuestion", {}).catch(() => null) : null;
  return {
    membership,
    share: question?.account ?? null,
    returnTo: returnOf(url.searchParams.get("url")),
    done: done === "join" || done === "cancel" ? done : null,
  };
}

type ActionData = { errors?: { agree?: string }; formError?: string; confirmCancel?: boolean };

export async function action({ request, context }: ActionFunctionArgs) {
  requireMember(request, context);
  const form = await request.formData();
  const parsed = MembershipForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    // The agreement box has its own message next to it; anything else is a broken form.
    const { agree } = fieldErrors(parsed.error);
    return data<ActionData>(agree ? { errors: { agree } } : { formError: t.failed }, { status: 400 });
  }
  const input = parsed.data;
  const returnTo = returnOf(input.url);
  const shopid = context.shop.shopid;
  try {
    if (input.intent === "join") {
      // The one join with the consent to what was shown (decision 180), or the plain one.
      if (input.share) await context.api.call("shareJoin", { body: { agree_share: true } });
      else await context.api.call("joinShop", { query: { shopid }, body: { agree: true } });
      return redirect(here("join", returnTo), 303);
    }
    // Without scripts the first press shows a confirmation step; its button sends confirm=1.
    if (!input.confirm) return data<ActionData>({ confirmCancel: true });
    await context.api.call("cancelShop", { query: { shopid } });
    return redirect(here("cancel", returnTo), 303);
  } catch (error) {
    return formFailure(error, {}, [400, 401, 404]);
  }
}

export default function MemberPointPage() {
  const { shop } = useRootData();
  const { membership, share, returnTo, done } = useLoaderData<typeof loader>();
  const result = useActionResult<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const intent = busy ? navigation.formData?.get("intent") : null;
  const member = membership.id !== null;

  return (
    <div className={css.page}>
      <h1 className={css.title}>{t.title}</h1>
      {done === "join" && member ? <FormMessage kind="notice">{joinedMessage(membership)}</FormMessage> : null}
      {done === "cancel" && !member ? <FormMessage kind="notice">{t.canceled}</FormMessage> : null}
      {result?.formError ? <FormMessage kind="error">{result.formError}</FormMessage> : null}
      {returnTo && member ? (
        <Link className={css.button} to={returnTo}>
          {isPurchasePath(returnTo) ? t.continue : t.continueShopping}
        </Link>
      ) : null}

      {member && result?.confirmCancel ? (
        <CancelStep membership={membership} returnTo={returnTo} busy={intent === "cancel"} />
      ) : member ? (
        <>
          <section className={css.section} aria-labelledby="membership-status">
            <p id="membership-status" className={mcss.status}>
              {t.isMember(shop.name)}
            </p>
            {membership.joined_at ? (
              <p className={mcss.muted}>{t.memberSince(formatDate(membership.joined_at / 1000))}</p>
            ) : null}
            <Points membership={membership} pointsOn={shop.point} />
          </section>
          <CancelSection membership={membership} returnTo={returnTo} busy={intent === "cancel"} />
        </>
      ) : (
        <JoinSection
          shopName={shop.name}
          membership={membership}
          share={share}
          returnTo={returnTo}
          serverError={result?.errors?.agree}
          busy={intent === "join"}
        />
      )}
    </div>
  );
}

function joinedMessage(m: Membership): string {
  // History is deleted on cancel and the bonus is granted once ever: a join entry is this joining's.
  const bonus = m.list_history.find((h) => h.reason === "join");
  return bonus ? t.joinedWithBonus(bonus.amount) : t.joined;
}

function Points({ membership, pointsOn }: { membership: Membership; pointsOn: boolean }) {
  if (!pointsOn && membership.list_history.length === 0) return <p className={mcss.muted}>{t.pointsOff}</p>;
  return (
    <>
      <div className={mcss.balance}>
        <span>{t.balance}</span>
        <strong className={mcss.balanceValue} data-testid="point-balance">
          {t.points(membership.point)}
        </strong>
      </div>
      <h2 className={css.sectionTitle}>{t.history}</h2>
      {membership.list_history.length === 0 ? (
        <p className={mcss.muted}>{t.historyEmpty}</p>
      ) : (
        <ul className={mcss.history} aria-label={t.history}>
          {membership.list_history.map((h) => (
            <li key={h.id} className={mcss.entry} data-testid="point-entry">
              <span>{t.reason(h.reason)}</span>
              <span className={mcss.entryAmount}>
                {h.amount > 0 ? "+" : ""}
                {t.points(h.amount)}
              </span>
              <span className={mcss.entryNote}>
                {formatDate(h.created_at / 1000)}
                {h.expired
                  ? ` · ${t.expired}`
                  : h.expiration !== null && h.rem_value > 0
                    ? ` · ${t.expires(formatDate(h.expiration / 1000), h.rem_value)}`
                    : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function JoinSection({
  shopName,
  membership,
  share,
  returnTo,
  serverError,
  busy,
}: {
  shopName: string;
  membership: Membership;
  share: ShareAccount | null;
  returnTo: string | null;
  serverError?: string;
  busy: boolean;
}) {
  const [clientError, setClientError] = useState<string | undefined>();
  const error = clientError ?? serverError;
  // With scripts the box is checked before anything is sent; the action checks it again.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const agreed = (event.currentTarget.elements.namedItem("agree") as HTMLInputElement | null)?.checked;
    if (!agreed) {
      event.preventDefault();
      setClientError(t.agreeRequired);
    } else {
      setClientError(undefined);
    }
  };
  return (
    <section className={css.section} aria-labelledby="join-title">
      <p className={mcss.status}>{t.notMember(shopName)}</p>
      <p className={mcss.text}>{t.benefits}</p>
      {membership.join_point > 0 ? <p className={mcss.text}>{t.joinBonus(membership.join_point)}</p> : null}
      <h2 id="join-title" className={css.sectionTitle}>
        {t.joinTitle}
      </h2>
      <Form method="post" noValidate className={css.form} onSubmit={onSubmit} aria-label={t.joinTitle}>
        <input type="hidden" name="intent" value="join" />
        {returnTo ? <input type="hidden" name="url" value={returnTo} /> : null}
        {share ? (
          <>
            <input type="hidden" name="share" value="1" />
            <ShareDetails shopName={shopName} account={share} />
          </>
        ) : null}
        <div className={mcss.consent}>
          <p className={mcss.consentTitle}>{t.consentTitle}</p>
          <ul className={mcss.consentList}>
            <li>{t.consentItems}</li>
            <li>{t.consentPurpose}</li>
            <li>{t.consentRetention}</li>
          </ul>
          <p className={mcss.muted}>{t.consentRefuse}</p>
          <p className={mcss.policyLinks}>
            <a href="/link?type=privacy" target="_blank" rel="noopener">
              {t.privacy}
            </a>
            <a href="/link?type=terms" target="_blank" rel="noopener">
              {t.terms}
            </a>
          </p>
        </div>
        <Checkbox name="agree" label={share ? t.agreeShare : t.agree} error={error} />
        <button className={css.button} type="submit" disabled={busy}>
          {busy ? t.joining : t.joinButton}
        </button>
      </Form>
    </section>
  );
}

/** Cancelling asks first: a confirm dialog with scripts, a confirmation step without (spec §5). */
function CancelSection({
  membership,
  returnTo,
  busy,
}: {
  membership: Membership;
  returnTo: string | null;
  busy: boolean;
}) {
  const ui = useUi();
  const submit = useSubmit();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void ui.confirm(t.cancelConfirm(membership.point)).then((yes) => {
      if (!yes) return;
      form.set("confirm", "1");
      submit(form, { method: "post" });
    });
  };
  return (
    <section className={css.section} aria-labelledby="cancel-title">
      <h2 id="cancel-title" className={css.sectionTitle}>
        {t.cancelTitle}
      </h2>
      <p className={mcss.muted}>{t.cancelNote}</p>
      <Form method="post" onSubmit={onSubmit} aria-label={t.cancelTitle}>
        <input type="hidden" name="intent" value="cancel" />
        {returnTo ? <input type="hidden" name="url" value={returnTo} /> : null}
        <button className={css.secondaryButtonWide} type="submit" disabled={busy}>
          {busy ? t.canceling : t.cancelButton}
        </button>
      </Form>
    </section>
  );
}

/** The confirmation step of a cancel sent without scripts. */
function CancelStep({
  membership,
  returnTo,
  busy,
}: {
  membership: Membership;
  returnTo: string | null;
  busy: boolean;
}) {
  return (
    <section className={css.section} aria-labelledby="cancel-confirm">
      <h2 id="cancel-confirm" className={css.sectionTitle}>
        {t.cancelTitle}
      </h2>
      <p className={mcss.text}>{t.cancelConfirm(membership.point)}</p>
      <Form method="post" className={css.form} aria-label={t.cancelTitle}>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="confirm" value="1" />
        {returnTo ? <input type="hidden" name="url" value={returnTo} /> : null}
        <button className={css.button} type="submit" disabled={busy}>
          {busy ? t.canceling : t.cancelYes}
        </button>
        <Link className={css.secondaryButton} to={here(null, returnTo)}>
          {t.cancelNo}
        </Link>
      </Form>
    </section>
  );
}
