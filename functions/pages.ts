import { ko } from "~/lib/messages";

/**
 * Pages the Worker answers without Remix: there is no shop (and so no theme) to render them in.
 * Kept tiny and self-contained.
 */
function page(status: number, title: string, body: string): Response {
  const html = `<!doctype html><html lang="ko"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#333;background:#f5f6f8}
main{text-align:center;padding:24px}h1{font-size:20px}p{color:#666}</style></head>
<body><main><h1>${title}</h1><p>${body}</p></main></body></html>`;
  return new Response(html, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

export const shopNotFoundPage = () => page(404, ko.errors.shopNotFound, ko.errors.shopNotFoundBody);
export const upstreamErrorPage = () => page(502, ko.errors.upstream, ko.errors.upstreamBody);
