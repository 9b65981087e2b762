import { createContext, useContext, useState } from "react";

/** The element an error page writes its request's id in, read back when the page hydrates. */
export const REQUEST_ID_ELEMENT = "request-id";

/**
 * This request's id (functions/log.ts) for its error page, provided by entry.server. Never in
 * loader data: a page kept at the edge for every visitor (decision 077) must hold no one's id.
 */
export const RequestIdContext = createContext<string | null>(null);

/**
 * The id of the request that met `error`. In the browser it is read from the page as sent, so
 * hydration finds the same text; an error met later, in a client navigation, shows none (its data
 * request's id is in that response's X-Request-Id header and the logs).
 */
export function useRequestId(error: unknown): string | null {
  const fromServer = useContext(RequestIdContext);
  const [first] = useState(() => ({
    error,
    id:
      typeof document === "undefined" ? fromServer : (document.getElementById(REQUEST_ID_ELEMENT)?.textContent ?? null),
  }));
  return first.error === error ? first.id : null;
}
