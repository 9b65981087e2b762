import { useLocation } from "@remix-run/react";
import type { FormEvent } from "react";
import { readCookie } from "~/shared/cookies";
import { koTracking as t } from "~/shared/messages/tracking";
import {
  ASK_CONSENT_EVENT,
  CONSENT_COOKIE,
  expiredTagCookies,
  consentCookie,
  consentOf,
  type Consent,
  type TrackingIds,
} from "~/shared/tracking";
import * as css from "./tracking.css";

/** The answer, written by the page itself (the same cookie POST /consent sets). */
function remember(consent: Consent | "reset"): void {
  document.cookie = consentCookie(consent, window.location.protocol === "https:");
  if (consent !== "granted") for (const line of expiredTagCookies(document.cookie)) document.cookie = line;
}

/** The button the shopper pressed in a consent form. */
const pressed = (e: FormEvent<HTMLFormElement>) =>
  ((e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value;

/**
 * The consent bar (decision 070): a plain form posting to /consent, answered in the page once
 * scripts run. An island (decision 073): shown by Tracking until the shopper answers.
 */
export function ConsentBar({ ids, onAnswer }: { ids: TrackingIds; onAnswer: (consent: Consent) => void }) {
  const { pathname, search } = useLocation();
  const tools = [ids.pixels.length > 0 ? t.pixel : null, ids.gtags.length > 0 ? t.gtag : null]
    .filter(Boolean)
    .join(t.and);
  const answer = (e: FormEvent<HTMLFormElement>) => {
    const value = consentOf(pressed(e));
    if (!value) return;
    e.preventDefault();
    const wasGranted = readCookie(document.cookie, CONSENT_COOKIE) === "granted";
    remember(value);
    // Tags already running cannot be unloaded: a fresh page is without them.
    if (value === "denied" && wasGranted) window.location.reload();
    else onAnswer(value);
  };
  return (
    <section className={css.bar} aria-label={t.barLabel} data-testid="consent-bar">
      <p className={css.text}>
        {t.barText(tools)} <a href="/link?type=privacy">{t.more}</a>
      </p>
      <form method="post" action="/consent" className={css.buttons} onSubmit={answer}>
        <input type="hidden" name="back" value={`${pathname}${search}`} />
        <button type="submit" name="consent" value="denied" className={css.refuse}>
          {t.refuse}
        </button>
        <button type="submit" name="consent" value="granted" className={css.agree}>
          {t.agree}
        </button>
      </form>
    </section>
  );
}

/** 마케팅 쿠키 설정 in the footer's links: forgets the answer, so the bar asks again. */
export function ConsentSettingsButton() {
  const { pathname, search } = useLocation();
  return (
    <li>
      <form
        method="post"
        action="/consent"
        className={css.inlineForm}
        onSubmit={(e) => {
          e.preventDefault();
          window.dispatchEvent(new Event(ASK_CONSENT_EVENT));
        }}
      >
        <input type="hidden" name="back" value={`${pathname}${search}`} />
        <button type="submit" name="consent" value="reset" className={css.settings}>
          {t.settings}
        </button>
      </form>
    </li>
  );
}
