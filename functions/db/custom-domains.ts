import type { Db } from "./session";

/** A shop's custom domain (migration 0021, decision 092). */
export type CustomDomainRow = {
  id: number;
  shop_id: number;
  hostname: string;
  cf_id: string | null;
  state: "creating" | "pending" | "active" | "failed";
  status: string | null;
  ssl_status: string | null;
  reason: string | null;
  /** JSON: the TXT records Cloudflare waits for. */
  records: string;
  created_at: number;
  checked_at: number;
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

export type Reservation = { id: number } | { refused: "tooMany" | "taken" | "hasOne" };

const HOUR_MS = 60 * 60 * 1000;

export class CustomDomainStore {
  constructor(private readonly db: Db) {}

  ofShop(shopId: number): Promise<CustomDomainRow | null> {
    return this.db.prepare("SELECT * FROM custom_domains WHERE shop_id = ?").bind(shopId).first<CustomDomainRow>();
  }

  /**
   * Counts the attempt and reserves the host name for the shop, in one batch: the row is written
   * only while the shop is within its hourly attempts, has no domain yet, and nobody else holds
   * the name (the unique keys settle two claims made at once). The name is reserved before
   * Cloudflare is asked, so two shops never register the same one there.
   */
  async reserve(shopId: number, hostname: string, now: number, perHour: number): Promise<Reservation> {
    const since = now - HOUR_MS;
    type Answer = { id?: number; attempts?: number; holder?: number | null; own?: string | null };
    const [, , inserted, after] = await this.db.batch<Answer>([
      this.db.prepare("DELETE FROM custom_domain_attempts WHERE created_at <= ?").bind(since),
      this.db.prepare("INSERT INTO custom_domain_attempts (shop_id, created_at) VALUES (?, ?)").bind(shopId, now),
      this.db
        .prepare(
          `INSERT INTO custom_domains (shop_id, hostname, state, created_at, checked_at)
           SELECT ?1, ?2, 'creating', ?3, ?3
           WHERE (SELECT COUNT(*) FROM custom_domain_attempts WHERE shop_id = ?1 AND created_at > ?4) <= ?5
             AND NOT EXISTS (SELECT 1 FROM shops WHERE dom3 = ?2 AND id <> ?1)
           ON CONFLICT DO NOTHING
           RETURNING id`,
        )
        .bind(shopId, hostname, now, since, perHour),
      this.db
        .prepare(
          `SELECT (SELECT COUNT(*) FROM custom_domain_attempts WHERE shop_id = ?1 AND created_at > ?2) AS attempts,
                  (SELECT shop_id FROM custom_domains WHERE hostname = ?3) AS holder,
                  (SELECT hostname FROM custom_domains WHERE shop_id = ?1) AS own`,
        )
        .bind(shopId, since, hostname),
    ]);
    const id = inserted?.results[0]?.id;
    if (id) return { id };
    const row = after?.results[0];
    if ((row?.attempts ?? 0) > perHour) return { refused: "tooMany" };
    if (row?.holder != null && row.holder !== shopId) return { refused: "taken" };
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
    const [updated] = await this.db.batch<CustomDomainRow>([
      this.db
        .prepare(
          `UPDATE custom_domains SET cf_id = ?3, state = ?4, status = ?5, ssl_status = ?6, reason = ?7, records = ?8,
             checked_at = ?9
           WHERE id = ?1 AND shop_id = ?2 RETURNING *`,
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

  /** Hostnames Cloudflare has not settled yet, the least recently asked first (the scheduled job). */
  async waiting(limit: number): Promise<CustomDomainRow[]> {
    const { results } = await this.db
      .prepare("SELECT * FROM custom_domains WHERE state IN ('creating', 'pending') ORDER BY checked_at LIMIT ?")
      .bind(limit)
      .all<CustomDomainRow>();
    return results;
  }
}
