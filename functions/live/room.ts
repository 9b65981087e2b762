import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import { Log, newId } from "../log";
import { LIVE_LOG_HEADERS } from "./publisher";

/**
 * One live room (issue 12, decision 065): the sockets of one member on one shop, of one device
 * (a guest's order pages), or of one shop's owner (the inbox). It relays events the Worker
 * publishes after a write; it stores nothing (D1 has every message), so a restart loses nothing
 * and a reconnecting client catches up from D1. Sockets hibernate: an idle room costs nothing, and
 * "ping" is answered "pong" without waking it.
 */
export const LIVE_PING = "ping";
export const LIVE_PONG = "pong";

/** A client only pings; anything bigger than this is no ping. */
export const MAX_FRAME_BYTES = 1024;
/** Frames per connection per window before the socket is closed. */
export const FRAMES_PER_WINDOW = 10;
export const FRAME_WINDOW_MS = 10_000;

export const CLOSE = {
  /** RFC 6455: a frame too big to process. */
  tooBig: 1009,
  /** RFC 6455: data the room does not accept (not a ping). */
  unsupported: 1003,
  /** Application code: too many frames in the window. */
  tooMany: 4429,
} as const;

/** Kept with each socket (it outlives the room's hibernation): the frame window, and what its close line says. */
type Attachment = { windowStart: number; frames: number; id?: string; room?: string; opened?: number };

export class LiveRoom extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Answered by the runtime while the room sleeps: pings keep sockets alive for free.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    // The Worker's own call after a write: the event goes to every socket of the room.
    if (url.pathname === "/publish" && request.method === "POST") {
      const event = await request.text();
      let sent = 0;
      for (const socket of this.ctx.getWebSockets()) {
        try {
          socket.send(event);
          sent += 1;
        } catch {
          // Closing meanwhile: its client reconnects and catches up from D1.
        }
      }
      return Response.json({ sent });
    }
    // The Worker has checked the origin, the person and the room (functions/live/door.ts).
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("websocket expected", { status: 426 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    const now = Date.now();
    const id = request.headers.get(LIVE_LOG_HEADERS.id) ?? newId();
    const room = request.headers.get(LIVE_LOG_HEADERS.room) ?? "";
    server.serializeAttachment({ windowStart: now, frames: 0, id, room, opened: now } satisfies Attachment);
    new Log(id, { kind: "live", room }).info("socket open", { sockets: this.ctx.getWebSockets().length });
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Clients do not talk over the socket (they post to the API): anything but a ping closes it. */
  async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const size = typeof message === "string" ? new TextEncoder().encode(message).byteLength : message.byteLength;
    if (size > MAX_FRAME_BYTES) return socket.close(CLOSE.tooBig, "frame too large");
    const now = Date.now();
    const seen = (socket.deserializeAttachment() as Attachment | null) ?? { windowStart: now, frames: 0 };
    const fresh = now - seen.windowStart >= FRAME_WINDOW_MS;
    const state: Attachment = fresh ? { ...seen, windowStart: now, frames: 1 } : { ...seen, frames: seen.frames + 1 };
    socket.serializeAttachment(state);
    if (state.frames > FRAMES_PER_WINDOW) return socket.close(CLOSE.tooMany, "too many frames");
    // A ping in another shape than the auto-answered one (e.g. JSON) is still answered.
    if (typeof message === "string" && (message === LIVE_PING || isJsonPing(message))) {
      socket.send(LIVE_PONG);
      return;
    }
    socket.close(CLOSE.unsupported, "only pings are accepted");
  }

  async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    const seen = socket.deserializeAttachment() as Attachment | null;
    new Log(seen?.id ?? newId(), { kind: "live", room: seen?.room }).info("socket close", {
      code,
      ms: seen?.opened ? Date.now() - seen.opened : undefined,
    });
    // Completes the closing handshake the client began.
    try {
      socket.close(code === 1005 ? 1000 : code, reason);
    } catch {
      // already closed
    }
  }
}

function isJsonPing(text: string): boolean {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null && (value as { type?: unknown }).type === LIVE_PING;
  } catch {
    return false;
  }
}
