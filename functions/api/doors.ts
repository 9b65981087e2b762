import { koRequestErrors } from "~/shared/messages/shop/request-errors";
import { koAuth } from "~/shared/messages/auth";
import { requestOrigin } from "../csrf";
import { authNavigations } from "./auth";
import { deviceHandoffNavigations } from "./device-handoff";
import { LIVE_PATH, liveDoor } from "../live/door";
import { TOSS_WEBHOOK_PATH, tossWebhookDoor } from "../payments/deposit";
import { PAYOUT_WEBHOOK_PATH, payoutWebhookDoor } from "../payments/payout-webhook";
import { oauthDoors } from "../oauth/flow";
import type { Door } from "./door-type";
import { ApiError, errorResponse } from "./http";

const navigations = Object.fromEntries(
  Object.entries({ ...authNavigations, ...deviceHandoffNavigations }).map(([path, n]) => [
    path,
    { kind: "navigation", ...n } satisfies Door,
  ]),
);

/** Every non-JSON door (kinds: ./door-type.ts), by path. Payment callbacks and the event socket join this table. */
export const doors: Readonly<Record<string, Door>> = {
  ...navigations,
  [LIVE_PATH]: liveDoor,
  [TOSS_WEBHOOK_PATH]: tossWebhookDoor,
  [PAYOUT_WEBHOOK_PATH]: payoutWebhookDoor,
  ...oauthDoors,
};

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
