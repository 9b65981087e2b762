import { HELD_MODULE, HELD_PRELOAD } from "./after-paint";

/**
 * Holds Remix's module preloads and module script in the HTML on its way out (streaming, nothing
 * buffered), for the starter in `after-paint.ts` to release after the first paint. Remix renders
 * these tags itself and takes no attribute for them; React does not compare attribute values when
 * it hydrates a production build, and Remix's scripts suppress the comparison anyway.
 */
export function holdScriptsUntilPaint(response: Response): Response {
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
        link.setAttribute("rel", HELD_PRELOAD);
      },
    })
    .on('script[type="module"]', {
      element(script) {
        script.setAttribute("type", HELD_MODULE);
      },
    })
    .transform(response);
}
