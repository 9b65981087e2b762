/**
 * Personal pages from the shared copy (decision 122), in the browser: the Worker's overlay on the
 * loader data of the first render. (The marks the server draws: app/lib/slots.ts.)
 */
import { OVERLAY_ATTRIBUTE, type PersonalOverlay } from "~/shared/personal";

/** The Worker's overlay on this document, read once: null on a page drawn for its visitor alone. */
let overlay: PersonalOverlay | null | undefined;

/** The first loader data each route was seen with in this document, and it with the overlay on. */
const firstSeen = new Map<string, [object, object]>();

/**
 * A route's loader data with the visitor's parts the Worker filled in on top: the document's HTML
 * shows them, so hydration must draw them too. Only the data of the first render: data loaded
 * again (a form post, a navigation) is the visitor's own, drawn for them.
 */
export function personalised<T>(routeId: string, data: T): T {
  if (overlay === undefined) {
    const raw = typeof document === "undefined" ? null : document.body.getAttribute(OVERLAY_ATTRIBUTE);
    overlay = raw ? (JSON.parse(decodeURIComponent(raw)) as PersonalOverlay) : null;
  }
  const part = overlay?.[routeId];
  if (!part || !data) return data;
  let seen = firstSeen.get(routeId);
  if (!seen) firstSeen.set(routeId, (seen = [data, { ...data, ...part }]));
  return (seen[0] === data ? seen[1] : data) as T;
}
