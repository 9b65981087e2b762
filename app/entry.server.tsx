import type { ActionFunctionArgs, AppLoadContext, EntryContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { renderToReadableStream } from "react-dom/server";
import { AfterPaintContext } from "./lib/after-paint";
import { productQuote } from "./lib/quote.server";
import { AFTER_PAINT_STARTER, startsOnUse } from "./lib/after-paint.server";
import { refreshWithoutScripts, servedDocument } from "./lib/document.server";
import { serverIslands } from "./components/islands.server";
import { ServerIslands } from "./lib/island";
import { SlotsContext } from "./lib/slots";
import { NonceContext } from "./lib/nonce";
import { RequestIdContext } from "./lib/request-id";
import { isCrawler } from "./shared/crawler";

/** Deferred data still pending after this long is rejected, so a response always ends. */
export const streamTimeout = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1000);
  let status = responseStatusCode;
  const { nonce, log } = loadContext;
  // The request's log line names the page's route rather than only its path.
  log.note({ route: remixContext.staticHandlerContext.matches.at(-1)?.route.id });
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <RequestIdContext.Provider value={log.id}>
        <AfterPaintContext.Provider value={AFTER_PAINT_STARTER + productQuote(remixContext)}>
          <ServerIslands.Provider value={serverIslands}>
            {/* A page that may be kept for every visitor marks its personal parts (decision 122). */}
            <SlotsContext.Provider value={Boolean(loadContext.shared)}>
              <RemixServer context={remixContext} url={request.url} nonce={nonce} />
            </SlotsContext.Provider>
          </ServerIslands.Provider>
        </AfterPaintContext.Provider>
      </RequestIdContext.Provider>
    </NonceContext.Provider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) log.error("page render failed", error);
        status = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timer)).catch(() => clearTimeout(timer));

  // Crawlers get the whole page at once; people get the shell first and the rest streamed.
  if (isCrawler(request)) await body.allReady;

  // The Worker adds nosniff, the referrer policy (unless a route chose one: the reset page's
  // no-referrer), the Content-Security-Policy with this nonce, and no-store for personal pages
  // (functions/response-headers.ts).
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
  // Valid HTML, streamed data included (decision 161). The scripts wait for the first paint
  // (decision 075); not in development, where React's development build would report the held
  // attributes as hydration mismatches. NODE_ENV is a constant the Remix compiler writes into the
  // build, not configuration read at run time.
  // eslint-disable-next-line no-restricted-globals
  const held = process.env.NODE_ENV === "production";
  return servedDocument(new Response(body, { headers: responseHeaders, status }), {
    held,
    onUse: held && startsOnUse(request, remixContext),
    refresh: refreshWithoutScripts(remixContext),
  });
}

/**
 * A loader's or action's exception (not a thrown Response): one JSON line with the request's id,
 * the one its error page shows (functions/log.ts). A request the browser gave up is no failure.
 */
export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return;
  // Route discovery (/__manifest) is answered without a load context; nothing of it should throw,
  // but an error there must still be seen.
  if (context?.log) context.log.error("page failed", error);
  // Its name only: the message may hold what a shopper typed, and the redaction lives with the log.
  else
    console.error(JSON.stringify({ level: "error", msg: "page failed", error: (error as Error)?.name ?? "unknown" }));
}
