import type { Owner } from "../db/cart";
import type { Log } from "../log";
import { AddressSlots, type LiveAddress } from "./address";
import { LIVE_ADDRESS, LIVE_LEASE } from "./headers";

/**
 * Rooms and events of the live socket (decision 065). A room is a Durable Object named after whose
 * sockets it holds, always within one shop: a buyer's (member or device: their messages, unread
 * count and order status) or the shop's inbox (its owner's). Nothing names a room of another shop.
 */
export const liveRoom = {
  of: (shopId: number, owner: Owner) => `${shopId}/${owner}`,
  inbox: (shopId: number) => `${shopId}/inbox`,
  /** The phones at one table for one meal (smart order): its orders' status. */
  table: (shopId: number, visitId: string) => `${shopId}/table:${visitId}`,
};

/** Headers the Worker hands a room with a socket: the request's id and the room's kind, for its log lines. */
export const LIVE_LOG_HEADERS = { id: "x-request-id", room: "x-live-room" } as const;

/** A room as a log line may name it: its shop and kind, never whose it is (a member or device id). */
export function roomKind(room: string): string {
  const [shop, rest = ""] = room.split("/");
  const kind =
    rest === "inbox" ? "inbox" : rest.startsWith("table:") ? "table" : rest.startsWith("m:") ? "member" : "device";
  return `${shop}/${kind}`;
}

export type LiveEvent =
  | { type: "message"; ticket_id: number; message_id: number; sender: "member" | "shop" }
  | { type: "order"; id: number; status: string }
  /** The shop answered the member's 상품문의 (decision 118). */
  | { type: "question"; id: number; pid: number }
  /** A phone at the table added, changed or removed a dish (decision 132): nothing else is said. */
  | { type: "table_cart" };

/** Publishes events to rooms and opens sockets into them; without the bindings, nothing is live. */
export class LivePublisher {
  constructor(
    private readonly rooms: DurableObjectNamespace | undefined,
    private readonly log: Log,
    private readonly addresses?: DurableObjectNamespace<LiveAddress>,
  ) {}

  /** After a write: fans the event out; a failure is logged, never the writer's problem. */
  async publish(rooms: string[], event: LiveEvent): Promise<void> {
    const namespace = this.rooms;
    if (!namespace) return;
    const body = JSON.stringify(event);
    await Promise.all(
      rooms.map((room) =>
        namespace
          .get(namespace.idFromName(room))
          .fetch("https://live.internal/publish", { method: "POST", body })
          .then((res) => res.body?.cancel())
          .catch((error: unknown) => this.log.error("live publish failed", error, { room: roomKind(room) })),
      ),
    );
  }

  /**
   * Hands an upgrade, already checked, to its room, with what the room's log lines may say of it.
   * A counted client `address` first takes one of its slots on the platform (decision 150): null
   * when it holds them all. The room keeps the lease with the socket and gives it back on close;
   * if the room cannot be reached, it is given back here.
   */
  async connect(room: string, request: Request, address: string | null): Promise<Response | null> {
    if (!this.rooms || !this.addresses) return new Response("live events are not configured", { status: 503 });
    const slots = address ? new AddressSlots(this.addresses, address) : null;
    const lease = slots ? await slots.reserve() : null;
    if (slots && lease === null) return null;
    const headers = new Headers(request.headers);
    headers.set(LIVE_LOG_HEADERS.id, this.log.id);
    headers.set(LIVE_LOG_HEADERS.room, roomKind(room));
    headers.set(LIVE_ADDRESS, address ?? "");
    headers.set(LIVE_LEASE, lease ?? "");
    try {
      return await this.rooms.get(this.rooms.idFromName(room)).fetch(new Request(request, { headers }));
    } catch (error) {
      if (slots && lease) await slots.release(lease).catch(() => undefined);
      throw error;
    }
  }
}
