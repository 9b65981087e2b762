import { createContext, useContext } from "react";
import { OVERLAY_ATTRIBUTE, type PersonalOverlay } from "~/shared/personal";

/**
 * Personal pages from the shared copy (decision 122), as the storefront sees them.
 *
 * On the server: whether this render is a page to be kept and filled in per visitor by the Worker,
 * so its personal parts draw every variant with their marks (app/shared/personal.ts). Provided by
 * entry.server only; the browser never draws marks.
 */
export const SlotsContext = createContext(false);

/** Whether this render draws the marks of a page kept for every visitor. */
export const useSlots = () => useContext(SlotsContext);

/** The Worker's overlay on this document, read once: null on a page drawn for its visitor alone. */
let overlay: PersonalOverlay | null | undefined;

function readOverlay(): PersonalOverlay | null {
  if (overlay !== undefined) return overlay;
  if (typeof document === "undefined") return null;
  const raw = document.documentElement.getAttribute(OVERLAY_ATTRIBUTE);
  try {
    overlay = raw ? (JSON.parse(decodeURIComponent(raw)) as PersonalOverlay) : null;
  } catch {
    overlay = null;
  }
  return overlay;
}

/** Whether this document was filled in by the Worker for its visitor. */
export const filledByWorker = () => readOverlay() !== null;

/** The first loader data each route was seen with in this document: the overlay is theirs only. */
const firstSeen = new Map<string, object>();
const merged = new WeakMap<object, object>();

/**
 * A route's loader data with the visitor's parts the Worker filled in on top: the document's HTML
 * shows them, so hydration must draw them too. Only the data of the first render: data loaded
 * again (a form post, a navigation) is the visitor's own, drawn for them.
 */
export function personalised<T>(routeId: string, data: T): T {
  const part = readOverlay()?.[routeId];
  if (!part || data === null || typeof data !== "object") return data;
  const first = firstSeen.get(routeId);
  if (first === undefined) firstSeen.set(routeId, data);
  else if (first !== data) return data;
  let out = merged.get(data);
  if (!out) {
    out = { ...data, ...part };
    merged.set(data, out);
  }
  return out as T;
}
