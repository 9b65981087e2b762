import { createContext } from "react";

/**
 * The page's scripts start after its first paint (decision 075). The HTML as sent is whole (forms
 * and links work without scripts), so on a weak phone network the shopper should see it before
 * about 100 KB of hydration code takes the bandwidth and the main thread. The Worker sends Remix's
 * module script held, as a data block of this type (which the browser does not run), with the
 * addresses of Remix's module preloads in HELD_PRELOADS (the preload elements left out: decision
 * 160); the small inline script below gives them back their meaning once the browser reports the
 * first contentful paint: the preloads start, then the module script runs, which imports the entry
 * and hydrates. A hidden page, or a browser without paint timing, starts at once.
 */
export const HELD_MODULE = "text/x-held-module";
/** On the held module script: the module preloads' addresses, space-separated, in Remix's order. */
export const HELD_PRELOADS = "data-preload";
/**
 * The mark of the page's first picture, its likely largest paint: the browser fetches it before the
 * other pictures, and the starter waits for it to be shown before the scripts (decision 087).
 * React 18 has no fetchPriority prop; a lowercase attribute passes through as written.
 */
export const FIRST_PICTURE = { fetchpriority: "high" } as const;
/**
 * On <html>: the page hydrates when the shopper first reaches for it (a touch, a key, a scroll, the
 * pointer moving), not as soon as its scripts are in (decision 135).
 */
export const START_ON_USE = "data-start-on-use";
/** The module script written back by the starter; removed again before hydration compares the DOM. */
export const STARTED_MODULE_ID = "after-paint-module";

/**
 * The starter's text, given by entry.server only: the browser has run it long before hydration,
 * so the browser bundle does not carry it (the client renders the tag empty, which hydration does
 * not compare).
 */
export const AfterPaintContext = createContext("");
