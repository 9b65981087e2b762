import { sqlPlaced } from "~/shared/order-status";
import type { Owner } from "./cart";
import type { Db } from "./session";

/** A looked-up order stays open in that browser this long. */
export const ORDER_GRANT_MS = 24 * 60 * 60 * 1000;

/**
 * 비회원 주문조회 (migration 0014, decision 058): an order proven by its number and the orderer's
 * phone opens in the browser holding the token; only the token's hash is stored.
 */
export class OrderGrantStore {
  constructor(private readonly db: Db) {}

  /** The phone number a placed order of this shop was made with, to compare; null when there is none. */
  async ordererPhone(shopId: number, orderId: number): Promise<string | null> {
    const row = await this.db
      .prepare(`SELECT o.orderer_phone FROM orders o WHERE o.id = ? AND o.shop_id = ? AND ${sqlPlaced("o")}`)
      .bind(orderId, shopId)
      .first<{ orderer_phone: string | null }>();
    return row?.orderer_phone ?? null;
  }

  /** Opens `orderId` to the token (expired grants go in the same batch). */
  async grant(tokenHash: string, shopId: number, orderId: number, now: number): Promise<void> {
    await this.db.batch([
      this.db.prepare("DELETE FROM order_grants WHERE expires_at <= ?").bind(now),
      this.db
        .prepare(
          `INSERT INTO order_grants (token_hash, order_id, shop_id, expires_at) VALUES (?, ?, ?, ?)
           ON CONFLICT DO UPDATE SET expires_at = excluded.expires_at`,
        )
        .bind(tokenHash, orderId, shopId, now + ORDER_GRANT_MS),
    ]);
  }

  /** The owner of `orderId` when the token opens it on this shop now; else null. */
  async ownerFor(tokenHash: string, shopId: number, orderId: number, now: number): Promise<Owner | null> {
    const row = await this.db
      .prepare(
        `SELECT o.owner FROM order_grants g JOIN orders o ON o.id = g.order_id AND o.shop_id = g.shop_id
         WHERE g.token_hash = ? AND g.order_id = ? AND g.shop_id = ? AND g.expires_at > ?`,
      )
      .bind(tokenHash, orderId, shopId, now)
      .first<{ owner: Owner }>();
    return row?.owner ?? null;
  }
}
