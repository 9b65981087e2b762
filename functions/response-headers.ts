import { TABLE_COOKIE } from "~/shared/contracts/smart";
import { readCookie } from "~/shared/device";
import { SID_COOKIE, SKEY_COOKIE } from "./auth/session";
import { DEVICE_KEY } from "~/shared/device";

/**
 * Headers every response of the Worker carries (issue 7, decision 042): nosniff everywhere, a
 * referrer policy, a Content-Security-Policy on HTML, and `private, no-store` on anything that
 * answers a shopper who can be told apart (session or device cookie) or that sets a cookie.
 */

/** A fresh value for each response's script nonce. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Scripts: this origin's files and the inline scripts Remix and React write with the nonce.
 * Styles allow inline: the theme is a style attribute set on the server (vanilla-extract
 * assignInlineVars) and style attributes cannot take a nonce; a style cannot run code.
 * Images also from the file storage's origin when it is another one (an upstream's storage).
 */
export type CspSources = {
  storageUrl?: string;
  /** Where forms may post besides this origin (a shop's other host). */
  formOrigins?: string[];
  /** A postcode provider's script and frame origins (app/shared/postcode.ts), when one is on. */
  scriptOrigins?: readonly string[];
  frameOrigins?: readonly string[];
  /** A shop's ad and analytics tags (app/shared/tracking.ts), when it has configured some. */
  connectOrigins?: readonly string[];
  imgOrigins?: readonly string[];
};

export function contentSecurityPolicy(
  nonce: string,
  {
    storageUrl,
    formOrigins = [],
    scriptOrigins = [],
    frameOrigins = [],
    connectOrigins = [],
    imgOrigins = [],
  }: CspSources = {},
): string {
  let storage = "";
  try {
    if (storageUrl && /^https?:/.test(storageUrl)) storage = ` ${new URL(storageUrl).origin}`;
  } catch {
    storage = "";
  }
  return [
    "default-src 'self'",
    ["script-src 'self'", `'nonce-${nonce}'`, ...scriptOrigins].join(" "),
    "style-src 'self' 'unsafe-inline'",
    [`img-src 'self' data: blob:${storage}`, ...imgOrigins].join(" "),
    "font-src 'self' data:",
    ["connect-src 'self'", ...connectOrigins].join(" "),
    ["frame-src 'self'", ...frameOrigins].join(" "),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    ["form-action 'self'", ...formOrigins].join(" "),
  ].join("; ");
}

/** True when the request can be told apart from anyone else's: session, device or table cookies. */
export function identifiesShopper(request: Request): boolean {
  const cookie = request.headers.get("cookie");
  return [SID_COOKIE, SKEY_COOKIE, DEVICE_KEY, TABLE_COOKIE].some((name) => readCookie(cookie, name) !== null);
}

export function withSecurityHeaders(
  response: Response,
  request: Request,
  opts: { nonce: string; requestId?: string; sameForAll?: boolean; serverTiming?: string } & CspSources,
): Response {
  const out = new Response(response.body, response);
  const h = out.headers;
  h.set("x-content-type-options", "nosniff");
  // The id of this response's log lines (functions/log.ts): set here, per response, never kept
  // with a page in the edge cache.
  if (opts.requestId) h.set("x-request-id", opts.requestId);
  // What the request cost (the developer tools show it beside the request): functions/worker.ts.
  if (opts.serverTiming) h.append("server-timing", opts.serverTiming);
  if (!h.has("referrer-policy")) h.set("referrer-policy", "strict-origin-when-cross-origin");
  if ((h.get("content-type") ?? "").startsWith("text/html") && !h.has("content-security-policy")) {
    h.set("content-security-policy", contentSecurityPolicy(opts.nonce, opts));
  }
  // An answer the same for everyone keeps the caching it says (a stored file is immutable, Remix
  // marks its route manifest so), unless it sets a cookie. Made private, a returning shopper's
  // browser asked for the route manifest again on every page.
  const kept = opts.sameForAll && !h.has("set-cookie");
  if (!kept && (identifiesShopper(request) || h.has("set-cookie"))) {
    h.set("cache-control", "private, no-store");
  }
  return out;
}
