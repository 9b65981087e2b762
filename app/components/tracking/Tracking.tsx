import { useLocation } from "@remix-run/react";
import { useEffect, useLayoutEffect, useState } from "react";
import { track } from "~/lib/track";
import { readCookie } from "~/shared/cookies";
import { koTracking as t } from "~/shared/messages/tracking";
import { CONSENT_COOKIE, CONSENT_MAX_AGE, consentOf, type Consent, type TrackingIds } from "~/shared/tracking";
import * as css from "./tracking.css";

/** The footer's 마케팅 쿠키 설정 asks again through this window event. */
export const ASK_CONSENT_EVENT = "shop:ask-consent";

const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

/** Cookies the tags write, removed when the shopper withdraws (all host-only, decision 070). */
const TAG_COOKIES = /^(_fbp|_fbc|_ga(_\w+)?|_gcl_\w+)$/;

function saveData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

function remember(consent: Consent): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${CONSENT_COOKIE}=${consent}; Max-Age=${CONSENT_MAX_AGE}; Path=/; SameSite=Lax${secure}`;
  if (consent === "denied") {
    for (const part of document.cookie.split(";")) {
      const name = part.split("=")[0]!.trim();
      if (TAG_COOKIES.test(name)) document.cookie = `${name}=; Max-Age=0; Path=/`;
    }
  }
}

/**
 * The shop's ad and analytics tags (issue 14): nothing at all when it has none; otherwise, once
 * the page is interactive, a consent bar until the shopper answers, and the tags' chunk only
 * after they agreed and never on data saver. Every page view is reported, client-side
 * navigations included.
 */
export function Tracking({ ids }: { ids: TrackingIds | null }) {
  // undefined: not known yet (server render, before hydration); null: not asked yet.
  const [consent, setConsent] = useState<Consent | null | undefined>(undefined);
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (!ids || saveData()) return;
    setConsent(consentOf(readCookie(document.cookie, CONSENT_COOKIE)));
    const ask = () => setConsent(null);
    window.addEventListener(ASK_CONSENT_EVENT, ask);
    return () => window.removeEventListener(ASK_CONSENT_EVENT, ask);
  }, [ids]);

  // Before the page's own events (view_item…), whose passive effects run after layout effects.
  useBrowserLayoutEffect(() => {
    if (ids) track({ name: "page_view" });
  }, [ids, pathname, search]);

  useEffect(() => {
    if (!ids || consent !== "granted") return;
    import("~/lib/tracking.client").then(
      (tags) => tags.startTracking(ids),
      () => undefined, // an old build's chunk after a deploy: no tags on this page
    );
  }, [ids, consent]);

  if (!ids || consent !== null) return null;
  const tools = [ids.pixels.length > 0 ? t.pixel : null, ids.gtags.length > 0 ? t.gtag : null]
    .filter(Boolean)
    .join(t.and);
  const answer = (value: Consent) => {
    const wasGranted = readCookie(document.cookie, CONSENT_COOKIE) === "granted";
    remember(value);
    // Tags already running cannot be unloaded: a fresh page is without them.
    if (value === "denied" && wasGranted) window.location.reload();
    else setConsent(value);
  };
  return (
    <section className={css.bar} role="region" aria-label={t.barLabel} data-testid="consent-bar">
      <p className={css.text}>
        {t.barText(tools)} <a href="/link?type=privacy">{t.more}</a>
      </p>
      <div className={css.buttons}>
        <button type="button" className={css.refuse} onClick={() => answer("denied")}>
          {t.refuse}
        </button>
        <button type="button" className={css.agree} onClick={() => answer("granted")}>
          {t.agree}
        </button>
      </div>
    </section>
  );
}

/** 마케팅 쿠키 설정 in the footer's links: shown once scripts run, for shops with tags. */
export function ConsentSettingsButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <li>
      <button type="button" className={css.settings} onClick={() => window.dispatchEvent(new Event(ASK_CONSENT_EVENT))}>
        {t.settings}
      </button>
    </li>
  );
}
