/**
 * Points on orders, as statements for the batches of functions/db/orders.ts (the payment) and
 * functions/db/order-transitions.ts (cancel, confirm, refund). Decision 055. Every change is a
 * point_history row; the unique (order_id, reason) index makes each of them once per order, the
 * `points_held` flag makes a release or a final spend happen once, and a guard aborts a payment
 * whose points the balance does not cover, so concurrent spends can never overdraw.
 */
import { sqlEarnedPoints } from "~/shared/money";
import { POINT_VALID_MS } from "./shop-members";
import type { Db } from "./session";

/** Entries that can still be used, earliest to lapse first (then oldest): what a spend takes from. */
const USABLE = `SELECT id, rem_value,
    SUM(rem_value) OVER (ORDER BY COALESCE(expires_at, 9e15), id ROWS UNBOUNDED PRECEDING) - rem_value AS before
  FROM point_history
  WHERE shop_id = ?2 AND uid = ?3 AND rem_value > 0 AND (expires_at IS NULL OR expires_at > ?5)`;

/**
 * Holds `points` of member `uid` in shop `shopId` for order `orderId`: the holds (which entry gave
 * how much), a guard that they add up to `points`, the entries reduced, the history row. Four
 * statements; the caller sets `points_used` and `points_held` on the order in the same batch.
 */
export function holdPointsStatements(
  db: Db,
  p: { orderId: number; shopId: number; uid: number; points: number; now: number },
): D1PreparedStatement[] {
  const args = [p.orderId, p.shopId, p.uid, p.points, p.now];
  return [
    db
      .prepare(
        `INSERT INTO point_holds (order_id, entry_id, amount)
         SELECT ?1, id, MIN(rem_value, ?4 - before) FROM (${USABLE}) WHERE before < ?4`,
      )
      .bind(...args),
    db
      .prepare(
        `INSERT INTO batch_guard (reason) SELECT 'points'
         WHERE COALESCE((SELECT SUM(amount) FROM point_holds WHERE order_id = ?1), 0) <> ?2`,
      )
      .bind(p.orderId, p.points),
    db
      .prepare(
        `UPDATE point_history
         SET rem_value = rem_value - (SELECT h.amount FROM point_holds h WHERE h.order_id = ?1 AND h.entry_id = point_history.id)
         WHERE id IN (SELECT entry_id FROM point_holds WHERE order_id = ?1)`,
      )
      .bind(p.orderId),
    db
      .prepare(
        `INSERT INTO point_history (shop_id, uid, amount, reason, created_at, expires_at, rem_value, order_id)
         VALUES (?2, ?3, -?4, 'order_use', ?5, NULL, 0, ?1)`,
      )
      .bind(...args),
  ];
}

/** The member an order belongs to, in SQL (`o` is the order): its uid, or null for a guest. */
const MEMBER_UID = "CASE WHEN o.owner GLOB 'm:*' THEN CAST(substr(o.owner, 3) AS INTEGER) END";

/**
 * Points held by the orders `where` selects (as `o`) go back to the entries they came from, with a
 * history row each; only while the order still holds them. An entry taken back meanwhile
 * (`revoked_at`: a deleted review's reward, a refunded order's earnings) gets nothing back: what
 * the order held of it is the part its clawback could not take, so it is taken now, in one
 * `revoked_return` row per order (decision 155). Never more than the order held, and never from
 * another entry, so no balance goes below zero. Four statements, however many orders.
 */
export function releasePointsStatements(db: Db, where: string, args: unknown[], now: number) {
  const nowArg = `?${args.length + 1}`;
  const held = `SELECT o.id FROM orders o WHERE (${where}) AND o.points_held = 1`;
  const member = `EXISTS (SELECT 1 FROM shop_members m WHERE m.shop_id = o.shop_id AND m.uid = ${MEMBER_UID})`;
  return [
    db
      .prepare(
        `UPDATE point_history
         SET rem_value = rem_value + (SELECT SUM(h.amount) FROM point_holds h
                                      WHERE h.entry_id = point_history.id AND h.order_id IN (${held}))
         WHERE id IN (SELECT entry_id FROM point_holds WHERE order_id IN (${held})) AND revoked_at IS NULL`,
      )
      .bind(...args),
    db
      .prepare(
        `INSERT INTO point_history (shop_id, uid, amount, reason, created_at, expires_at, rem_value, order_id)
         SELECT o.shop_id, ${MEMBER_UID}, o.points_used, 'order_return', ${nowArg}, NULL, 0, o.id
         FROM orders o WHERE (${where}) AND o.points_held = 1 AND o.points_used > 0 AND ${member}
         ON CONFLICT DO NOTHING`,
      )
      .bind(...args, now),
    db
      .prepare(
        `INSERT INTO point_history (shop_id, uid, amount, reason, created_at, expires_at, rem_value, order_id)
         SELECT o.shop_id, ${MEMBER_UID}, -SUM(h.amount), 'revoked_return', ${nowArg}, NULL, 0, o.id
         FROM orders o JOIN point_holds h ON h.order_id = o.id JOIN point_history e ON e.id = h.entry_id
         WHERE (${where}) AND o.points_held = 1 AND e.revoked_at IS NOT NULL AND ${member}
         GROUP BY o.id
         ON CONFLICT DO NOTHING`,
      )
      .bind(...args, now),
    db.prepare(`UPDATE orders AS o SET points_held = 0 WHERE (${where}) AND o.points_held = 1`).bind(...args),
  ];
}

/**
 * Confirmed orders (`where`, as `o`): the points they hold are spent for good, and their member
 * buyers earn the shop's rate of what they paid, lapsing after POINT_VALID_MS. Three statements.
 */
export function earnPointsStatements(db: Db, where: string, args: unknown[], now: number) {
  const nowArg = `?${args.length + 1}`;
  const earned = sqlEarnedPoints("o.paid_amount", "s.point_rate");
  return [
    db.prepare(`UPDATE orders AS o SET points_held = 0 WHERE (${where}) AND o.points_held = 1`).bind(...args),
    db
      .prepare(
        `INSERT INTO point_history (shop_id, uid, amount, reason, created_at, expires_at, rem_value, order_id)
         SELECT o.shop_id, m.uid, ${earned}, 'order_earn', ${nowArg}, ${nowArg} + ${POINT_VALID_MS}, ${earned}, o.id
         FROM orders o JOIN shops s ON s.id = o.shop_id
           JOIN shop_members m ON m.shop_id = o.shop_id AND m.uid = ${MEMBER_UID}
         WHERE (${where}) AND s.point = 1 AND ${earned} > 0
         ON CONFLICT DO NOTHING`,
      )
      .bind(...args, now),
    db
      .prepare(
        `UPDATE orders AS o SET points_earned = COALESCE((SELECT amount FROM point_history
           WHERE order_id = o.id AND reason = 'order_earn'), 0)
         WHERE (${where})`,
      )
      .bind(...args),
  ];
}

/**
 * A refund after confirmation: what is left of the points the order earned lapses (a history row),
 * and the entry is marked taken back, so what an unpaid order holds of it is not given back either.
 */
export function revokePointsStatements(db: Db, orderId: number, now: number) {
  return [
    db
      .prepare(
        `INSERT INTO point_history (shop_id, uid, amount, reason, created_at, expires_at, rem_value, order_id)
         SELECT shop_id, uid, -rem_value, 'order_revoke', ?2, NULL, 0, ?1 FROM point_history
         WHERE order_id = ?1 AND reason = 'order_earn' AND rem_value > 0
         ON CONFLICT DO NOTHING`,
      )
      .bind(orderId, now),
    db
      .prepare(
        `UPDATE point_history SET rem_value = 0, revoked_at = COALESCE(revoked_at, ?2)
         WHERE order_id = ?1 AND reason = 'order_earn'`,
      )
      .bind(orderId, now),
  ];
}
