import { DurableObject } from "cloudflare:workers";
import { LIVE_CLOSE } from "~/shared/live";
import type { Env } from "../env";
import { Log, newId } from "../log";
import { AddressSlots } from "./address";
import { LIVE_ADDRESS, LIVE_LEASE, LIVE_WHO } from "./headers";
import { LEASE_RENEW_AFTER_MS, SOCKETS_PER_SESSION, STALE_AFTER_MS } from "./limits";
import { LIVE_LOG_HEADERS } from "./publisher";

/**
 * One live room (issue 12, decision 065): the sockets of one member on one shop, of one device
 * (a guest's order pages), or of one shop's owner (the inbox). It relays events the Worker
 * publishes after a write; it stores nothing (D1 has every message), so a restart loses nothing
 * and a reconnecting client catches up from D1. Sockets hibernate: an idle room costs nothing. A
 * "ping" wakes it to be counted with every other frame (decision 094): the runtime's auto-response
 * would answer any number of them unseen.
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
  /** RFC 6455: going away (a socket silent past STALE_AFTER_MS; a live client would reconnect). */
  stale: 1001,
  /** Application code: too many frames in the window, or too many sockets (the client stops). */
  tooMany: LIVE_CLOSE.tooMany,
} as const;

/**
 * A socket refused after its upgrade: it opens and closes at once with its code, so the browser
 * logs no failed handshake and the client reads the code to know not to retry (app/shared/live.ts).
 */
export function refusedSocket(code: number, reason: string): Response {
  const { 0: client, 1: server } = new WebSocketPair();
  server.accept();
  server.close(code, reason);
  return new Response(null, { status: 101, webSocket: client });
}

/**
 * Kept with each socket (it outlives the room's hibernation): its frame window, when it last sent
 * a frame (or opened), what its close line says, and its client address's slot (decision 150):
 * the address, the lease and when the lease was last renewed.
 */
type Attachment = {
  windowStart: number;
  frames: number;
  seen: number;
  id?: string;
  room?: string;
  opened?: number;
  address?: string;
  lease?: string;
  renewed?: number;
};

export class LiveRoom extends DurableObject<Env> {
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
    // The Worker has checked the origin, the person and the room, and taken the address's slot
    // (functions/live/door.ts, publisher.ts).
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("websocket expected", { status: 426 });
    }
    const now = Date.now();
    const who = `who:${request.headers.get(LIVE_WHO) ?? ""}`;
    const slot = { address: request.headers.get(LIVE_ADDRESS) ?? "", lease: request.headers.get(LIVE_LEASE) ?? "" };
    // Counted by the tags the room's sockets carry; nothing awaits between the count and the
    // accept, so a burst of upgrades gets exactly the cap's worth.
    const stale: Attachment[] = [];
    if (this.open(who, now, stale) >= SOCKETS_PER_SESSION) {
      await this.release([...stale, slot]);
      return refusedSocket(CLOSE.tooMany, "too many connections");
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [who]);
    const id = request.headers.get(LIVE_LOG_HEADERS.id) ?? newId();
    const room = request.headers.get(LIVE_LOG_HEADERS.room) ?? "";
    server.serializeAttachment({
      windowStart: now,
      frames: 0,
      seen: now,
      id,
      room,
      opened: now,
      ...slot,
      renewed: now,
    } satisfies Attachment);
    new Log(id, { kind: "live", room }).info("socket open", { sockets: this.ctx.getWebSockets().length });
    await this.release(stale);
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Sockets with `tag` in use: open, and heard from within STALE_AFTER_MS. A stale one is closed
   * and its attachment put in `stale`, for its slot to be given back.
   */
  private open(tag: string, now: number, stale: Attachment[]): number {
    let n = 0;
    for (const socket of this.ctx.getWebSockets(tag)) {
      if (socket.readyState !== WebSocket.OPEN) continue;
      const seen = socket.deserializeAttachment() as Attachment | null;
      if (now - (seen?.seen ?? 0) < STALE_AFTER_MS) n += 1;
      else {
        closeQuietly(socket, CLOSE.stale, "silent too long");
        if (seen) stale.push(seen);
      }
    }
    return n;
  }

  /** Clients do not talk over the socket (they post to the API): anything but a ping closes it. */
  async webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const size = typeof message === "string" ? new TextEncoder().encode(message).byteLength : message.byteLength;
    if (size > MAX_FRAME_BYTES) return this.closeAndRelease(socket, CLOSE.tooBig, "frame too large");
    const now = Date.now();
    const seen = (socket.deserializeAttachment() as Attachment | null) ?? { windowStart: now, frames: 0, seen: now };
    const fresh = now - seen.windowStart >= FRAME_WINDOW_MS;
    const state: Attachment = fresh
      ? { ...seen, windowStart: now, frames: 1, seen: now }
      : { ...seen, frames: seen.frames + 1, seen: now };
    socket.serializeAttachment(state);
    if (state.frames > FRAMES_PER_WINDOW) return this.closeAndRelease(socket, CLOSE.tooMany, "too many frames");
    // Within the limit, a ping ("ping", or JSON of type ping) is answered, and keeps the socket's
    // address slot from lapsing.
    if (typeof message === "string" && (message === LIVE_PING || isJsonPing(message))) {
      socket.send(LIVE_PONG);
      if (state.address && state.lease && now - (state.renewed ?? 0) >= LEASE_RENEW_AFTER_MS) {
        socket.serializeAttachment({ ...state, renewed: now });
        await this.slots(state.address)
          ?.renew(state.lease)
          .catch((error: unknown) => this.log(state).error("live lease renewal failed", error));
      }
      return;
    }
    return this.closeAndRelease(socket, CLOSE.unsupported, "only pings are accepted");
  }

  async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    const seen = socket.deserializeAttachment() as Attachment | null;
    this.log(seen).info("socket close", { code, ms: seen?.opened ? Date.now() - seen.opened : undefined });
    // Completes the closing handshake the client began.
    closeQuietly(socket, code === 1005 ? 1000 : code, reason);
    if (seen) await this.release([seen]);
  }

  /** A connection that failed rather than closed: its slot is given back all the same. */
  async webSocketError(socket: WebSocket, error: unknown): Promise<void> {
    const seen = socket.deserializeAttachment() as Attachment | null;
    this.log(seen).info("socket error", { error: String(error) });
    if (seen) await this.release([seen]);
  }

  /** The room closes a socket for what it sent; its slot goes back at once. */
  private async closeAndRelease(socket: WebSocket, code: number, reason: string): Promise<void> {
    socket.close(code, reason);
    const seen = socket.deserializeAttachment() as Attachment | null;
    if (seen) await this.release([seen]);
  }

  /**
   * Gives the address slots of these sockets back (a close may be reported twice: a release is
   * harmless then). A failure is logged: the lease lapses on its own (LEASE_MS).
   */
  private async release(sockets: { address?: string; lease?: string; id?: string; room?: string }[]): Promise<void> {
    await Promise.all(
      sockets.map((s) =>
        s.address && s.lease
          ? this.slots(s.address)
              ?.release(s.lease)
              .catch((error: unknown) => this.log(s).error("live lease release failed", error))
          : undefined,
      ),
    );
  }

  private slots(address: string): AddressSlots | null {
    return this.env.LIVE_ADDRESSES ? new AddressSlots(this.env.LIVE_ADDRESSES, address) : null;
  }

  private log(seen: { id?: string; room?: string } | null): Log {
    return new Log(seen?.id ?? newId(), { kind: "live", room: seen?.room });
  }
}

function closeQuietly(socket: WebSocket, code: number, reason: string): void {
  try {
    socket.close(code, reason);
  } catch {
    // already closed
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
