import type { Db } from "./session";

/** A shop's custom domain (migration 0021, decision 092; its claim, 0049 and decision 156). */
export type CustomDomainRow = {
  id: number;
  shop_id: number;
  hostname: string;
  cf_id: string | null;
  state: "creating" | "pending" | "active" | "failed" | "released";
  status: string | null;
  ssl_status: string | null;
  reason: string | null;
  /** JSON: the TXT records Cloudflare waits for. */
  records: string;
  created_at: number;
  checked_at: number;
  /** When Cloudflare first reported the hostname active (its ownership verified); null until then. */
  proved_at: number | null;
};

/** What Cloudflare said of a hostname, as it is kept. */
export type DomainCheck = {
  cfId: string;
  state: "pending" | "active" | "failed";
  status: string;
  sslStatus: string | null;
  reason: string | null;
  records: { name: string; value: string; purpose: "ownership" | "certificate" }[];
};

/**
 * A reservation: the row, and the Cloudflare id of an unproved claim of another shop it took the
 * name from (to be deleted there first). Or why not: `held` is another shop's unproved claim still
 * within its hold, until `until`.
 */
export type Reservation =
  | { id: number; displaced: string | null }
  | { refused: "tooMany" | "taken" | "hasOne" }
  | { refused: "held"; until: number };

/** Why an unproved claim was released (kept in `reason`), besides Cloudflare's own words. */
export const CLAIM_EXPIRED = "claim_expired";
export const CLAIM_TAKEN = "claim_taken";

const HOUR_MS = 60 * 60 * 1000;

export class CustomDomainStore {
  constructor(private readonly db: Db) {}

  ofShop(shopId: number): Promise<CustomDomainRow | null> {
    return this.db.prepare("SELECT * FROM custom_domains WHERE shop_id = ?").bind(shopId).first<CustomDomainRow>();
  }

  /** The live claim of a name (any shop's; released ones are not claims). */
  claimOf(hostname: string): Promise<CustomDomainRow | null> {
    return this.db
      .prepare("SELECT * FROM custom_domains WHERE hostname = ? AND state <> 'released'")
      .bind(hostname)
      .first<CustomDomainRow>();
  }

  /**
   * Counts the attempt and reserves the host name for the shop, in one batch (decision 156). The
   * row is written only while the shop is within its hourly attempts and has no live domain, and
   * no other shop holds the name: a proved claim holds it for good, an unproved one only while it
   * is younger than `heldSince` (its hold). An older unproved claim is released (`claim_taken`) in
   * the same batch, on the same conditions, and its Cloudflare id answered so the caller deletes it
   * there before registering the name again. The shop's own released row gives way. The name is
   * reserved before Cloudflare is asked, so two shops never register the same one there; the
   * partial unique index settles two claims made at once.
   */
  async reserve(
    shopId: number,
    hostname: string,
    now: number,
    perHour: number,
    heldSince: number,
  ): Promise<Reservation> {
    const since = now - HOUR_MS;
    // ?1 shop, ?2 name, ?3 now, ?4 an hour ago, ?5 attempts an hour, ?6 the start of a live hold.
    const args = [shopId, hostname, now, since, perHour, heldSince];
    const mayClaim = `(SELECT COUNT(*) FROM custom_domain_attempts WHERE shop_id = ?1 AND created_at > ?4) <= ?5
      AND NOT EXISTS (SELECT 1 FROM custom_domains WHERE shop_id = ?1 AND state <> 'released')
      AND NOT EXISTS (SELECT 1 FROM shops WHERE dom3 = ?2 AND id <> ?1)`;
    type Answer = {
      id?: number;
      cf_id?: string | null;
      attempts?: number;
      holder?: number | null;
      proved?: number | null;
      held_until?: number | null;
      own?: string | null;
    };
    const [, , , displaced, inserted, after] = await this.db.batch<Answer>([
      this.db.prepare("DELETE FROM custom_domain_attempts WHERE created_at <= ?").bind(since),
      this.db.prepare("INSERT INTO custom_domain_attempts (shop_id, created_at) VALUES (?, ?)").bind(shopId, now),
      this.db.prepare("DELETE FROM custom_domains WHERE shop_id = ? AND state = 'released'").bind(shopId),
      this.db
        .prepare(
          `UPDATE custom_domains SET state = 'released', reason = '${CLAIM_TAKEN}', records = '[]', checked_at = ?3
           WHERE hostname = ?2 AND shop_id <> ?1 AND state <> 'released' AND proved_at IS NULL
             AND created_at <= ?6 AND ${mayClaim}
           RETURNING cf_id`,
        )
        .bind(...args),
      this.db
        .prepare(
          `INSERT INTO custom_domains (shop_id, hostname, state, created_at, checked_at)
           SELECT ?1, ?2, 'creating', ?3, ?3 WHERE ${mayClaim}
           ON CONFLICT DO NOTHING
           RETURNING id`,
        )
        // D1 wants exactly as many values as the statement's highest parameter: it has no ?6.
        .bind(...args.slice(0, 5)),
      this.db
        .prepare(
          `SELECT (SELECT COUNT(*) FROM custom_domain_attempts WHERE shop_id = ?1 AND created_at > ?4) AS attempts,
                  c.shop_id AS holder, c.proved_at AS proved, c.created_at + (?3 - ?6) AS held_until,
                  (SELECT hostname FROM custom_domains WHERE shop_id = ?1 AND state <> 'released') AS own
           FROM (SELECT 1) LEFT JOIN custom_domains c ON c.hostname = ?2 AND c.state <> 'released'`,
        )
        .bind(...args),
    ]);
    const id = inserted?.results[0]?.id;
    if (id) return { id, displaced: displaced?.results[0]?.cf_id ?? null };
    const row = after?.results[0];
    if ((row?.attempts ?? 0) > perHour) return { refused: "tooMany" };
    if (row?.holder != null && row.holder !== shopId) {
      if (row.proved != null) return { refused: "taken" };
      if (row.held_until != null && row.held_until > now) return { refused: "held", until: row.held_until };
    }
    // Otherwise either the shop has a domain already, or another shop has this one by hand (dom3).
    return row?.own != null ? { refused: "hasOne" } : { refused: "taken" };
  }

  /** Gives a reservation up (Cloudflare refused the name, or could not be reached). */
  async release(shopId: number, id: number): Promise<void> {
    await this.db
      .prepare("DELETE FROM custom_domains WHERE id = ? AND shop_id = ? AND state = 'creating'")
      .bind(id, shopId)
      .run();
  }

  /**
   * Keeps what Cloudflare said, and in the same batch points the shop's custom domain (shops.dom3,
   * what the tenant resolver reads) at the name while it is active, and away from it otherwise.
   * Returns the row as it is now, or null when it was removed meanwhile.
   */
  async record(shopId: number, id: number, check: DomainCheck, now: number): Promise<CustomDomainRow | null> {
    // A claim released meanwhile stays released (its name may be another shop's now), and Cloudflare
    // saying the hostname is active proves it, once (decision 156).
    const [updated] = await this.db.batch<CustomDomainRow>([
      this.db
        .prepare(
          `UPDATE custom_domains SET cf_id = ?3, state = ?4, status = ?5, ssl_status = ?6, reason = ?7, records = ?8,
             checked_at = ?9, proved_at = COALESCE(proved_at, CASE WHEN ?5 = 'active' THEN ?9 END)
           WHERE id = ?1 AND shop_id = ?2 AND state <> 'released' RETURNING *`,
        )
        .bind(
          id,
          shopId,
          check.cfId,
          check.state,
          check.status,
          check.sslStatus,
          check.reason,
          JSON.stringify(check.records),
          now,
        ),
      // Only a change is written: an unchanged shop keeps its content version (decision 077).
      this.db
        .prepare(
          `UPDATE shops SET dom3 = (SELECT hostname FROM custom_domains WHERE id = ?2 AND shop_id = ?1 AND state = 'active')
           WHERE id = ?1
             AND dom3 IS NOT (SELECT hostname FROM custom_domains WHERE id = ?2 AND shop_id = ?1 AND state = 'active')`,
        )
        .bind(shopId, id),
    ]);
    return updated?.results[0] ?? null;
  }

  /** Removes the domain: the row and, in the same batch, the shop's custom domain. */
  async remove(shopId: number, id: number): Promise<void> {
    await this.db.batch([
      this.db
        .prepare(
          "UPDATE shops SET dom3 = NULL WHERE id = ?1 AND dom3 = (SELECT hostname FROM custom_domains WHERE id = ?2 AND shop_id = ?1)",
        )
        .bind(shopId, id),
      this.db.prepare("DELETE FROM custom_domains WHERE id = ? AND shop_id = ?").bind(id, shopId),
    ]);
  }

  /**
   * Gives an unproved claim up (decision 156): Cloudflare failed it, or its deadline passed. The
   * row stays, `released` with the reason, for its owner to read; the name is free. Returns the
   * row as it is now, or null when it was proved, released or removed meanwhile.
   */
  async releaseUnproved(shopId: number, id: number, reason: string, now: number): Promise<CustomDomainRow | null> {
    return this.db
      .prepare(
        `UPDATE custom_domains SET state = 'released', reason = ?3, records = '[]', checked_at = ?4
         WHERE id = ?1 AND shop_id = ?2 AND proved_at IS NULL AND state <> 'released' RETURNING *`,
      )
      .bind(id, shopId, reason, now)
      .first<CustomDomainRow>();
  }

  /** Unproved claims made before `before`, the oldest first: past their deadline (the scheduled job). */
  async overdue(before: number, limit: number): Promise<CustomDomainRow[]> {
    const { results } = await this.db
      .prepare(
        `SELECT * FROM custom_domains WHERE proved_at IS NULL AND state <> 'released' AND created_at <= ?
         ORDER BY created_at LIMIT ?`,
      )
      .bind(before, limit)
      .all<CustomDomainRow>();
    return results;
  }

  /** Hostnames Cloudflare has not settled yet, the least recently asked first (the scheduled job). */
  async waiting(limit: number): Promise<CustomDomainRow[]> {
    const { results } = await this.db
      .prepare("SELECT * FROM custom_domains WHERE state IN ('creating', 'pending') ORDER BY checked_at LIMIT ?")
      .bind(limit)
      .all<CustomDomainRow>();
    return results;
  }
}
