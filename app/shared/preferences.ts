import { isCrawler } from "./crawler";
import { isInternetExplorer } from "./ie";
import { CONSENT_COOKIE, consentOf } from "./tracking";
import { readCookie } from "./cookies";

/**
 * Everything of the request itself, besides its address, that the page is drawn from for a visitor
 * with no session, cart or device: the root loader reads these, and the edge page cache keeps one
 * copy per combination (functions/page-cache.ts). A page that comes to depend on another header
 * or cookie reads it here, or the cache would hand one visitor's page to another.
 */
export function requestPreferences(request: Request) {
  return {
    isIE: isInternetExplorer(request.headers.get("user-agent")),
    /** The shopper's answer to the consent bar (decision 070). */
    consent: consentOf(readCookie(request.headers.get("cookie"), CONSENT_COOKIE)),
    saveData: request.headers.get("save-data")?.toLowerCase() === "on",
    /** A search engine gets the page whole, a person the shell first and the rest streamed. */
    crawler: isCrawler(request),
  };
}
