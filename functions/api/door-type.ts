import type { ApiContext } from "./context";

/**
 * The shop API's calls that are not JSON in, JSON out (decision 051), each kind with the checks it
 * needs beyond the contract's:
 *  - navigation: a browser follows it as a page and gets a redirect (login, logout);
 *  - callback: a payment provider posts to it, from its own server or from the shopper's browser
 *    on the provider's page. The forgery guard cannot apply (the post comes from another site),
 *    so the handler must verify the provider's signature before trusting anything in it;
 *  - websocket: an upgrade. It is a GET, so the forgery guard lets it pass, yet the socket
 *    carries the shopper's cookies: the page opening it must be this host's own (Origin).
 *
 * The type lives apart from the list of doors (./doors.ts): the live socket's door
 * (functions/live/door.ts) is one of them, and the list imports it.
 */
export type DoorKind = "navigation" | "callback" | "websocket";
export type Door = { kind: DoorKind; methods: string[]; handle: (ctx: ApiContext) => Promise<Response> };
