import { describe, expect, it } from "vitest";
import { doorFor, doorRefusal, doors, isCallbackPath } from "../../../functions/api/doors";
import type { Door } from "../../../functions/api/door-type";
import { BEAUTY, get } from "../helpers/request";
import { koAuth } from "~/shared/messages/auth";

/** Issue 8, point 3: the API's non-JSON doors in one table, each kind with its own checks. */
describe("non-JSON doors", () => {
  const socket: Door = { kind: "websocket", methods: ["GET"], handle: async () => new Response(null) };
  const upgrade = (headers: Record<string, string>) =>
    new Request(`http://${BEAUTY}/api/events`, { headers: { host: BEAUTY, upgrade: "websocket", ...headers } });

  it("lets a WebSocket upgrade through only from a page of the same origin", async () => {
    expect(doorRefusal(socket, upgrade({ origin: `http://${BEAUTY}` }))).toBeNull();
    for (const origin of ["http://evil.localhost", "http://picks.localhost", "null"]) {
      const refused = doorRefusal(socket, upgrade({ origin }));
      expect(refused?.status, origin).toBe(403);
      expect(await refused?.json()).toEqual({
        error: { code: "CROSS_SITE", message: koAuth.crossSite },
      });
    }
    // No Origin at all is no browser page of this shop either.
    expect(doorRefusal(socket, upgrade({}))?.status).toBe(403);
    // A plain GET to a socket's path is no upgrade.
    const plain = new Request(`http://${BEAUTY}/api/events`, { headers: { host: BEAUTY, origin: `http://${BEAUTY}` } });
    expect(doorRefusal(socket, plain)?.status).toBe(426);
  });

  it("names every door once, with its kind; only callbacks skip the forgery guard", () => {
    expect(Object.keys(doors).sort()).toEqual([
      "/api/device/handoff",
      "/api/device/handoff/ticket",
      "/api/live/ws",
      "/api/payments/toss/webhook",
      "/api/payouts/toss/webhook",
      "/api/user/login/redirect",
      "/api/user/login/redirect/dom",
      "/api/user/logout/v2",
      // Kakao/Naver login (decision 115): started and finished on a shop's host, answered on the platform's.
      "/auth/complete",
      "/auth/kakao/callback",
      "/auth/kakao/start",
      "/auth/kakao/unlink",
      "/auth/naver/callback",
      "/auth/naver/start",
    ]);
    expect(Object.entries(doors).filter(([, d]) => d.kind !== "navigation")).toEqual([
      ["/api/live/ws", expect.objectContaining({ kind: "websocket" })],
      // Toss's deposit callback comes from Toss's servers; it checks the payment's own secret.
      ["/api/payments/toss/webhook", expect.objectContaining({ kind: "callback" })],
      // Toss's payout and seller events (decision 178); they carry Toss's signature.
      ["/api/payouts/toss/webhook", expect.objectContaining({ kind: "callback" })],
      // Kakao's unlink notice comes from Kakao's servers; it checks the admin key.
      ["/auth/kakao/unlink", expect.objectContaining({ kind: "callback" })],
    ]);
    expect(isCallbackPath("/api/payments/toss/webhook")).toBe(true);
    expect(doorFor("/api/user/logout/v2", "POST")?.kind).toBe("navigation");
    expect(doorFor("/api/user/login/redirect", "POST")).toBeNull();
    expect(isCallbackPath("/api/user/logout/v2")).toBe(false);
  });

  it("answers navigations through the router as before", async () => {
    const res = await get(BEAUTY, "/api/user/logout/v2?url=/shop", { headers: { "sec-fetch-site": "same-origin" } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/shop");
  });
});
