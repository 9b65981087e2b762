import { useEffect, useState } from "react";
import { island } from "~/lib/island";
import { readCookie } from "~/shared/cookies";
import {
  ASK_CONSENT_EVENT,
  CONSENT_COOKIE,
  consentOf,
  tagsMayRun,
  type Consent,
  type TrackingIds,
} from "~/shared/tracking";

// The bar is drawn only until the shopper answers: its code loads only on the pages that show it.
const ConsentBar = island("ConsentBar", () => import("./ConsentBar").then((m) => m.ConsentBar));

function saveData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/**
 * The shop's ad and analytics tags (issue 14, decision 070), drawn by the root only for a shop
 * that has some (an island, decision 073). A consent bar in the page as sent (so it is no late paint, and a form that works
 * without scripts) until the shopper answers; the tags' chunk only after they agreed, once the
 * page is interactive, never on data saver. Every page view is reported, client-side navigations
 * included.
 */
export function Tracking({
  ids,
  consent: answered,
  saveData: savingData,
}: {
  ids: TrackingIds;
  consent: Consent | null;
  saveData: boolean;
}) {
  const [consent, setConsent] = useState<Consent | null>(answered);

  useEffect(() => {
    // The cookie may have been answered in another tab since the page was sent.
    setConsent((c) => consentOf(readCookie(document.cookie, CONSENT_COOKIE)) ?? c);
    const ask = () => setConsent(null);
    window.addEventListener(ASK_CONSENT_EVENT, ask);
    return () => window.removeEventListener(ASK_CONSENT_EVENT, ask);
  }, [ids]);

  useEffect(() => {
    if (!tagsMayRun(consent, saveData())) return;
    import("~/lib/tracking.client").then(
      (tags) => tags.startTracking(ids),
      () => undefined, // an old build's chunk after a deploy: no tags on this page
    );
  }, [ids, consent]);

  if (consent !== null || savingData) return null;
  return <ConsentBar ids={ids} onAnswer={setConsent} />;
}
