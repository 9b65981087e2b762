import { createContext, useContext } from "react";

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
