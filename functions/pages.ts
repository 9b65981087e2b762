import { koErrors } from "~/shared/messages/shop/errors";
import { koRequestErrors } from "~/shared/messages/shop/request-errors";

/**
 * Pages the Worker answers without Remix (no shop, so no theme, to render them in): one small,
 * self-contained shell that escapes what it is given.
 */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The shell around `bodyHtml` (already escaped by the caller); never cached. */
export function htmlPage(status: number, title: string, bodyHtml: string, headers: HeadersInit = {}): Response {
  const html = `<!doctype html><html lang="ko"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#333;background:#f5f6f8}
main{text-align:center;padding:24px}h1{font-size:20px}p{color:#666}button{font:inherit;padding:10px 20px;border-radius:8px;border:0;background:#3C91E6;color:#fff}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${bodyHtml}</main></body></html>`;
  const h = new Headers(headers);
  h.set("content-type", "text/html; charset=utf-8");
  h.set("cache-control", "no-store");
  return new Response(html, { status, headers: h });
}

/** A title and one line of text. */
export const plainPage = (status: number, title: string, text: string) =>
  htmlPage(status, title, `<p>${escapeHtml(text)}</p>`);

export const shopNotFoundPage = () => plainPage(404, koRequestErrors.shopNotFound, koRequestErrors.shopNotFoundBody);
export const upstreamErrorPage = () => plainPage(502, koErrors.upstream, koErrors.upstreamBody);
