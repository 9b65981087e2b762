/**
 * Shop membership and points on D1 (migration 0004, docs/decisions/030, 031). Every statement is
 * scoped by (shop, uid); changes of more than one row go in one batch.
 */

import type { Db } from "./session";

/** Earned points lapse after this long. */
export const POINT_VALID_MS = 365 * 24 * 60 * 60 * 1000;
/** ismember lists this many history entries, newest first. */
export const HISTORY_LIMIT = 50;

export type PointEntry = {
  id: number;
  amount: number;
  reason: string;
  created_at: number;
  expires_at: number | null;
  rem_value: number;
};

export type Membership = {
  /** The membership's id; null for someone who is not a member of the shop. */
  id: number | null;
  joined_at: number | null;
  /** Points that can be used now: what is left of entries not yet expired. */
  point: number;
  history: PointEntry[];
  /** What joining would grant now: the shop's join_point, or 0 when points are off or it was granted before. */
  join_point: number;
};

export class ShopMemberStore {
  constructor(private readonly db: Db) {}

  /** The membership of `uid` in shop `shopId`, its balance at `now` and its latest history. */
  async get(shopId: number, uid: number, now: number): Promise<Membership> {
    const [member, history, bonus] = await this.db.batch([
      this.db
        .prepare(
          `SELECT m.id, m.joined_at,
                  COALESCE((SELECT SUM(h.rem_value) FROM point_history h
                            WHERE h.shop_id = m.shop_id AND h.uid = m.uid
                              AND (h.expires_at IS NULL OR h.expires_at > ?3)), 0) AS point
           FROM shop_members m WHERE m.shop_id = ?1 AND m.uid = ?2`,
        )
        .bind(shopId, uid, now),
      this.db
        .prepare(
          `SELECT id, amount, reason, created_at, expires_at, rem_value FROM point_history
           WHERE shop_id = ? AND uid = ? ORDER BY created_at DESC, id DESC LIMIT ${HISTORY_LIMIT}`,
        )
        .bind(shopId, uid),
      this.db
        .prepare(
          `SELECT CASE WHEN s.point = 1 AND s.join_point > 0 AND NOT EXISTS
                    (SELECT 1 FROM shop_join_bonus b WHERE b.shop_id = s.id AND b.uid = ?2)
                  THEN s.join_point ELSE 0 END AS join_point
           FROM shops s WHERE s.id = ?1`,
        )
        .bind(shopId, uid),
    ]);
    const row = (member!.results as { id: number; joined_at: number; point: number }[])[0];
    const joinPoint = (bonus!.results as { join_point: number }[])[0]?.join_point ?? 0;
    if (!row) return { id: null, joined_at: null, point: 0, history: [], join_point: joinPoint };
    return {
      id: row.id,
      joined_at: row.joined_at,
      point: row.point,
      history: history!.results as PointEntry[],
      join_point: joinPoint,
    };
  }

  /** True when `uid` is a member of shop `shopId` (members-only products). */
  async isMember(shopId: number, uid: number): Promise<boolean> {
    const row = await this.db
      .prepare("SELECT 1 AS yes FROM shop_members WHERE shop_id = ? AND uid = ?")
      .bind(shopId, uid)
      .first();
    return row !== null;
  }

  /**
   * Makes `uid` a member of shop `shopId`, in one batch (`joinStatements`). `shared`: the person
   * agreed that this shop receives the account's name, phone and e-mail (decision 180), kept as
   * `shared_agreed_at`, also on a membership that exists already. Returns the points this call
   * granted.
   */
  async join(
    shopId: number,
    uid: number,
    now: number,
    opts: { shared?: boolean } = {},
  ): Promise<{ joined: boolean; granted: number }> {
    const [membership, , entry] = await this.db.batch(this.joinStatements(shopId, uid, now, opts));
    const joined = (membership!.meta.changes ?? 0) > 0;
    const granted = (entry!.results as { amount: number }[])[0]?.amount ?? 0;
    return { joined, granted };
  }

  /**
   * The one way a shop is joined (this page's join, and the one-tap join of decisions 177 and
   * 180), as statements for a batch: the membership (nothing when it exists), then, only if it is
   * new, the shop's sign-up bonus, once per account and shop ever (shop_join_bonus), as a point
   * entry that lapses after POINT_VALID_MS (RETURNING its amount); with `shared`, the consent's
   * moment on the membership. `when`: an SQL condition the batch's writes also need (its
   * parameters numbered from ?5), e.g. that this batch took a one-time ticket.
   */
  joinStatements(
    shopId: number,
    uid: number,
    now: number,
    { shared = false, when }: { shared?: boolean; when?: { sql: string; params: unknown[] } } = {},
  ): D1PreparedStatement[] {
    const guard = when?.sql ?? "1";
    const params = [shopId, uid, now, now + POINT_VALID_MS, ...(when?.params ?? [])];
    // D1 wants exactly as many values as the statement's highest ?N: the guard's, when there is one.
    const guarded = when ? params : params.slice(0, 3);
    const sharedAt = shared ? "?3" : "NULL";
    // changes() is the row count of the statement just before: each step runs only when the
    // previous one wrote its row (docs/decisions/022 uses the same pattern for stock).
    return [
      this.db
        .prepare(
          `INSERT INTO shop_members (shop_id, uid, privacy_agreed_at, joined_at, shared_agreed_at)
           SELECT ?1, ?2, ?3, ?3, ${sharedAt} WHERE ${guard}
           ON CONFLICT (shop_id, uid) DO NOTHING`,
        )
        .bind(...guarded),
      this.db
        .prepare(
          `INSERT INTO shop_join_bonus (shop_id, uid, amount, granted_at)
           SELECT s.id, ?2, s.join_point, ?3 FROM shops s
           WHERE s.id = ?1 AND s.point = 1 AND s.join_point > 0 AND changes() = 1
           ON CONFLICT (shop_id, uid) DO NOTHING`,
        )
        .bind(...params.slice(0, 3)),
      this.db
        .prepare(
          `INSERT INTO point_history (shop_id, uid, amount, reason, created_at, expires_at, rem_value)
           SELECT shop_id, uid, amount, 'join', ?3, ?4, amount FROM shop_join_bonus
           WHERE shop_id = ?1 AND uid = ?2 AND changes() = 1
           RETURNING amount`,
        )
        .bind(...params.slice(0, 4)),
      // A member who joined before agrees now: the consent's moment, the first one kept.
      ...(shared
        ? [
            this.db
              .prepare(
                `UPDATE shop_members SET shared_agreed_at = ?3
                 WHERE shop_id = ?1 AND uid = ?2 AND shared_agreed_at IS NULL AND ${guard}`,
              )
              .bind(...guarded),
          ]
        : []),
    ];
  }

  /**
   * Whether this shop asks `uid` the one-tap question at login (decision 180): the account is a
   * member of another shop, not of this one, and has not said no here or left this shop's
   * membership. A withdrawn account is never asked.
   */
  async shouldAskShare(shopId: number, uid: number): Promise<boolean> {
    const row = await this.db
      .prepare(
        `SELECT EXISTS (SELECT 1 FROM shop_members WHERE uid = ?2 AND shop_id <> ?1)
                AND NOT EXISTS (SELECT 1 FROM shop_members WHERE shop_id = ?1 AND uid = ?2)
                AND NOT EXISTS (SELECT 1 FROM shop_share_refusals WHERE shop_id = ?1 AND uid = ?2)
                AND EXISTS (SELECT 1 FROM members WHERE uid = ?2 AND withdrawn_at IS NULL) AS ask`,
      )
      .bind(shopId, uid)
      .first<{ ask: number }>();
    return row?.ask === 1;
  }

  /** Whether `uid` is a member of a shop other than `shopId` (what the one-tap join is for). */
  async memberElsewhere(shopId: number, uid: number): Promise<boolean> {
    const row = await this.db
      .prepare("SELECT 1 AS yes FROM shop_members WHERE uid = ? AND shop_id <> ? LIMIT 1")
      .bind(uid, shopId)
      .first();
    return row !== null;
  }

  /**
   * The person said no to the one-tap question (decision 180): kept so this shop does not ask
   * again; nothing else changes (they stay logged in and may order). Not for a member of it.
   */
  async declineShare(shopId: number, uid: number, now: number): Promise<void> {
    await this.db
      .prepare(
        `INSERT INTO shop_share_refusals (shop_id, uid, reason, refused_at)
         SELECT ?1, ?2, 'declined', ?3
         WHERE NOT EXISTS (SELECT 1 FROM shop_members WHERE shop_id = ?1 AND uid = ?2)
         ON CONFLICT (shop_id, uid) DO NOTHING`,
      )
      .bind(shopId, uid, now)
      .run();
  }

  /** Ends the membership and forfeits its points, in one batch (and this shop stops asking). True when there was one. */
  async cancel(shopId: number, uid: number, now = Date.now()): Promise<boolean> {
    const [, membership] = await this.db.batch([
      this.db.prepare("DELETE FROM point_history WHERE shop_id = ? AND uid = ?").bind(shopId, uid),
      this.db.prepare("DELETE FROM shop_members WHERE shop_id = ? AND uid = ?").bind(shopId, uid),
      // Someone who left is not asked to join again at their next login (decision 180).
      this.db
        .prepare(
          `INSERT INTO shop_share_refusals (shop_id, uid, reason, refused_at) SELECT ?1, ?2, 'left', ?3 WHERE changes() = 1
           ON CONFLICT (shop_id, uid) DO UPDATE SET reason = 'left', refused_at = excluded.refused_at`,
        )
        .bind(shopId, uid, now),
    ]);
    return (membership!.meta.changes ?? 0) > 0;
  }
}
