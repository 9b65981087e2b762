import type { AppLoadContext } from "@remix-run/cloudflare";
import { readCookie } from "~/shared/cookies";
import { CONSENT_COOKIE, consentOf, trackingIds } from "~/shared/tracking";

type ServerEvent =
  | { event: "purchase"; order_id: number }
  | { event: "add_to_cart"; event_id: string; pid2: number; pid3: number; qty: number };

/** The Google Analytics client id of a _ga cookie ("GA1.1.123.456" → "123.456"), or "". */
export function gaClientId(cookie: string | null): string {
  const ga = readCookie(cookie, "_ga");
  const match = ga ? /^GA\d\.\d+\.(\d+\.\d+)$/.exec(ga) : null;
  return match?.[1] ?? "";
}

/**
 * A commerce event from the server, beside the browser's (decision 070): only for a shop with
 * tags and a shopper who agreed, sent after the response with waitUntil, and never able to slow
 * or fail the page that caused it (a failure is logged; the API keeps and retries what it took).
 */
export function sendServerEvent(request: Request, context: AppLoadContext, e: ServerEvent): void {
  const cookie = request.headers.get("cookie");
  if (!trackingIds(context.shop) || consentOf(readCookie(cookie, CONSENT_COOKIE)) !== "granted") return;
  const query = {
    client_id: gaClientId(cookie),
    event: e.event,
    ...(e.event === "purchase" ? { order_id: e.order_id } : {}),
  };
  // The page's address without its query: a guest's carries their device id (uuid_value).
  const page = new URL(request.url);
  const source_url = `${page.origin}${page.pathname}`;
  const body =
    e.event === "purchase"
      ? { source_url }
      : { event_id: e.event_id, source_url, items: [{ pid2: e.pid2, pid3: e.pid3, qty: e.qty }] };
  context.waitUntil(
    context.api.call("syncEvent", { query, body }).then(
      () => undefined,
      (error: unknown) => context.log.error("server event not sent", error, { event: e.event }),
    ),
  );
}
