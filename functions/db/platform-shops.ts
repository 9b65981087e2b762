/**
 * Shops as the platform sees them (decision 108): opened by people on the platform's host, listed,
 * suspended and handed over by a platform admin. Every write is one statement (one D1 batch) whose
 * conditions carry the checks, so two requests at once cannot both win.
 */
import type { Db } from "./session";

/** Above every member's user id: a second shop of one person needs a shop key (shops.uid) of its own. */
const SHOP_KEY_BASE = 100_000_000;
export const PLATFORM_PAGE_SIZE = 20;

export type OwnedShop = { id: number; dom: string; dom3: string | null; name: string; suspended: boolean };
export type PlatformShopRow = {
  id: number;
  dom: string;
  name: string;
  shop_type: "shop" | "restaurant";
  suspended_at: number | null;
  owner: number;
  owner_email: string | null;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class PlatformShopStore {
  constructor(private readonly db: Db) {}

  async domTaken(dom: string): Promise<boolean> {
    return (await this.db.prepare("SELECT 1 AS x FROM shops WHERE dom = ?").bind(dom).first()) !== null;
  }

  /** Those of `doms` no shop has, in the order given (one query; the open form's suggestions). */
  async freeOf(doms: string[]): Promise<string[]> {
    if (doms.length === 0) return [];
    const { results } = await this.db
      .prepare(`SELECT dom FROM shops WHERE dom IN (${doms.map(() => "?").join(", ")})`)
      .bind(...doms)
      .all<{ dom: string }>();
    const taken = new Set(results.map((r) => r.dom));
    return doms.filter((d) => !taken.has(d));
  }

  /**
   * The new shop with the column defaults as its starter theme and no goods, owned by `owner`. Its
   * key is the owner's user id for their first shop (the spec's rule), a fresh one above every
   * user id otherwise. Null when the address was taken meanwhile.
   */
  async open(input: {
    dom: string;
    name: string;
    type: "shop" | "restaurant";
    owner: number;
    notice: string;
  }): Promise<number | null> {
    const insert = this.db
      .prepare(
        // A new shop is paid through the platform's contract (decision 178) until its owner puts in own keys.
        `INSERT INTO shops (uid, owner_uid, dom, name, shop_type, notice, pay_via)
         SELECT CASE WHEN EXISTS (SELECT 1 FROM shops WHERE uid = ?1)
                     THEN (SELECT MAX(MAX(uid), ?5) + 1 FROM shops) ELSE ?1 END,
                ?1, ?2, ?3, ?4, ?6, 'platform'
         WHERE NOT EXISTS (SELECT 1 FROM shops WHERE dom = ?2)
         RETURNING id`,
      )
      .bind(input.owner, input.dom, input.name, input.type, SHOP_KEY_BASE, input.notice);
    try {
      const [result] = await this.db.batch<{ id: number }>([insert]);
      return result?.results[0]?.id ?? null;
    } catch (error) {
      // The UNIQUE index settles a race the NOT EXISTS could not see.
      if (String(error).includes("UNIQUE")) return null;
      throw error;
    }
  }

  async ownedBy(uid: number): Promise<OwnedShop[]> {
    const { results } = await this.db
      .prepare(
        `SELECT id, dom, dom3, name, suspended_at FROM shops
         WHERE owner_uid = ?1 OR (owner_uid IS NULL AND uid = ?1) ORDER BY id`,
      )
      .bind(uid)
      .all<{ id: number; dom: string; dom3: string | null; name: string; suspended_at: number | null }>();
    return results.map((r) => ({
      id: r.id,
      dom: r.dom,
      dom3: r.dom3,
      name: r.name,
      suspended: r.suspended_at !== null,
    }));
  }

  /** A page of shops, newest first, matching `q` in the address, the name or the owner's e-mail. */
  async list(q: string, page: number): Promise<{ rows: PlatformShopRow[]; total: number }> {
    const like = `%${escapeLike(q)}%`;
    const { results } = await this.db
      .prepare(
        `SELECT s.id, s.dom, s.name, s.shop_type, s.suspended_at, COALESCE(s.owner_uid, s.uid) AS owner,
                m.email AS owner_email, COUNT(*) OVER () AS total
         FROM shops s LEFT JOIN members m ON m.uid = COALESCE(s.owner_uid, s.uid)
         WHERE ?1 = '' OR s.dom LIKE ?2 ESCAPE '\\' OR s.name LIKE ?2 ESCAPE '\\' OR m.email LIKE ?2 ESCAPE '\\'
         ORDER BY s.id DESC LIMIT ?3 OFFSET ?4`,
      )
      .bind(q, like, PLATFORM_PAGE_SIZE, (page - 1) * PLATFORM_PAGE_SIZE)
      .all<PlatformShopRow & { total: number }>();
    return { rows: results, total: results[0]?.total ?? 0 };
  }

  /**
   * Suspends or restores; the content version moves so pages kept at the edge are drawn again at
   * once. False when the shop is missing or already so.
   */
  async setSuspended(id: number, suspended: boolean, now: number): Promise<boolean> {
    const [result] = await this.db.batch([
      this.db
        .prepare(
          `UPDATE shops SET suspended_at = ?1, content_version = content_version + 1
           WHERE id = ?2 AND (suspended_at IS NULL) = ?3`,
        )
        .bind(suspended ? now : null, id, suspended ? 1 : 0),
    ]);
    return (result?.meta.changes ?? 0) > 0;
  }

  /** Hands the shop to the member with this e-mail. Null: no such shop; "unknown"/"same": refused. */
  async transfer(id: number, email: string): Promise<"done" | "unknown" | "same" | null> {
    const [result] = await this.db.batch([
      this.db
        .prepare(
          `UPDATE shops SET owner_uid = (SELECT uid FROM members WHERE email = ?2)
           WHERE id = ?1 AND EXISTS (SELECT 1 FROM members WHERE email = ?2)
             AND COALESCE(owner_uid, uid) <> (SELECT uid FROM members WHERE email = ?2)`,
        )
        .bind(id, email),
    ]);
    if ((result?.meta.changes ?? 0) > 0) return "done";
    const row = await this.db
      .prepare(`SELECT s.id, (SELECT uid FROM members WHERE email = ?2) AS target FROM shops s WHERE s.id = ?1`)
      .bind(id, email)
      .first<{ id: number; target: number | null }>();
    if (!row) return null;
    return row.target === null ? "unknown" : "same";
  }
}
