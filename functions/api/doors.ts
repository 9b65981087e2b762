import { koRequestErrors } from "~/shared/messages/shop/request-errors";
import { koAuth } from "~/shared/messages/auth";
import { requestOrigin } from "../csrf";
import { authNavigations } from "./auth";
import { LIVE_PATH, liveDoor } from "../live/door";
import type { ApiContext } from "./context";
import { ApiError, errorResponse } from "./http";

/**
 * The shop API's calls that are not JSON in, JSON out (decision 051), each kind with the checks it
 * needs beyond the contract's:
 *  - navigation: a browser follows it as a page and gets a redirect (login, logout);
 *  - callback: a payment provider posts to it, from its own server or from the shopper's browser
 *    on the provider's page. The forgery guard cannot apply (the post comes from another site),
 *    so the handler must verify the provider's signature before trusting anything in it;
 *  - websocket: an upgrade. It is a GET, so the forgery guard lets it pass, yet the socket
 *    carries the shopper's cookies: the page opening it must be this host's own (Origin).
 */
export type DoorKind = "navigation" | "callback" | "websocket";
export type Door = { kind: DoorKind; methods: string[]; handle: (ctx: ApiContext) => Promise<Response> };

const navigations = Object.fromEntries(
  Object.entries(authNavigations).map(([path, n]) => [path, { kind: "navigation", ...n } satisfies Door]),
);

/** Every non-JSON door, by path. Payment callbacks and the event socket join this table. */
export const doors: Readonly<Record<string, Door>> = { ...navigations, [LIVE_PATH]: liveDoor };

/** The door a request goes through, if its path and method name one. */
export function doorFor(pathname: string, method: string): Door | null {
  const door = doors[pathname];
  return door?.methods.includes(method) ? door : null;
}

/** A payment callback may come from another site; everything else posted must not (csrf.ts). */
export function isCallbackPath(pathname: string): boolean {
  return doors[pathname]?.kind === "callback";
}

/** Null when the request may go through `door`; otherwise the refusal to answer with. */
export function doorRefusal(door: Door, request: Request): Response | null {
  if (door.kind !== "websocket") return null;
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
    return errorResponse(new ApiError(426, "UPGRADE_REQUIRED", koRequestErrors.badRequest));
  }
  const origin = request.headers.get("origin");
  if (!origin || origin.toLowerCase() !== requestOrigin(request)) {
    return errorResponse(new ApiError(403, "CROSS_SITE", koAuth.crossSite));
  }
  return null;
}
