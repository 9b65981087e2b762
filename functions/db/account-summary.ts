import type { Owner } from "./cart";
import { OrderStore, type StatusCount } from "./orders";
import type { Db } from "./session";

/** The counts of the account summary (spec §3 "User summary"), before they are shaped for the contract. */
export type SummaryCounts = {
  cart: number;
  like: number;
  recent: number;
  /** Unread messages from the shop (a member's; a device has none). */
  message: number;
  /** This shop's membership of the member: null for a guest's device. */
  membership: { joined: boolean; point: number } | null;
  orders: StatusCount[];
};

/**
 * Everything the drawer's my menu and /myshop count, for one owner (member or device) on one shop,
 * in one D1 round trip: a batch of two reads (the scalar counts, then orders per status).
 */
export class AccountSummaryStore {
  constructor(private readonly db: Db) {}

  async read(shopId: number, owner: Owner, uid: number | null, now: number): Promise<SummaryCounts> {
    const [scalars, orders] = await this.db.batch(this.statements(shopId, owner, uid, now));
    return this.counts(scalars!, orders!, uid);
  }

  /** The batch's two reads, for a batch that does more (a page filled in at the edge, decision 122). */
  statements(shopId: number, owner: Owner, uid: number | null, now: number): D1PreparedStatement[] {
    return [
      this.db
        .prepare(
          `SELECT
             (SELECT COUNT(*) FROM cart_lines WHERE shop_id = ?1 AND owner = ?2) AS cart,
             (SELECT COUNT(*) FROM favourites WHERE shop_id = ?1 AND owner = ?2) AS "like",
             (SELECT COUNT(*) FROM recent_views WHERE shop_id = ?1 AND owner = ?2) AS recent,
             EXISTS (SELECT 1 FROM shop_members WHERE shop_id = ?1 AND uid = ?3) AS joined,
             (SELECT COALESCE(SUM(member_unread), 0) FROM tickets WHERE shop_id = ?1 AND uid = ?3) AS message,
             COALESCE((SELECT SUM(h.rem_value) FROM point_history h
                       WHERE h.shop_id = ?1 AND h.uid = ?3 AND (h.expires_at IS NULL OR h.expires_at > ?4)), 0) AS point`,
        )
        .bind(shopId, owner, uid ?? 0, now),
      new OrderStore(this.db).countsForBuyerStatement(shopId, owner),
    ];
  }

  /** The counts from the results of `statements`. */
  counts(scalars: D1Result, orders: D1Result, uid: number | null): SummaryCounts {
    const row = (scalars.results[0] ?? {}) as {
      cart?: number;
      like?: number;
      recent?: number;
      message?: number;
      joined?: number;
      point?: number;
    };
    return {
      cart: row.cart ?? 0,
      like: row.like ?? 0,
      recent: row.recent ?? 0,
      message: row.message ?? 0,
      membership: uid === null ? null : { joined: row.joined === 1, point: row.point ?? 0 },
      orders: orders.results as StatusCount[],
    };
  }
}
