/** Server-side commerce events (issue 14, decision 070): stored once per id, then handed over. */

import type { Db } from "./session";

export type ServerEventName = "purchase" | "add_to_cart";
export type ServerEventStatus = "pending" | "sent" | "logged" | "failed";

export type ServerEventRow = {
  id: number;
  shop_id: number;
  event_id: string;
  event: ServerEventName;
  owner: string;
  order_id: number | null;
  payload: string;
  status: ServerEventStatus;
  attempts: number;
  next_at: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
};

/** After this many failed hand-overs an event is given up (status failed, still listed). */
export const MAX_EVENT_ATTEMPTS = 6;
/** Add-to-cart events one cart owner may cause per hour: more are not recorded. */
export const ADD_TO_CART_EVENTS_PER_HOUR = 60;
/** How long events are kept for the owner's list. */
export const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

const HOUR_MS = 60 * 60 * 1000;

export type NewServerEvent = {
  shopId: number;
  eventId: string;
  event: ServerEventName;
  owner: string;
  orderId: number | null;
  payload: string;
};

export class ServerEventStore {
  constructor(private readonly db: Db) {}

  /**
   * Records the event unless this shop already has one with its id (then returns null): one
   * statement, so two calls at once make one row. Add-to-cart events past the owner's hourly
   * allowance are not recorded either (the SQL condition counts in the same statement).
   */
  async add(e: NewServerEvent, now: number): Promise<ServerEventRow | null> {
    return await this.db
      .prepare(
        `INSERT INTO server_events (shop_id, event_id, event, owner, order_id, payload, next_at, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7
         WHERE ?3 <> 'add_to_cart' OR (
           SELECT COUNT(*) FROM server_events
           WHERE shop_id = ?1 AND owner = ?4 AND event = 'add_to_cart' AND created_at > ?8) < ?9
         ON CONFLICT (shop_id, event_id) DO NOTHING
         RETURNING *`,
      )
      .bind(
        e.shopId,
        e.eventId,
        e.event,
        e.owner,
        e.orderId,
        e.payload,
        now,
        now - HOUR_MS,
        ADD_TO_CART_EVENTS_PER_HOUR,
      )
      .first<ServerEventRow>();
  }

  async byEventId(shopId: number, eventId: string): Promise<ServerEventRow | null> {
    return await this.db
      .prepare("SELECT * FROM server_events WHERE shop_id = ? AND event_id = ?")
      .bind(shopId, eventId)
      .first<ServerEventRow>();
  }

  /** The outcome of one hand-over: done (sent or logged), or failed with when to try again. */
  async settle(id: number, outcome: { status: "sent" | "logged" } | { error: string }, now: number): Promise<void> {
    if ("status" in outcome) {
      await this.db
        .prepare(
          "UPDATE server_events SET status = ?2, attempts = attempts + 1, sent_at = ?3, last_error = NULL WHERE id = ?1 AND status = 'pending'",
        )
        .bind(id, outcome.status, now)
        .run();
      return;
    }
    // The next try after 1, 2, 4, 8, 16 minutes.
    await this.db
      .prepare(
        `UPDATE server_events SET attempts = attempts + 1, last_error = ?2,
           status = CASE WHEN attempts + 1 >= ?3 THEN 'failed' ELSE 'pending' END,
           next_at = ?4 + (60000 << MIN(attempts, 10))
         WHERE id = ?1 AND status = 'pending'`,
      )
      .bind(id, outcome.error.slice(0, 300), MAX_EVENT_ATTEMPTS, now)
      .run();
  }

  /** Pending events whose time has come, oldest first, a few per run. */
  async due(now: number, limit = 50): Promise<ServerEventRow[]> {
    const { results } = await this.db
      .prepare("SELECT * FROM server_events WHERE status = 'pending' AND next_at <= ? ORDER BY next_at LIMIT ?")
      .bind(now, limit)
      .all<ServerEventRow>();
    return results;
  }

  /** The shop's newest events, for the owner's console. */
  async latest(shopId: number, limit = 50): Promise<ServerEventRow[]> {
    const { results } = await this.db
      .prepare("SELECT * FROM server_events WHERE shop_id = ? ORDER BY id DESC LIMIT ?")
      .bind(shopId, limit)
      .all<ServerEventRow>();
    return results;
  }

  async purgeOld(now: number): Promise<void> {
    await this.db
      .prepare("DELETE FROM server_events WHERE created_at < ?")
      .bind(now - EVENT_RETENTION_MS)
      .run();
  }
}
