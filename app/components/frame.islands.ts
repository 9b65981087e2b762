/**
 * The shop frame's islands that hydrate as soon as the page has (decision 073), in one module: the
 * browser fetches their code as one chunk and the few it shares with routes, rather than a chunk
 * per island and one per set of islands sharing a module (about twenty requests, each a task on a
 * slow phone's main thread, within the time its first tap may wait). The footer and the
 * recommendations ("visible", decision 082) keep chunks of their own, fetched only when near, and
 * the side menu (menu.islands.ts, "use", decision 128) when first used.
 */
export { Header } from "./Header";
export { HeaderButtons } from "./account/HeaderActions";
