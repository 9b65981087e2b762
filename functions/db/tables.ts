/**
 * A restaurant's tables and the meals at them (smart order, issue 13, decision 066). A table's
 * hash is what its QR code opens; the first scan opens a meal (a visit) that every phone scanning
 * the same code joins while it lasts, so a table has one cart. Every query names the shop.
 */

import type { Db } from "./session";

/** How long a meal lasts after its last scan or order, unless the owner ends it sooner. */
export const VISIT_MS = 3 * 60 * 60 * 1000;
/** Tables a shop may have. */
export const MAX_TABLES = 200;

export type TableRow = { id: number; name: string; hash: string; sort: number; open_visit: string | null };
export type VisitRow = { id: string; table_id: number; table_name: string; expires_at: number };

/** 128 random bits in base-16: a table's code and a meal's cookie value, neither guessable. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export const isToken = (value: unknown): value is string => typeof value === "string" && /^[0-9a-f]{32}$/.test(value);

export class TableStore {
  constructor(private readonly db: Db) {}

  /** 선결제 (decision 105): the table pays by card or easy pay before the kitchen gets its order. */
  async payFirst(shopId: number): Promise<boolean> {
    const row = await this.db
      .prepare("SELECT table_pay_first FROM shops WHERE id = ?")
      .bind(shopId)
      .first<{ table_pay_first: number }>();
    return row?.table_pay_first === 1;
  }

  async setPayFirst(shopId: number, on: boolean): Promise<void> {
    await this.db
      .prepare("UPDATE shops SET table_pay_first = ? WHERE id = ?")
      .bind(on ? 1 : 0, shopId)
      .run();
  }

  /** The shop's tables in use, with the meal open at each. */
  async list(shopId: number, now: number): Promise<TableRow[]> {
    const { results } = await this.db
      .prepare(
        `SELECT t.id, t.name, t.hash, t.sort,
           (SELECT v.id FROM table_visits v WHERE v.table_id = t.id AND v.closed_at IS NULL AND v.expires_at > ?2
            ORDER BY v.opened_at DESC LIMIT 1) AS open_visit
         FROM shop_tables t WHERE t.shop_id = ?1 AND t.retired_at IS NULL ORDER BY t.sort, t.id`,
      )
      .bind(shopId, now)
      .all<TableRow>();
    return results;
  }

  /**
   * Adds a table with a new code, in one statement that also keeps a shop under MAX_TABLES and
   * table names unique among tables in use. False when either refused it.
   */
  async add(shopId: number, name: string, now: number): Promise<boolean> {
    const { meta } = await this.db
      .prepare(
        `INSERT INTO shop_tables (shop_id, name, hash, sort, created_at)
         SELECT ?1, ?2, ?3, COALESCE((SELECT MAX(sort) FROM shop_tables WHERE shop_id = ?1), 0) + 1, ?4
         WHERE (SELECT COUNT(*) FROM shop_tables WHERE shop_id = ?1 AND retired_at IS NULL) < ?5
           AND NOT EXISTS (SELECT 1 FROM shop_tables WHERE shop_id = ?1 AND retired_at IS NULL AND name = ?2)`,
      )
      .bind(shopId, name, randomToken(), now, MAX_TABLES)
      .run();
    return meta.changes === 1;
  }

  /**
   * Retires a table (its code opens nothing any more) and ends its meal; with `renew`, the same
   * table goes on under a new code (a QR sticker that was copied or lost).
   */
  async retire(shopId: number, tableId: number, now: number, renew: boolean): Promise<boolean> {
    const [retired] = await this.db.batch([
      this.db
        .prepare("UPDATE shop_tables SET retired_at = ?3 WHERE id = ?2 AND shop_id = ?1 AND retired_at IS NULL")
        .bind(shopId, tableId, now),
      ...(renew
        ? [
            this.db
              .prepare(
                `INSERT INTO shop_tables (shop_id, name, hash, sort, created_at)
                 SELECT shop_id, name, ?3, sort, ?4 FROM shop_tables WHERE id = ?2 AND shop_id = ?1 AND retired_at = ?4`,
              )
              .bind(shopId, tableId, randomToken(), now),
          ]
        : []),
      this.endStatement(shopId, tableId, now),
      this.purgeStatement(now),
    ]);
    return (retired?.meta.changes ?? 0) === 1;
  }

  /** Ends the meal at a table (the diners left): its cookie opens nothing, its cart is gone. */
  async end(shopId: number, tableId: number, now: number): Promise<void> {
    await this.db.batch([this.endStatement(shopId, tableId, now), this.purgeStatement(now)]);
  }

  /** The scheduled job's part: carts of meals that ended (closed, or past their time) are dropped. */
  async purgeEnded(now: number): Promise<number> {
    const { meta } = await this.purgeStatement(now).run();
    return meta.changes;
  }

  private purgeStatement(now: number): D1PreparedStatement {
    return this.db
      .prepare(
        `DELETE FROM table_cart_lines WHERE visit_id IN
           (SELECT id FROM table_visits WHERE closed_at IS NOT NULL OR expires_at <= ?1)`,
      )
      .bind(now);
  }

  private endStatement(shopId: number, tableId: number, now: number): D1PreparedStatement {
    return this.db
      .prepare(
        "UPDATE table_visits SET closed_at = ?3 WHERE table_id = ?2 AND shop_id = ?1 AND closed_at IS NULL AND expires_at > ?3",
      )
      .bind(shopId, tableId, now);
  }

  /**
   * A scan of a table's code on this shop: joins the meal open at the table (and makes it last
   * VISIT_MS from now) or opens one, in one batch so two phones scanning at once share one meal.
   * Null for a code that is unknown, retired or another shop's.
   */
  async open(shopId: number, hash: string, now: number): Promise<VisitRow | null> {
    const table = "(SELECT id FROM shop_tables WHERE hash = ?2 AND shop_id = ?1 AND retired_at IS NULL)";
    const open = `table_id = ${table} AND closed_at IS NULL AND expires_at > ?3`;
    const [, , found] = await this.db.batch([
      this.db
        .prepare(
          `INSERT INTO table_visits (id, shop_id, table_id, opened_at, expires_at)
           SELECT ?4, ?1, ${table}, ?3, ?5 WHERE ${table} IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM table_visits WHERE ${open})`,
        )
        .bind(shopId, hash, now, randomToken(), now + VISIT_MS),
      this.db
        .prepare(`UPDATE table_visits SET expires_at = MAX(expires_at, ?4) WHERE ${open}`)
        .bind(shopId, hash, now, now + VISIT_MS),
      this.db
        .prepare(
          `SELECT v.id, v.table_id, t.name AS table_name, v.expires_at
           FROM table_visits v JOIN shop_tables t ON t.id = v.table_id
           WHERE t.hash = ?2 AND t.shop_id = ?1 AND t.retired_at IS NULL AND v.closed_at IS NULL AND v.expires_at > ?3
           ORDER BY v.opened_at DESC LIMIT 1`,
        )
        .bind(shopId, hash, now),
    ]);
    return (found!.results[0] as VisitRow | undefined) ?? null;
  }

  /** The meal a table cookie names, while it is open, on this shop only. */
  async visit(shopId: number, visitId: string, now: number): Promise<VisitRow | null> {
    return this.db
      .prepare(
        `SELECT v.id, v.table_id, t.name AS table_name, v.expires_at
         FROM table_visits v JOIN shop_tables t ON t.id = v.table_id AND t.retired_at IS NULL
         WHERE v.id = ?2 AND v.shop_id = ?1 AND v.closed_at IS NULL AND v.expires_at > ?3`,
      )
      .bind(shopId, visitId, now)
      .first<VisitRow>();
  }
}
