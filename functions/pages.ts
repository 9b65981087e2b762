import { koErrors } from "~/shared/messages/shop/errors";
import { koRequestErrors } from "~/shared/messages/shop/request-errors";

/**
 * Pages the Worker answers without Remix (no shop, so no theme, to render them in): one small,
 * self-contained shell that escapes what it is given.
 */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The shell around `bodyHtml` (already escaped by the caller); never cached. An error page shows
 * its request's id, small and easy to select, for the shopper to quote (functions/log.ts).
 */
export function htmlPage(
  status: number,
  title: string,
  bodyHtml: string,
  headers: HeadersInit = {},
  requestId?: string,
): Response {
  const id = requestId
    ? `<p class="id">${escapeHtml(koErrors.requestId)} <span>${escapeHtml(requestId)}</span></p>`
    : "";
  const html = `<!doctype html><html lang="ko"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#333;background:#f5f6f8}
main{text-align:center;padding:24px}h1{font-size:20px}p{color:#666}button{font:inherit;padding:10px 20px;border-radius:8px;border:0;background:#3C91E6;color:#fff}
.id{font-size:12px}.id span{user-select:all}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${bodyHtml}${id}</main></body></html>`;
  const h = new Headers(headers);
  h.set("content-type", "text/html; charset=utf-8");
  h.set("cache-control", "no-store");
  return new Response(html, { status, headers: h });
}

/** A title and one line of text (and the request's id, on an error page). */
export const plainPage = (status: number, title: string, text: string, requestId?: string) =>
  htmlPage(status, title, `<p>${escapeHtml(text)}</p>`, {}, requestId);

export const shopNotFoundPage = (requestId: string) =>
  plainPage(404, koRequestErrors.shopNotFound, koRequestErrors.shopNotFoundBody, requestId);
export const upstreamErrorPage = (requestId: string) =>
  plainPage(502, koErrors.upstream, koErrors.upstreamBody, requestId);
/** The Worker failed before Remix could draw its own error page. */
export const serverErrorPage = (requestId: string) =>
  plainPage(500, koErrors.unexpected, koErrors.unexpectedBody, requestId);
