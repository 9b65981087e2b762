/**
 * The live event socket in the browser (issue 12, spec §4 and §9): opened with partysocket after
 * the page is interactive (its code is a separate chunk, never in the first load), a ping every
 * 20 s, and a reconnect when no pong came for 45 s. Events carry ids only; the page reads what
 * changed from its loaders (D1), which is also how it catches up after a reconnect.
 */
import type ReconnectingWebSocket from "partysocket/ws";
import { reconnectsAfter } from "~/shared/live";

export const PING_EVERY_MS = 20_000;
export const SILENCE_LIMIT_MS = 45_000;

export type LiveEvent =
  | { type: "message"; ticket_id: number; message_id: number; sender: "member" | "shop" }
  | { type: "order"; id: number; status: string }
  | { type: "question"; id: number; pid: number }
  | { type: "table_cart" }
  /** The socket is (re)connected: anything may have been missed meanwhile. */
  | { type: "connected" };

export type LiveRoomName = "me" | "inbox" | "table";

export function openLive(
  room: LiveRoomName,
  onEvent: (event: LiveEvent) => void,
  onConnected: (connected: boolean) => void,
): () => void {
  let stopped = false;
  let socket: ReconnectingWebSocket | null = null;
  let timer: number | undefined;
  let lastPong = Date.now();
  let opens = 0;
  void import("partysocket/ws").then(({ default: Socket }) => {
    if (stopped) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new Socket(`${scheme}://${location.host}/api/live/ws${room === "me" ? "" : `?room=${room}`}`, [], {
      minReconnectionDelay: 1_000,
      maxReconnectionDelay: 30_000,
      maxRetries: 50,
      // Refused for good (nobody, not theirs, too many: app/shared/live.ts): no retry.
      shouldReconnectOnClose: (e) => reconnectsAfter(e.code),
    });
    socket = ws;
    ws.addEventListener("open", () => {
      lastPong = Date.now();
      onConnected(true);
      // Back after a drop: whatever happened meanwhile is read again (the first open is the page's).
      opens += 1;
      if (opens > 1) onEvent({ type: "connected" });
    });
    ws.addEventListener("close", (e: CloseEvent) => {
      onConnected(false);
      // The silence check below would open a refused socket again (reconnect() starts over).
      if (!reconnectsAfter(e.code)) window.clearInterval(timer);
    });
    ws.addEventListener("message", (e: MessageEvent) => {
      lastPong = Date.now();
      if (e.data === "pong") return;
      try {
        onEvent(JSON.parse(String(e.data)) as LiveEvent);
      } catch {
        // not ours to read
      }
    });
    timer = window.setInterval(() => {
      if (Date.now() - lastPong > SILENCE_LIMIT_MS) {
        lastPong = Date.now();
        ws.reconnect();
        return;
      }
      if (ws.readyState === 1) ws.send("ping");
    }, PING_EVERY_MS);
  });
  return () => {
    stopped = true;
    window.clearInterval(timer);
    socket?.close();
  };
}
