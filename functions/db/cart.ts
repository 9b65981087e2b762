import type { DeliveryRule } from "~/shared/money";
import { MAX_CART_LINES, MAX_LINE_QTY } from "~/shared/contracts/cart";
import { addQty } from "~/shared/cart-form";
import type { Db } from "./session";

/**
 * Carts on D1. A cart belongs to (the shop whose host it lives on, an owner): a guest device
 * ('d:' + device id) or a member ('m:' + uid). Lines hold only pid2/pid3/qty; everything else is
 * read from the catalogue every time (docs/decisions/020, 021).
 */
export type Owner = `d:${string}` | `m:${number}`;

export const deviceOwner = (deviceId: string): Owner => `d:${deviceId}`;
export const memberOwner = (uid: number): Owner => `m:${uid}`;

export type LineRef = { pid2: number; pid3: number };
export type LineQty = LineRef & { qty: number; sort?: number };

/** A cart line joined with the catalogue, as the selling shop (pid2's shop) offers it now. */
export type ResolvedLine = {
  pid2: number;
  pid3: number;
  qty: number;
  sort: number;
  sid: string;
  goods_id: number;
  uid: number;
  origin_uid: number;
  shop_name: string;
  shop_name_origin: string;
  origin_dom: string;
  origin_dom3: string | null;
  origin_status: "open" | "preparing" | "closed";
  shop_status: "open" | "preparing" | "closed";
  origin_delivery_fee: number;
  origin_free_threshold: number;
  /** The goods' delivery rule (decision 110): the owner's product, whichever shop sells it. */
  delivery_rule: DeliveryRule;
  delivery_fee: number;
  delivery_per_qty: number;
  name: string;
  opt_name: string;
  price: number;
  /** The goods' list price with the option's extra, when it is higher than the price. */
  list_price: number | null;
  image: string | null;
  stock: number;
  default_option: number;
  /** Sales discontinued: sold_out set on the goods, or hidden by either shop. */
  discontinued: number;
  adult_only: number;
  auth_only: number;
  members_only: number;
};

/**
 * Joins line references with the catalogue. A line survives only if pid2 is a product row of this
 * shop (its own, or a pick it sells) and pid3 an option of the goods behind it: a product of
 * another shop, or an option of other goods, cannot slip in. CROSS JOIN keeps the lines the outer
 * loop: the planner, not knowing json_each's size, walked the shop's products instead (187 ms in a
 * 50,000-product shop against 0.1 ms; issue 39).
 */
const RESOLVE = (source: string) => `
  SELECT r.pid2, r.pid3, r.qty, r.sort,
         p.sid, g.id AS goods_id, s.uid, os.uid AS origin_uid, s.name AS shop_name, os.name AS shop_name_origin,
         os.dom AS origin_dom, os.dom3 AS origin_dom3, os.status AS origin_status, s.status AS shop_status,
         os.delivery_fee AS origin_delivery_fee, os.free_delivery_threshold AS origin_free_threshold,
         g.delivery_rule, g.delivery_fee, g.delivery_per_qty,
         g.title AS name, o.name AS opt_name, g.price + o.extra_price AS price, g.list_price + o.extra_price AS list_price,
         g.image,
         o.stock, o.default_option,
         (g.sold_out = 1 OR p.visible = 0 OR g.visible = 0) AS discontinued,
         g.adult_only, g.auth_only, g.members_only
  FROM ${source}
  CROSS JOIN products p ON p.id = r.pid2 AND p.shop_id = ?1
  JOIN products g ON g.id = COALESCE(p.origin_product_id, p.id)
  JOIN product_options o ON o.id = r.pid3 AND o.product_id = g.id
  JOIN shops s ON s.id = p.shop_id
  JOIN shops os ON os.id = g.shop_id`;

const FROM_JSON = `(SELECT CAST(json_extract(value, '$.pid2') AS INTEGER) AS pid2,
                           CAST(json_extract(value, '$.pid3') AS INTEGER) AS pid3,
                           CAST(json_extract(value, '$.qty') AS INTEGER) AS qty,
                           COALESCE(json_extract(value, '$.sort'), 0) AS sort,
                           key AS idx
                    FROM json_each(?2)) r`;

const FROM_CART = `(SELECT product_id AS pid2, option_id AS pid3, qty, sort, 0 AS idx
                    FROM cart_lines WHERE shop_id = ?1 AND owner = ?2) r`;

/** Duplicate references are one line: their quantities add up (capped). */
export function dedupe<T extends LineQty>(lines: T[]): T[] {
  const byKey = new Map<string, T>();
  for (const line of lines) {
    const key = `${line.pid2}:${line.pid3}`;
    const seen = byKey.get(key);
    if (seen) byKey.set(key, { ...seen, qty: addQty(seen.qty, line.qty) });
    else byKey.set(key, { ...line });
  }
  return [...byKey.values()];
}

export class CartFullError extends Error {}

/**
 * A line's sort value: the time it was added (ms) × 1000 plus its place in the call, so lines
 * added together keep the order they were named in (first is newest) and a later call is newer.
 */
export function sortKey(now: number, index: number, count: number): number {
  return now * 1000 + (count - index);
}

export class CartStore {
  constructor(private readonly db: Db) {}

  /** Lines the browser named, checked against this shop's catalogue; unknown ones are dropped. */
  async resolve(shopId: number, lines: LineQty[]): Promise<ResolvedLine[]> {
    if (lines.length === 0) return [];
    const { results } = await this.db
      .prepare(`${RESOLVE(FROM_JSON)} ORDER BY r.idx`)
      .bind(shopId, JSON.stringify(dedupe(lines)))
      .all<ResolvedLine>();
    return results;
  }

  /** The owner's cart, newest line first. */
  async lines(shopId: number, owner: Owner): Promise<ResolvedLine[]> {
    const { results } = await this.db
      .prepare(`${RESOLVE(FROM_CART)} ORDER BY r.sort DESC, r.pid2, r.pid3`)
      .bind(shopId, owner)
      .all<ResolvedLine>();
    return results;
  }

  async count(shopId: number, owner: Owner): Promise<number> {
    const row = await this.db
      .prepare("SELECT COUNT(*) AS n FROM cart_lines WHERE shop_id = ? AND owner = ?")
      .bind(shopId, owner)
      .first<{ n: number }>();
    return row?.n ?? 0;
  }

  /**
   * Adds resolved lines: an existing line gets the quantity added (capped at the line maximum).
   * Throws CartFullError when the cart would hold more than MAX_CART_LINES lines.
   */
  async add(
    shopId: number,
    owner: Owner,
    lines: LineQty[],
    now: number,
    tracking: { fbp?: string | null; fbc?: string | null } = {},
  ): Promise<number> {
    const unique = dedupe(lines);
    const existing = await this.db
      .prepare(
        `SELECT COUNT(*) AS n FROM cart_lines WHERE shop_id = ?1 AND owner = ?2
         AND (product_id || ':' || option_id) NOT IN (SELECT value FROM json_each(?3))`,
      )
      .bind(shopId, owner, JSON.stringify(unique.map((l) => `${l.pid2}:${l.pid3}`)))
      .first<{ n: number }>();
    if ((existing?.n ?? 0) + unique.length > MAX_CART_LINES) throw new CartFullError();
    await this.db.batch([
      this.touch(shopId, owner, now, tracking),
      // One statement for any number of lines: they go in as one JSON parameter.
      this.db
        .prepare(
          `INSERT INTO cart_lines (shop_id, owner, product_id, option_id, qty, sort)
           SELECT ?1, ?2, value ->> 'pid2', value ->> 'pid3', MIN(value ->> 'qty', ${MAX_LINE_QTY}), value ->> 'sort'
           FROM json_each(?3) WHERE true
           ON CONFLICT (shop_id, owner, product_id, option_id)
           DO UPDATE SET qty = MIN(qty + excluded.qty, ${MAX_LINE_QTY}), sort = excluded.sort`,
        )
        .bind(shopId, owner, JSON.stringify(unique.map((l, i) => ({ ...l, sort: sortKey(now, i, unique.length) })))),
    ]);
    return this.count(shopId, owner);
  }

  /**
   * Sets the quantity of lines already in the cart and removes others; never adds a line. Three
   * statements whatever the number of lines.
   */
  async update(shopId: number, owner: Owner, set: LineQty[], remove: LineRef[], now: number): Promise<void> {
    if (set.length === 0 && remove.length === 0) return;
    const match = `j.value ->> 'pid2' = cart_lines.product_id AND j.value ->> 'pid3' = cart_lines.option_id`;
    await this.db.batch([
      this.db.prepare("UPDATE carts SET updated_at = ? WHERE shop_id = ? AND owner = ?").bind(now, shopId, owner),
      this.db
        .prepare(
          `UPDATE cart_lines
           SET qty = (SELECT MIN(MAX(1, j.value ->> 'qty'), ${MAX_LINE_QTY}) FROM json_each(?3) j WHERE ${match})
           WHERE shop_id = ?1 AND owner = ?2 AND EXISTS (SELECT 1 FROM json_each(?3) j WHERE ${match})`,
        )
        .bind(shopId, owner, JSON.stringify(set.map(({ pid2, pid3, qty }) => ({ pid2, pid3, qty })))),
      this.db
        .prepare(
          `DELETE FROM cart_lines
           WHERE shop_id = ?1 AND owner = ?2 AND EXISTS (SELECT 1 FROM json_each(?3) j WHERE ${match})`,
        )
        .bind(shopId, owner, JSON.stringify(remove.map(({ pid2, pid3 }) => ({ pid2, pid3 })))),
    ]);
  }

  async tracking(shopId: number, owner: Owner): Promise<{ fbp: string | null; fbc: string | null } | null> {
    return this.db
      .prepare("SELECT fbp, fbc FROM carts WHERE shop_id = ? AND owner = ?")
      .bind(shopId, owner)
      .first<{ fbp: string | null; fbc: string | null }>();
  }

  /**
   * Moves a guest device's cart into a member's cart of the same shop, in one batch: quantities of
   * the same line add up (capped at the line maximum), the newest MAX_CART_LINES lines are kept,
   * and the guest cart is gone afterwards. Called by the login action once the member is known.
   */
  async merge(shopId: number, deviceId: string, uid: number, now: number): Promise<void> {
    await this.db.batch(this.mergeStatements(shopId, deviceId, uid, now));
  }

  /** The statements of `merge`, for a batch that does more (the login that causes it, decision 032). */
  mergeStatements(shopId: number, deviceId: string, uid: number, now: number): D1PreparedStatement[] {
    return this.moveStatements(shopId, deviceOwner(deviceId), memberOwner(uid), now);
  }

  /** One owner's cart here added to another's (a login, or a device handed to another host: decision 116). */
  moveStatements(shopId: number, from: Owner, to: Owner, now: number): D1PreparedStatement[] {
    return [
      this.db
        .prepare(
          `INSERT INTO carts (shop_id, owner, fbp, fbc, updated_at)
           SELECT shop_id, ?3, fbp, fbc, ?4 FROM carts WHERE shop_id = ?1 AND owner = ?2 AND true
           ON CONFLICT (shop_id, owner) DO UPDATE SET updated_at = excluded.updated_at,
             fbp = COALESCE(excluded.fbp, carts.fbp), fbc = COALESCE(excluded.fbc, carts.fbc)`,
        )
        .bind(shopId, from, to, now),
      this.db
        .prepare(
          `INSERT INTO cart_lines (shop_id, owner, product_id, option_id, qty, sort)
           SELECT shop_id, ?3, product_id, option_id, qty, sort FROM cart_lines WHERE shop_id = ?1 AND owner = ?2 AND true
           ON CONFLICT (shop_id, owner, product_id, option_id)
           DO UPDATE SET qty = MIN(cart_lines.qty + excluded.qty, ${MAX_LINE_QTY}),
                         sort = MAX(cart_lines.sort, excluded.sort)`,
        )
        .bind(shopId, from, to),
      this.db
        .prepare(
          `DELETE FROM cart_lines WHERE shop_id = ?1 AND owner = ?2 AND rowid NOT IN
             (SELECT rowid FROM cart_lines WHERE shop_id = ?1 AND owner = ?2 ORDER BY sort DESC LIMIT ${MAX_CART_LINES})`,
        )
        .bind(shopId, to),
      this.db.prepare("DELETE FROM carts WHERE shop_id = ? AND owner = ?").bind(shopId, from),
    ];
  }

  /** Creates the cart header if missing; keeps the newest tracking values. */
  private touch(shopId: number, owner: Owner, now: number, t: { fbp?: string | null; fbc?: string | null }) {
    return this.db
      .prepare(
        `INSERT INTO carts (shop_id, owner, fbp, fbc, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (shop_id, owner) DO UPDATE SET updated_at = excluded.updated_at,
           fbp = COALESCE(excluded.fbp, carts.fbp), fbc = COALESCE(excluded.fbc, carts.fbc)`,
      )
      .bind(shopId, owner, t.fbp ?? null, t.fbc ?? null, now);
  }

  /** Parks a value for this device (uuid/sync_save). */
  async saveValue(
    shopId: number,
    uuid: string,
    type: string,
    value: string,
    t: { fbp?: string | null; fbc?: string | null },
    now: number,
  ): Promise<void> {
    await this.db
      .prepare(
        `INSERT INTO device_values (shop_id, uuid, type, value, fbp, fbc, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (shop_id, uuid, type) DO UPDATE SET value = excluded.value, fbp = excluded.fbp,
           fbc = excluded.fbc, updated_at = excluded.updated_at`,
      )
      .bind(shopId, uuid, type, value, t.fbp ?? null, t.fbc ?? null, now)
      .run();
  }

  loadValue(shopId: number, uuid: string, type: string) {
    return this.db
      .prepare("SELECT value, fbp, fbc FROM device_values WHERE shop_id = ? AND uuid = ? AND type = ?")
      .bind(shopId, uuid, type)
      .first<{ value: string; fbp: string | null; fbc: string | null }>();
  }
}

/**
 * Login hook for the accounts feature: the guest cart of `deviceId` on shop `shopId` joins the
 * member `uid`'s cart (quantities added, limits respected).
 */
export function mergeGuestCart(db: Db, shopId: number, deviceId: string, uid: number, now = Date.now()) {
  return new CartStore(db).merge(shopId, deviceId, uid, now);
}
