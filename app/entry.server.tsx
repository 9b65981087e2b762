import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";

/** Deferred data still pending after this long is rejected, so a response always ends. */
export const streamTimeout = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1000);
  let status = responseStatusCode;
  const body = await renderToReadableStream(<RemixServer context={remixContext} url={request.url} />, {
    signal: controller.signal,
    onError(error: unknown) {
      if (!controller.signal.aborted) console.error(error);
      status = 500;
    },
  });
  body.allReady.then(() => clearTimeout(timer)).catch(() => clearTimeout(timer));

  // Crawlers get the whole page at once; people get the shell first and the rest streamed.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("X-Content-Type-Options", "nosniff");
  // A route may ask for less (the password-reset page: no-referrer).
  if (!responseHeaders.has("Referrer-Policy"))
    responseHeaders.set("Referrer-Policy", "strict-origin-when-cross-origin");
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
  return new Response(body, { headers: responseHeaders, status });
}
