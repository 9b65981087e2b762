import type { Owner } from "./cart";
import { BUYER_COUNTS_SQL, type StatusCount } from "./orders";
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
 * in one read: the scalar counts, and the orders per status as a JSON column (a second statement
 * in the same batch cost a returning visitor's filled page a few per cent: docs/performance.md).
 */
export class AccountSummaryStore {
  constructor(private readonly db: Db) {}

  async read(shopId: number, owner: Owner, uid: number | null, now: number): Promise<SummaryCounts> {
    return this.counts(await this.statement(shopId, owner, uid, now).all(), uid);
  }

  /** The read, for a batch that does more (a page filled in at the edge, decision 122). */
  statement(shopId: number, owner: Owner, uid: number | null, now: number): D1PreparedStatement {
    return this.db
      .prepare(
        `SELECT
           (SELECT COUNT(*) FROM cart_lines WHERE shop_id = ?1 AND owner = ?2) AS cart,
           (SELECT COUNT(*) FROM favourites WHERE shop_id = ?1 AND owner = ?2) AS "like",
           (SELECT COUNT(*) FROM recent_views WHERE shop_id = ?1 AND owner = ?2) AS recent,
           EXISTS (SELECT 1 FROM shop_members WHERE shop_id = ?1 AND uid = ?3) AS joined,
           (SELECT COALESCE(SUM(member_unread), 0) FROM tickets WHERE shop_id = ?1 AND uid = ?3) AS message,
           COALESCE((SELECT SUM(h.rem_value) FROM point_history h
                     WHERE h.shop_id = ?1 AND h.uid = ?3 AND (h.expires_at IS NULL OR h.expires_at > ?4)), 0) AS point,
           (SELECT json_group_array(json_object('status', status, 'n', n, 'needs_account', needs_account))
              FROM (${BUYER_COUNTS_SQL})) AS orders`,
      )
      .bind(shopId, owner, uid ?? 0, now);
  }

  /** The counts from the result of `statement`. */
  counts(result: D1Result, uid: number | null): SummaryCounts {
    const row = (result.results[0] ?? {}) as {
      cart?: number;
      like?: number;
      recent?: number;
      message?: number;
      joined?: number;
      point?: number;
      orders?: string;
    };
    return {
      cart: row.cart ?? 0,
      like: row.like ?? 0,
      recent: row.recent ?? 0,
      message: row.message ?? 0,
      membership: uid === null ? null : { joined: row.joined === 1, point: row.point ?? 0 },
      orders: JSON.parse(row.orders ?? "[]") as StatusCount[],
    };
  }
}
