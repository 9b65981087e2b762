/**
 * Personal pages from the shared copy (decision 122): the names of the marks a page drawn to be
 * kept carries where it differs per visitor, read by the Worker (functions/personal.ts), which
 * fills them for each visitor, and by the storefront, which draws them. Also the overlay the
 * browser reads so that hydration agrees with what the Worker filled in.
 */

/** A ♡'s form carries its product id and title (its label names it), always; the Worker takes them off a kept page. */
export const LIKE_SLOT = { pid: "data-like-pid", title: "data-like-title" } as const;

/** The attribute on <body> that carries the visitor's overlay (JSON) on a page filled for them. */
export const OVERLAY_ATTRIBUTE = "data-personal";

/** The route ids whose loader data the overlay replaces parts of. */
export const FRAME_ROUTE = "routes/_shop";
export const ROOT_ROUTE = "root";
/** The page's own route (the leaf of the first render), whichever address drew it. */
export const LEAF_ROUTE = "leaf";

/**
 * What the browser puts over the loader data it hydrates with, by route id: the root's session,
 * the frame's counts and cart address, the page's likes. Only over the data of the first render.
 */
export type PersonalOverlay = Record<string, Record<string, unknown>>;

/** What a page kept for personalisation says about itself (its loader, through sharePage). */
export type PersonalNotes = {
  /** The products whose ♡ the page shows. */
  pids: number[];
  /** The page's `liked` is one boolean (the product page) rather than a list of ids. */
  one: boolean;
};
