import type { Db } from "./session";

/** A window must come back within this (PortOne's own record lives longer; ours need not). */
export const IDENTITY_WINDOW_MS = 10 * 60 * 1000;
/** A verification holds this long; then the shopper verifies again (decision 114). */
export const IDENTITY_VALID_MS = 365 * 24 * 60 * 60 * 1000;
/** Windows one browser may open per shop in IDENTITY_WINDOW_MS: enough for retries, not a flood. */
export const IDENTITY_STARTS_PER_WINDOW = 10;

export type IdentityPurpose = "adult" | "identity";

export type IdentityRow = {
  id: string;
  shop_id: number;
  purpose: IdentityPurpose;
  uid: number | null;
  device: string | null;
  binding_hash: string;
  return_path: string;
  status: "READY" | "VERIFIED" | "FAILED";
  expires_at: number;
};

/** What one verification confirmed, as kept: no name, birth date, phone or CI. */
export type IdentityOutcome =
  { verified: true; adult: boolean; subject: string | null; provider: string } | { verified: false };

/**
 * identity_verifications (migration 0033): one row per PortOne window, bound to the browser that
 * opened it by the hash of its cookie, consumed once by the return. Every query names the shop.
 */
export class IdentityStore {
  constructor(private readonly db: Db) {}

  /**
   * A READY row, unless this browser (member or device) opened too many windows in this shop
   * lately: false then, and nothing is written.
   */
  async start(row: Omit<IdentityRow, "status" | "expires_at">, now: number): Promise<boolean> {
    const result = await this.db
      .prepare(
        `INSERT INTO identity_verifications
           (id, shop_id, purpose, uid, device, binding_hash, return_path, status, created_at, expires_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, 'READY', ?8, ?9
         WHERE (SELECT COUNT(*) FROM identity_verifications
                WHERE shop_id = ?2 AND created_at > ?8 - ?10
                  AND (uid = ?4 OR device = ?5)) < ?11`,
      )
      .bind(
        row.id,
        row.shop_id,
        row.purpose,
        row.uid,
        row.device,
        row.binding_hash,
        row.return_path,
        now,
        now + IDENTITY_WINDOW_MS,
        IDENTITY_WINDOW_MS,
        IDENTITY_STARTS_PER_WINDOW,
      )
      .run();
    return result.meta.changes === 1;
  }

  async get(shopId: number, id: string): Promise<IdentityRow | null> {
    return this.db
      .prepare(
        `SELECT id, shop_id, purpose, uid, device, binding_hash, return_path, status, expires_at
         FROM identity_verifications WHERE id = ? AND shop_id = ?`,
      )
      .bind(id, shopId)
      .first<IdentityRow>();
  }

  /**
   * Consumes the READY row once, for this shop and this browser's binding, before it expires, and
   * records the outcome: on a member's account when a member opened it, on the row (the device's
   * verification) otherwise. One batch; false when another return consumed it first (or it
   * expired meanwhile), in which case nothing is recorded.
   */
  async complete(
    row: Pick<IdentityRow, "id" | "shop_id" | "binding_hash">,
    outcome: IdentityOutcome,
    now: number,
  ): Promise<boolean> {
    const verified = outcome.verified;
    const adult = verified && outcome.adult;
    const until = now + IDENTITY_VALID_MS;
    const consume = this.db
      .prepare(
        `UPDATE identity_verifications
         SET status = ?1, adult = ?2, subject = ?3, completed_at = ?4, valid_until = ?5
         WHERE id = ?6 AND shop_id = ?7 AND binding_hash = ?8 AND status = 'READY' AND expires_at > ?4`,
      )
      .bind(
        verified ? "VERIFIED" : "FAILED",
        adult ? 1 : 0,
        verified ? outcome.subject : null,
        now,
        verified ? until : null,
        row.id,
        row.shop_id,
        row.binding_hash,
      );
    const statements = [consume];
    if (verified) {
      const sec = Math.floor(now / 1000);
      const untilSec = Math.floor(until / 1000);
      // Only when the UPDATE above consumed the row in this batch (its completed_at is ours).
      statements.push(
        this.db
          .prepare(
            `UPDATE members SET identity_verified_at = ?1, identity_until = ?2,
               adult_verified_at = CASE WHEN ?3 THEN ?1 ELSE adult_verified_at END,
               adult_until = CASE WHEN ?3 THEN ?2 ELSE adult_until END,
               identity_provider = ?4, identity_verification_id = ?5, identity_subject = ?6,
               updated_at = unixepoch()
             WHERE uid = (SELECT uid FROM identity_verifications
                          WHERE id = ?5 AND shop_id = ?7 AND status = 'VERIFIED' AND completed_at = ?8)`,
          )
          .bind(sec, untilSec, adult ? 1 : 0, outcome.provider, row.id, outcome.subject, row.shop_id, now),
      );
    }
    const [first] = await this.db.batch(statements);
    return first!.meta.changes === 1;
  }

  /** The guest device's standing verification in this shop (adult first), or null. */
  async forDevice(shopId: number, device: string, now: number): Promise<{ id: string; adult: boolean } | null> {
    const row = await this.db
      .prepare(
        `SELECT id, adult FROM identity_verifications
         WHERE shop_id = ? AND device = ? AND status = 'VERIFIED' AND valid_until > ?
         ORDER BY adult DESC, completed_at DESC LIMIT 1`,
      )
      .bind(shopId, device, now)
      .first<{ id: string; adult: number }>();
    return row ? { id: row.id, adult: row.adult === 1 } : null;
  }

  /** Whether an order of this shop holds adult-only or verified-only goods (read again at payment). */
  async orderNeeds(
    shopId: number,
    orderId: number,
  ): Promise<{ adult_only: number; auth_only: number; members_only: number }> {
    const row = await this.db
      .prepare(
        `SELECT COALESCE(MAX(g.adult_only), 0) AS adult_only, COALESCE(MAX(g.auth_only), 0) AS auth_only
         FROM orders o
         JOIN order_lines l ON l.order_id = o.id
         JOIN products p ON p.id = l.product_id
         JOIN products g ON g.id = COALESCE(p.origin_product_id, p.id)
         WHERE o.id = ? AND o.shop_id = ?`,
      )
      .bind(orderId, shopId)
      .first<{ adult_only: number; auth_only: number }>();
    // Membership was settled when the sheet was made; only verification can lapse meanwhile.
    return { adult_only: row?.adult_only ?? 0, auth_only: row?.auth_only ?? 0, members_only: 0 };
  }
}
