import { useLocation } from "@remix-run/react";
import { useEffect, useLayoutEffect, useState, type FormEvent } from "react";
import { track } from "~/lib/track";
import { readCookie } from "~/shared/cookies";
import { koTracking as t } from "~/shared/messages/tracking";
import {
  CONSENT_COOKIE,
  expiredTagCookies,
  consentCookie,
  consentOf,
  type Consent,
  type TrackingIds,
} from "~/shared/tracking";
import * as css from "./tracking.css";

/** The footer's 마케팅 쿠키 설정 asks again through this window event (with scripts). */
export const ASK_CONSENT_EVENT = "shop:ask-consent";

const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

function saveData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/** The answer, written by the page itself (the same cookie POST /consent sets). */
function remember(consent: Consent | "reset"): void {
  document.cookie = consentCookie(consent, window.location.protocol === "https:");
  if (consent !== "granted") for (const line of expiredTagCookies(document.cookie)) document.cookie = line;
}

/** The button the shopper pressed in a consent form. */
const pressed = (e: FormEvent<HTMLFormElement>) =>
  ((e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value;

/**
 * The shop's ad and analytics tags (issue 14, decision 070): nothing at all when it has none.
 * Otherwise a consent bar in the page as sent (so it is no late paint, and a form that works
 * without scripts) until the shopper answers; the tags' chunk only after they agreed, once the
 * page is interactive, never on data saver. Every page view is reported, client-side navigations
 * included.
 */
export function Tracking({
  ids,
  consent: answered,
  saveData: savingData,
}: {
  ids: TrackingIds | null;
  consent: Consent | null;
  saveData: boolean;
}) {
  const [consent, setConsent] = useState<Consent | null>(answered);
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (!ids) return;
    // The cookie may have been answered in another tab since the page was sent.
    setConsent((c) => consentOf(readCookie(document.cookie, CONSENT_COOKIE)) ?? c);
    const ask = () => setConsent(null);
    window.addEventListener(ASK_CONSENT_EVENT, ask);
    return () => window.removeEventListener(ASK_CONSENT_EVENT, ask);
  }, [ids]);

  // Before the page's own events (view_item…), whose passive effects run after layout effects.
  useBrowserLayoutEffect(() => {
    if (ids) track({ name: "page_view" });
  }, [ids, pathname, search]);

  useEffect(() => {
    if (!ids || consent !== "granted" || saveData()) return;
    import("~/lib/tracking.client").then(
      (tags) => tags.startTracking(ids),
      () => undefined, // an old build's chunk after a deploy: no tags on this page
    );
  }, [ids, consent]);

  if (!ids || consent !== null || savingData) return null;
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
    else setConsent(value);
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
        style={{ display: "inline" }}
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
