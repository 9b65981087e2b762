import { ko } from "~/lib/messages";
import { koAuth } from "~/lib/messages-auth";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Small pages the accounts calls answer outside Remix: self-contained, never cached. */
function page(status: number, title: string, body: string, headers: HeadersInit = {}): Response {
  const html = `<!doctype html><html lang="ko"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#333;background:#f5f6f8}
main{text-align:center;padding:24px}h1{font-size:20px}p{color:#666}button{font:inherit;padding:10px 20px;border-radius:8px;border:0;background:#3C91E6;color:#fff}</style></head>
<body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
  const h = new Headers(headers);
  h.set("content-type", "text/html; charset=utf-8");
  h.set("cache-control", "no-store");
  return new Response(html, { status, headers: h });
}

/** A cross-site request that changes something was refused (functions/csrf.ts). */
export const crossSitePage = () => page(403, koAuth.crossSite, `<p>${escape(koAuth.crossSiteBody)}</p>`);

/**
 * A logout link followed from another site: nothing happens until the member confirms with a
 * same-origin form post.
 */
export const logoutConfirmPage = (returnTo: string) =>
  page(
    200,
    koAuth.logoutConfirm,
    `<form method="post" action="/api/user/logout/v2?url=${encodeURIComponent(returnTo)}">
<button type="submit">${escape(ko.account.logout)}</button></form>
<p><a href="${escape(returnTo)}">${escape(ko.common.cancel)}</a></p>`,
  );
