/**
 * One-minute, single-use tickets that hand a guest's device from one of a shop's hosts to the
 * other (decision 116), stored as hashes, and the move of a device's rows onto another device.
 */

import { CartStore, deviceOwner } from "./cart";
import { FavouriteStore } from "./favourites";
import { OrderStore } from "./orders";
import type { Db } from "./session";

/** Rows stay this long (past their minute) so that recent tickets can be counted. */
export const TICKET_WINDOW_SECONDS = 15 * 60;
/**
 * Tickets a device, and a client address, may be given in the window. A shopper crosses between a
 * shop's two addresses a few times a visit; many shoppers share an address (mobile carriers' NAT).
 */
export const TICKET_LIMITS = { device: 30, client: 300 } as const;

export class DeviceTicketStore {
  constructor(private readonly db: Db) {}

  /**
   * Mints a ticket unless the device or the client address has had its share in the window:
   * one batch, the limit an SQL condition of the insert. False when it was refused.
   */
  async create(row: {
    ticketHash: string;
    shopId: number;
    device: string;
    host: string;
    stateHash: string;
    client: string;
    now: number;
    expiresAt: number;
  }): Promise<boolean> {
    const since = row.now - TICKET_WINDOW_SECONDS;
    const [, inserted] = await this.db.batch([
      this.db.prepare("DELETE FROM device_tickets WHERE created_at <= ?").bind(since),
      this.db
        .prepare(
          `INSERT INTO device_tickets (ticket_hash, shop_id, device, host, state_hash, client, created_at, expires_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8
           WHERE (SELECT COUNT(*) FROM device_tickets WHERE device = ?3 AND created_at > ?9) < ?10
             AND (SELECT COUNT(*) FROM device_tickets WHERE client = ?6 AND created_at > ?9) < ?11`,
        )
        .bind(
          row.ticketHash,
          row.shopId,
          row.device,
          row.host,
          row.stateHash,
          row.client,
          row.now,
          row.expiresAt,
          since,
          TICKET_LIMITS.device,
          TICKET_LIMITS.client,
        ),
    ]);
    return (inserted?.meta.changes ?? 0) === 1;
  }

  /**
   * Uses a ticket once, for the shop and host it was made for and with the state it was bound to,
   * in one conditional statement: of two redemptions at once only one gets the device.
   */
  async consume(
    ticketHash: string,
    shopId: number,
    host: string,
    stateHash: string,
    now: number,
  ): Promise<string | null> {
    const row = await this.db
      .prepare(
        `UPDATE device_tickets SET used_at = ?5
         WHERE ticket_hash = ?1 AND shop_id = ?2 AND host = ?3 AND state_hash = ?4
           AND used_at IS NULL AND expires_at > ?5
         RETURNING device`,
      )
      .bind(ticketHash, shopId, host, stateHash, now)
      .first<{ device: string }>();
    return row?.device ?? null;
  }

  /**
   * Everything `from` had in this shop (cart, favourites, recently viewed, guest orders) becomes
   * `to`'s, in one batch, as a login moves a guest's rows to the member (decision 116).
   */
  async moveDevice(shopId: number, from: string, to: string, nowMs: number): Promise<void> {
    const a = deviceOwner(from);
    const b = deviceOwner(to);
    await this.db.batch([
      ...new CartStore(this.db).moveStatements(shopId, a, b, nowMs),
      ...new OrderStore(this.db).moveStatements(shopId, a, b),
      ...new FavouriteStore(this.db).moveStatements(shopId, a, b),
    ]);
  }
}
