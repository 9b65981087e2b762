import type { EntryContext } from "@remix-run/cloudflare";
import { holdScriptsUntilPaint } from "./after-paint.server";

/**
 * What a route's `handle` may ask of its document. `refreshWithoutScripts`: a browser without
 * scripts loads the page again after this many seconds (a table's order, whose status the kitchen
 * moves on while scripts would follow it live), by a `<meta http-equiv="refresh">` in a
 * `<noscript>` of the head, the only place the element is valid (decision 161).
 */
export type DocumentHandle = { refreshWithoutScripts?: number };

/** The refresh the page's routes ask for (the deepest that asks), none on an error page. */
export function refreshWithoutScripts(context: EntryContext): number | null {
  const { matches, errors } = context.staticHandlerContext;
  if (errors) return null;
  for (const match of [...matches].reverse()) {
    const seconds = (context.routeModules[match.route.id]?.handle as DocumentHandle | undefined)?.refreshWithoutScripts;
    if (seconds !== undefined) return seconds;
  }
  return null;
}

/**
 * The document on its way out, in one HTMLRewriter pass (streaming, nothing buffered), valid HTML
 * (decision 161):
 * - React streams what a page defers (the data Remix sends on, the parts a Suspense boundary
 *   waited for) after the shell's `</body></html>`, where no element may be: the two end tags are
 *   taken out where React writes them and written after the last streamed byte. The browser builds
 *   the same document (it puts what follows `</html>` into the body anyway).
 * - `held`: the scripts wait for the first paint (decision 075, after-paint.server.ts).
 * - `refresh`: a browser without scripts looks again after so many seconds (DocumentHandle).
 */
export function servedDocument(
  response: Response,
  { held, onUse, refresh }: { held: boolean; onUse: boolean; refresh: number | null },
): Response {
  const rewriter = new HTMLRewriter();
  if (held) holdScriptsUntilPaint(rewriter, onUse);
  if (refresh !== null) {
    rewriter.on("head", {
      element(head) {
        head.append(`<noscript><meta http-equiv="refresh" content="${Math.round(refresh)}"></noscript>`, {
          html: true,
        });
      },
    });
  }
  const endLater: HTMLRewriterElementContentHandlers = {
    element(element) {
      element.onEndTag((end) => {
        end.remove();
      });
    },
  };
  return rewriter
    .on("body", endLater)
    .on("html", endLater)
    .onDocument({
      end(end) {
        end.append("</body></html>", { html: true });
      },
    })
    .transform(response);
}
