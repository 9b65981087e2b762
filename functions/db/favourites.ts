import { MAX_FAVOURITES, RECENT_LIMIT } from "~/shared/limits";
import type { Owner } from "./cart";
import type { Db } from "./session";
import { ReadAhead } from "./catalogue";

/** The goods behind a product row: its own id, or a pick's origin (where like_count lives). */
const GOODS_OF = "(SELECT COALESCE(origin_product_id, id) FROM products WHERE id = ?3)";

/**
 * Favourites (찜) and recently viewed products on D1 (migration 0012, decision 056), per shop host
 * and owner. Every change is one batch whose statements are conditioned on the one before
 * (`changes()`), so the like count moves exactly when the row does.
 */
export class FavouriteStore {
  constructor(
    private readonly db: Db,
    private readonly readAhead: ReadAhead | null = null,
  ) {}

  /**
   * Likes (`on`) or unlikes product `productId` for `owner`, idempotently: liking twice counts
   * once. Only a visible product this shop sells can be liked, and only below MAX_FAVOURITES.
   * Returns whether it is liked now and its goods' like count, or null for a product the shop
   * does not sell.
   */
  async set(shopId: number, owner: Owner, productId: number, on: boolean, now: number) {
    const write = on
      ? this.db
          .prepare(
            `INSERT INTO favourites (shop_id, owner, product_id, created_at)
             SELECT ?1, ?2, p.id, ?4 FROM products p
             WHERE p.id = ?3 AND p.shop_id = ?1 AND p.visible = 1
               AND (SELECT COUNT(*) FROM favourites WHERE shop_id = ?1 AND owner = ?2) < ${MAX_FAVOURITES}
             ON CONFLICT DO NOTHING`,
          )
          .bind(shopId, owner, productId, now)
      : this.db
          .prepare("DELETE FROM favourites WHERE shop_id = ?1 AND owner = ?2 AND product_id = ?3")
          .bind(shopId, owner, productId);
    const [, , state] = await this.db.batch([
      write,
      this.db
        .prepare(
          `UPDATE products SET like_count = MAX(like_count ${on ? "+" : "-"} 1, 0)
           WHERE id = ${GOODS_OF} AND changes() = 1`,
        )
        .bind(shopId, owner, productId),
      this.db
        .prepare(
          `SELECT EXISTS (SELECT 1 FROM favourites WHERE shop_id = ?1 AND owner = ?2 AND product_id = ?3) AS liked,
                  (SELECT like_count FROM products WHERE id = ${GOODS_OF}) AS likes,
                  EXISTS (SELECT 1 FROM products WHERE id = ?3 AND shop_id = ?1 AND visible = 1) AS sold,
                  (SELECT COUNT(*) FROM favourites WHERE shop_id = ?1 AND owner = ?2) AS total`,
        )
        .bind(shopId, owner, productId),
    ]);
    const row = state!.results[0] as { liked: number; likes: number | null; sold: number; total: number };
    if (!row.sold && on) return null;
    return { liked: row.liked === 1, like: row.likes ?? 0, full: on && row.liked !== 1 && row.total >= MAX_FAVOURITES };
  }

  /** The owner's favourites, newest first: product ids of one page, and how many there are. */
  async page(shopId: number, owner: Owner, page: number, size: number) {
    const [ids, count] = await this.db.batch([
      this.db
        .prepare(
          `SELECT product_id AS id FROM favourites WHERE shop_id = ?1 AND owner = ?2
           ORDER BY created_at DESC, product_id DESC LIMIT ?3 OFFSET ?4`,
        )
        .bind(shopId, owner, size, (page - 1) * size),
      this.db.prepare("SELECT COUNT(*) AS n FROM favourites WHERE shop_id = ?1 AND owner = ?2").bind(shopId, owner),
    ]);
    return {
      ids: (ids!.results as { id: number }[]).map((r) => r.id),
      total: (count!.results[0] as { n: number }).n,
    };
  }

  /** Which of `productIds` the owner likes (a product page, a grid of cards). */
  /** The read of `likedAmong`, for a batch that does more (a page filled in at the edge, decision 122). */
  likedAmongStatement(shopId: number, owner: Owner, productIds: number[]): D1PreparedStatement {
    return this.db
      .prepare(
        `SELECT product_id AS id FROM favourites
         WHERE shop_id = ?1 AND owner = ?2 AND product_id IN (SELECT value FROM json_each(?3))`,
      )
      .bind(shopId, owner, JSON.stringify(productIds));
  }

  async likedAmong(shopId: number, owner: Owner, productIds: number[]): Promise<number[]> {
    if (productIds.length === 0) return [];
    // A product page's own product: read with it when the page asked for it (decision 076).
    const ahead =
      productIds.length === 1
        ? this.readAhead?.take<boolean>(ReadAhead.liked(shopId, owner, productIds[0]!))
        : undefined;
    if (ahead !== undefined) return ahead ? productIds : [];
    const { results } = await this.db
      .prepare(
        `SELECT product_id AS id FROM favourites
         WHERE shop_id = ?1 AND owner = ?2 AND product_id IN (SELECT value FROM json_each(?3))`,
      )
      .bind(shopId, owner, JSON.stringify(productIds))
      .all<{ id: number }>();
    return results.map((r) => r.id);
  }

  /**
   * A guest's favourites become the member's at login (in the login's batch, like the cart): a
   * product both liked counts once, so its like count loses the device's like first.
   */
  mergeStatements(shopId: number, deviceId: string, uid: number): D1PreparedStatement[] {
    return this.moveStatements(shopId, `d:${deviceId}`, `m:${uid}`);
  }

  /** One owner's favourites and views here given to another (a login, or a device handoff: decision 116). */
  moveStatements(shopId: number, from: Owner, to: Owner): D1PreparedStatement[] {
    return [
      this.db
        .prepare(
          `UPDATE products SET like_count = MAX(like_count - 1, 0)
           WHERE id IN (SELECT COALESCE(p.origin_product_id, p.id) FROM favourites d JOIN products p ON p.id = d.product_id
                        WHERE d.shop_id = ?1 AND d.owner = ?2
                          AND EXISTS (SELECT 1 FROM favourites m WHERE m.shop_id = ?1 AND m.owner = ?3
                                      AND m.product_id = d.product_id))`,
        )
        .bind(shopId, from, to),
      this.db
        .prepare(
          `INSERT INTO favourites (shop_id, owner, product_id, created_at)
           SELECT shop_id, ?3, product_id, created_at FROM favourites WHERE shop_id = ?1 AND owner = ?2
           ON CONFLICT DO UPDATE SET created_at = MAX(created_at, excluded.created_at)`,
        )
        .bind(shopId, from, to),
      this.db.prepare("DELETE FROM favourites WHERE shop_id = ?1 AND owner = ?2").bind(shopId, from),
      ...new RecentStore(this.db).mergeStatements(shopId, from, to),
    ];
  }
}

/** Recently viewed products: newest first, one row per product, at most RECENT_LIMIT. */
export class RecentStore {
  constructor(private readonly db: Db) {}

  /** Records a view of product `productId` (a visible product of this shop): two statements. */
  async record(shopId: number, owner: Owner, productId: number, now: number): Promise<void> {
    await this.db.batch(this.recordStatements(shopId, owner, productId, now));
  }

  /** The statements of `record`, for a batch that does more (a page filled in at the edge, decision 122). */
  recordStatements(shopId: number, owner: Owner, productId: number, now: number): D1PreparedStatement[] {
    return [this.insert(shopId, owner, productId, now), this.trim(shopId, owner)];
  }

  /**
   * The first view of a device minted for it (decisions 077, 081), written when the visitor comes
   * back: one statement, as a new owner has nothing to trim (should one have views already, the
   * next view trims the list).
   */
  async recordFirst(shopId: number, owner: Owner, productId: number, now: number): Promise<void> {
    await this.insert(shopId, owner, productId, now).run();
  }

  private insert(shopId: number, owner: Owner, productId: number, now: number): D1PreparedStatement {
    return this.db
      .prepare(
        `INSERT INTO recent_views (shop_id, owner, product_id, viewed_at)
         SELECT ?1, ?2, id, ?4 FROM products WHERE id = ?3 AND shop_id = ?1 AND visible = 1
         ON CONFLICT DO UPDATE SET viewed_at = excluded.viewed_at`,
      )
      .bind(shopId, owner, productId, now);
  }

  private trim(shopId: number, owner: string): D1PreparedStatement {
    return this.db
      .prepare(
        `DELETE FROM recent_views WHERE shop_id = ?1 AND owner = ?2 AND product_id NOT IN
           (SELECT product_id FROM recent_views WHERE shop_id = ?1 AND owner = ?2
            ORDER BY viewed_at DESC, product_id DESC LIMIT ${RECENT_LIMIT})`,
      )
      .bind(shopId, owner);
  }

  /** The owner's recently viewed product ids here, newest first. */
  async ids(shopId: number, owner: Owner): Promise<number[]> {
    const { results } = await this.db
      .prepare(
        `SELECT product_id AS id FROM recent_views WHERE shop_id = ?1 AND owner = ?2
         ORDER BY viewed_at DESC, product_id DESC LIMIT ${RECENT_LIMIT}`,
      )
      .bind(shopId, owner)
      .all<{ id: number }>();
    return results.map((r) => r.id);
  }

  /** Removes one product from the list, or (`productId` null) clears it. */
  async remove(shopId: number, owner: Owner, productId: number | null): Promise<void> {
    await (
      productId === null
        ? this.db.prepare("DELETE FROM recent_views WHERE shop_id = ?1 AND owner = ?2").bind(shopId, owner)
        : this.db
            .prepare("DELETE FROM recent_views WHERE shop_id = ?1 AND owner = ?2 AND product_id = ?3")
            .bind(shopId, owner, productId)
    ).run();
  }

  /** A guest's views join the member's at login: the later view wins; still at most RECENT_LIMIT. */
  mergeStatements(shopId: number, device: string, member: string): D1PreparedStatement[] {
    return [
      this.db
        .prepare(
          `INSERT INTO recent_views (shop_id, owner, product_id, viewed_at)
           SELECT shop_id, ?3, product_id, viewed_at FROM recent_views WHERE shop_id = ?1 AND owner = ?2
           ON CONFLICT DO UPDATE SET viewed_at = MAX(viewed_at, excluded.viewed_at)`,
        )
        .bind(shopId, device, member),
      this.db.prepare("DELETE FROM recent_views WHERE shop_id = ?1 AND owner = ?2").bind(shopId, device),
      this.trim(shopId, member),
    ];
  }
}
