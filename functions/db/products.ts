import type { AdminCategory, AdminProduct, AdminProductRow } from "~/shared/contracts/products";
import type { CategoryBody, ProductBody, ProductStatus } from "~/shared/forms/products";
import type { Db } from "./session";
import { unusedPhotosStatement } from "./photos";

/**
 * The catalogue as its owner edits it (issue 36, decision 106). Every statement names the shop;
 * every write is one batch whose statements carry their own conditions (the product is this
 * shop's own goods, the category is this shop's), so a stale or forged id changes nothing. A pick
 * is this shop's row but another shop's goods: it may be hidden, shown or removed here, never
 * edited or copied. Content versions move by the catalogue's triggers (migration 0020).
 */

/** Most products and categories one shop keeps: a ceiling on what a runaway script can add. */
export const MAX_SHOP_PRODUCTS = 5000;
export const MAX_SHOP_CATEGORIES = 200;

const GOODS = "JOIN products g ON g.id = COALESCE(p.origin_product_id, p.id)";
const IN_STOCK = "EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = g.id AND o.stock > 0)";
const STATUS = `CASE WHEN p.visible = 0 THEN 'hidden' WHEN g.sold_out = 1 OR NOT ${IN_STOCK} THEN 'sold_out' ELSE 'on_sale' END`;
/** An order line names the selling shop's row and the goods' option: either says it was sold. */
const ORDERED_PRODUCT = `EXISTS (SELECT 1 FROM order_lines l WHERE l.product_id = ?2
  OR l.option_id IN (SELECT id FROM product_options WHERE product_id = ?2))`;
const OWN = "SELECT id FROM products WHERE id = ?2 AND shop_id = ?1 AND ptype = 'normal'";

/** A sid for a new product: unique platform-wide, unguessable enough, short in an address. */
export function newSid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `p${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

type OptionRow = { id: number; name: string; extra_price: number; stock: number; ordered: number };

export class ProductAdminStore {
  constructor(private readonly db: Db) {}

  /** A page of the shop's products (its own and its picks) with their status, searched by title. */
  async list(shopId: number, f: { q: string; status: ProductStatus; page: number; size: number }) {
    const where = `p.shop_id = ?1 AND (?2 = '' OR instr(g.title, ?2) > 0) AND (?3 = 'all' OR ${STATUS} = ?3)`;
    const [rows, count] = await this.db.batch([
      this.db
        .prepare(
          `SELECT p.id, p.sid, p.ptype, g.title, g.price, g.image, ${STATUS} AS status,
             (SELECT COALESCE(SUM(o.stock), 0) FROM product_options o WHERE o.product_id = g.id) AS stock
           FROM products p ${GOODS} WHERE ${where} ORDER BY p.sort, p.id DESC LIMIT ?4 OFFSET ?5`,
        )
        .bind(shopId, f.q, f.status, f.size, (f.page - 1) * f.size),
      this.db.prepare(`SELECT COUNT(*) AS n FROM products p ${GOODS} WHERE ${where}`).bind(shopId, f.q, f.status),
    ]);
    const total = (count!.results[0] as { n: number }).n;
    return {
      items: rows!.results as AdminProductRow[],
      total,
      pages: Math.max(1, Math.ceil(total / f.size)),
    };
  }

  /** What kind of row `id` is in this shop: its own goods, a pick, or none of its own. */
  async kind(shopId: number, id: number): Promise<{ ptype: "normal" | "pick"; title: string } | null> {
    return this.db
      .prepare("SELECT ptype, title FROM products WHERE id = ? AND shop_id = ?")
      .bind(id, shopId)
      .first<{ ptype: "normal" | "pick"; title: string }>();
  }

  /** One of the shop's own goods as its edit form shows it; null for another shop's, or a pick. */
  async get(shopId: number, id: number): Promise<AdminProduct | null> {
    const [product, options, categories] = await this.db.batch([
      this.db.prepare(`SELECT * FROM products WHERE id = ?2 AND shop_id = ?1 AND ptype = 'normal'`).bind(shopId, id),
      this.db
        .prepare(
          `SELECT o.id, o.name, o.extra_price, o.stock,
             EXISTS (SELECT 1 FROM order_lines l WHERE l.option_id = o.id) AS ordered
           FROM product_options o WHERE o.product_id IN (${OWN}) ORDER BY o.sort, o.id`,
        )
        .bind(shopId, id),
      this.db
        .prepare(
          `SELECT category_id FROM products WHERE id IN (${OWN}) AND category_id IS NOT NULL
           UNION ALL SELECT pc.category_id FROM product_categories pc WHERE pc.product_id IN (${OWN})`,
        )
        .bind(shopId, id),
    ]);
    const p = product!.results[0] as Record<string, unknown> | undefined;
    if (!p) return null;
    const flag = (k: string) => p[k] === 1;
    return {
      id: p.id as number,
      sid: p.sid as string,
      title: p.title as string,
      price: p.price as number,
      list_price: p.list_price as number | null,
      summary: (p.summary as string | null) ?? "",
      description: (p.description as string | null) ?? "",
      image: p.image as string | null,
      category_ids: [...new Set((categories!.results as { category_id: number }[]).map((c) => c.category_id))],
      options: (options!.results as OptionRow[]).map((o) => ({ ...o, ordered: o.ordered === 1 })),
      adult_only: flag("adult_only"),
      members_only: flag("members_only"),
      auth_only: flag("auth_only"),
      sold_out: flag("sold_out"),
      visible: flag("visible"),
      sort: p.sort as number,
      delivery_rule: p.delivery_rule as AdminProduct["delivery_rule"],
      delivery_fee: p.delivery_fee as number,
      delivery_per_qty: p.delivery_per_qty as number,
    };
  }

  /** The ids among `ids` that are categories of this shop. */
  async ownCategories(shopId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const { results } = await this.db
      .prepare("SELECT id FROM categories WHERE shop_id = ? AND id IN (SELECT value FROM json_each(?))")
      .bind(shopId, JSON.stringify(ids))
      .all<{ id: number }>();
    return new Set(results.map((r) => r.id));
  }

  /**
   * Creates the product (`p.id` absent) or rewrites the shop's own product `p.id`, with its options
   * and categories, in one batch. Null when nothing was written: not this shop's own goods, or the
   * shop is full.
   */
  async save(shopId: number, p: ProductBody & { description: string }): Promise<{ id: number; sid: string } | null> {
    const single = p.options.length === 1 && p.options[0]!.name === "";
    const [first, ...others] = p.category_ids;
    const fields = [
      p.title,
      p.price,
      p.list_price,
      p.summary || null,
      p.description || null,
      p.adult_only ? 1 : 0,
      p.members_only ? 1 : 0,
      p.auth_only ? 1 : 0,
      p.sold_out ? 1 : 0,
      p.visible ? 1 : 0,
      p.sort,
      first ?? null,
      p.delivery_rule,
      p.delivery_fee,
      p.delivery_per_qty,
    ];
    const category = "(SELECT id FROM categories WHERE id = ?14 AND shop_id = ?1)";
    const statements: D1PreparedStatement[] = [];
    let sid: string;
    // ?2 names the product: its id when editing, a subquery on its fresh sid when creating.
    let target: string;
    if (p.id) {
      const row = await this.db
        .prepare("SELECT sid FROM products WHERE id = ? AND shop_id = ? AND ptype = 'normal'")
        .bind(p.id, shopId)
        .first<{ sid: string }>();
      if (!row) return null;
      sid = row.sid;
      target = `(SELECT id FROM products WHERE id = ${p.id} AND shop_id = ?1 AND ptype = 'normal')`;
      statements.push(
        this.db
          .prepare(
            `UPDATE products SET title = ?3, price = ?4, list_price = ?5, summary = ?6, description = ?7,
               adult_only = ?8, members_only = ?9, auth_only = ?10, sold_out = ?11, visible = ?12, sort = ?13,
               category_id = ${category}, delivery_rule = ?15, delivery_fee = ?16, delivery_per_qty = ?17
             WHERE id = ?2 AND shop_id = ?1 AND ptype = 'normal'`,
          )
          .bind(shopId, p.id, ...fields),
      );
    } else {
      sid = newSid();
      target = `(SELECT id FROM products WHERE sid = '${sid}' AND shop_id = ?1)`;
      statements.push(
        this.db
          .prepare(
            `INSERT INTO products (sid, shop_id, ptype, title, price, list_price, summary, description,
               adult_only, members_only, auth_only, sold_out, visible, sort, category_id, delivery_rule, delivery_fee,
               delivery_per_qty)
             SELECT ?2, ?1, 'normal', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ${category}, ?15, ?16, ?17
             WHERE (SELECT COUNT(*) FROM products WHERE shop_id = ?1) < ${MAX_SHOP_PRODUCTS}`,
          )
          .bind(shopId, sid, ...fields),
      );
    }
    // A stock the owner changed is written only over the stock the form was loaded with: if an
    // order or /admin/stock moved it since, the whole batch is refused (the caller re-shows the form).
    const changedStock = p.options.flatMap((o) =>
      o.id && o.loaded_stock !== undefined && o.stock !== o.loaded_stock ? [{ id: o.id, loaded: o.loaded_stock }] : [],
    );
    if (changedStock.length > 0) {
      statements.push(
        this.db
          .prepare(
            `INSERT INTO batch_guard (reason)
             SELECT 'state' FROM product_options o JOIN json_each(?2) j ON o.id = j.value ->> 'id'
             WHERE o.product_id = ${target} AND o.stock <> j.value ->> 'loaded' LIMIT 1`,
          )
          .bind(shopId, JSON.stringify(changedStock)),
      );
    }
    const kept = p.options.flatMap((o) => (o.id ? [o.id] : []));
    // Options taken off the form go first (never one that was ordered: the handler refused those),
    // then the kept ones are rewritten and the new ones added, in the form's order.
    statements.push(
      this.db
        .prepare(
          `DELETE FROM product_options WHERE product_id = ${target}
             AND id NOT IN (SELECT value FROM json_each(?2))
             AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.option_id = product_options.id)`,
        )
        .bind(shopId, JSON.stringify(kept)),
    );
    p.options.forEach((o, sort) => {
      const values = [o.name, o.extra_price, o.stock, single ? 1 : 0, sort];
      // A stock field left as loaded is not the owner's word on the stock: the row keeps its own.
      const writeStock = o.loaded_stock === undefined || o.stock !== o.loaded_stock ? 1 : 0;
      statements.push(
        o.id
          ? this.db
              .prepare(
                `UPDATE product_options SET name = ?3, extra_price = ?4, stock = CASE WHEN ?8 = 1 THEN ?5 ELSE stock END,
                   default_option = ?6, sort = ?7
                 WHERE id = ?2 AND product_id = ${target}`,
              )
              .bind(shopId, o.id, ...values, writeStock)
          : this.db
              .prepare(
                `INSERT INTO product_options (product_id, name, extra_price, stock, default_option, sort)
                 SELECT ${target}, ?2, ?3, ?4, ?5, ?6 WHERE ${target} IS NOT NULL`,
              )
              .bind(shopId, ...values),
      );
    });
    statements.push(
      this.db.prepare(`DELETE FROM product_categories WHERE product_id = ${target}`).bind(shopId),
      this.db
        .prepare(
          `INSERT OR IGNORE INTO product_categories (product_id, category_id)
           SELECT ${target}, c.id FROM categories c
           WHERE c.shop_id = ?1 AND c.id IN (SELECT value FROM json_each(?2)) AND ${target} IS NOT NULL`,
        )
        .bind(shopId, JSON.stringify(others)),
      this.db.prepare(`SELECT ${target} AS id`).bind(shopId),
    );
    const results = await this.db.batch(statements);
    const id = (results.at(-1)!.results[0] as { id: number | null } | undefined)?.id ?? null;
    return id === null ? null : { id, sid };
  }

  /** Hides or shows a row of this shop (its own goods or a pick). False when it is not one. */
  async setVisible(shopId: number, id: number, visible: boolean): Promise<boolean> {
    const res = await this.db
      .prepare("UPDATE products SET visible = ?3 WHERE id = ?2 AND shop_id = ?1")
      .bind(shopId, id, visible ? 1 : 0)
      .run();
    return (res.meta.changes ?? 0) > 0;
  }

  /**
   * Removes a row of this shop, or hides it when it was ever ordered (past orders keep their lines
   * and their product). One batch: whichever statement's condition holds is the one that acts; the
   * pictures it had are read in the same batch, so a removal answers with the photos (`unused`)
   * no product of the shop shows any more, for storage to drop.
   */
  async remove(shopId: number, id: number): Promise<{ done: "removed" | "kept"; unused: string[] } | null> {
    const [pictures, hidden, removed] = await this.db.batch([
      this.db
        .prepare(
          `SELECT image FROM products WHERE id = ?2 AND shop_id = ?1 AND ptype = 'normal' AND image IS NOT NULL
           UNION SELECT image FROM product_images WHERE product_id IN (${OWN})`,
        )
        .bind(shopId, id),
      this.db
        .prepare(`UPDATE products SET visible = 0 WHERE id = ?2 AND shop_id = ?1 AND ${ORDERED_PRODUCT}`)
        .bind(shopId, id),
      this.db
        .prepare(
          `DELETE FROM products WHERE id = ?2 AND shop_id = ?1 AND NOT ${ORDERED_PRODUCT}
             AND NOT EXISTS (SELECT 1 FROM order_lines l JOIN products k ON k.id = l.product_id
               WHERE k.origin_product_id = ?2)`,
        )
        .bind(shopId, id),
    ]);
    if ((removed!.meta.changes ?? 0) > 0) {
      const images = (pictures!.results as { image: string }[]).map((r) => r.image);
      const unused =
        images.length > 0 ? await unusedPhotosStatement(this.db, shopId, images).all<{ image: string }>() : null;
      return { done: "removed", unused: unused?.results.map((r) => r.image) ?? [] };
    }
    if ((hidden!.meta.changes ?? 0) > 0) return { done: "kept", unused: [] };
    // Ordered and already hidden: nothing changed, yet the answer is the same.
    const still = await this.kind(shopId, id);
    return still ? { done: "kept", unused: [] } : null;
  }

  /**
   * Copies the shop's own product `id` as a hidden new one titled `title`: its words, price, flags, delivery rule,
   * categories, options (with their stock) and a restaurant's add-ons. Not its photos: their files
   * sit under the original's prefix, and removing one from either would take it from both.
   */
  async copy(shopId: number, id: number, title: string): Promise<number | null> {
    const sid = newSid();
    const copy = `(SELECT id FROM products WHERE sid = ?3 AND shop_id = ?1)`;
    const results = await this.db.batch([
      this.db
        .prepare(
          `INSERT INTO products (sid, shop_id, ptype, category_id, title, price, list_price, summary, description,
             adult_only, auth_only, members_only, sold_out, visible, sort, option_label, delivery_rule, delivery_fee,
             delivery_per_qty)
           SELECT ?3, shop_id, 'normal', category_id, ?4, price, list_price, summary, description,
             adult_only, auth_only, members_only, sold_out, 0, sort, option_label, delivery_rule, delivery_fee,
             delivery_per_qty
           FROM products WHERE id = ?2 AND shop_id = ?1 AND ptype = 'normal'
             AND (SELECT COUNT(*) FROM products WHERE shop_id = ?1) < ${MAX_SHOP_PRODUCTS}`,
        )
        .bind(shopId, id, sid, title),
      this.db
        .prepare(
          `INSERT INTO product_options (product_id, name, extra_price, stock, default_option, sort)
           SELECT ${copy}, name, extra_price, stock, default_option, sort FROM product_options
           WHERE product_id IN (${OWN}) AND ${copy} IS NOT NULL`,
        )
        .bind(shopId, id, sid),
      this.db
        .prepare(
          `INSERT INTO product_categories (product_id, category_id)
           SELECT ${copy}, category_id FROM product_categories WHERE product_id IN (${OWN}) AND ${copy} IS NOT NULL`,
        )
        .bind(shopId, id, sid),
      this.db
        .prepare(
          `INSERT INTO menu_extras (product_id, name, price, sold_out, sort)
           SELECT ${copy}, name, price, sold_out, sort FROM menu_extras WHERE product_id IN (${OWN}) AND ${copy} IS NOT NULL`,
        )
        .bind(shopId, id, sid),
      this.db.prepare(`SELECT ${copy} AS id`).bind(shopId, id, sid),
    ]);
    return (results.at(-1)!.results[0] as { id: number | null } | undefined)?.id ?? null;
  }

  /** The shop's categories, parents before their children, each with how many products it holds. */
  async categories(shopId: number): Promise<AdminCategory[]> {
    const { results } = await this.db
      .prepare(
        `SELECT c.id, c.parent_id, c.name, c.sort, c.visible,
           (SELECT COUNT(*) FROM products p WHERE p.shop_id = c.shop_id AND (p.category_id = c.id
              OR p.id IN (SELECT product_id FROM product_categories WHERE category_id = c.id))) AS products
         FROM categories c WHERE c.shop_id = ? ORDER BY c.sort, c.id`,
      )
      .bind(shopId)
      .all<Omit<AdminCategory, "visible"> & { visible: number }>();
    const all = results.map((c) => ({ ...c, visible: c.visible === 1 }));
    const roots = all.filter((c) => c.parent_id === null || !all.some((p) => p.id === c.parent_id));
    return roots.flatMap((r) => [r, ...all.filter((c) => c.parent_id === r.id)]);
  }

  /**
   * Creates a category or renames / re-parents this shop's category `c.id`. The parent must be a
   * top-level category of this shop other than itself, and a category with children stays on top
   * (one level of nesting). Null when the conditions refused it.
   */
  async saveCategory(shopId: number, c: CategoryBody): Promise<number | null> {
    const parentOk = `(?3 IS NULL OR EXISTS (SELECT 1 FROM categories WHERE id = ?3 AND shop_id = ?1
      AND parent_id IS NULL AND id IS NOT ?2))`;
    if (c.id) {
      const res = await this.db
        .prepare(
          `UPDATE categories SET name = ?4, parent_id = ?3 WHERE id = ?2 AND shop_id = ?1 AND ${parentOk}
             AND (?3 IS NULL OR NOT EXISTS (SELECT 1 FROM categories WHERE parent_id = ?2))`,
        )
        .bind(shopId, c.id, c.parent_id, c.name)
        .run();
      return (res.meta.changes ?? 0) > 0 ? c.id : null;
    }
    const row = await this.db
      .prepare(
        `INSERT INTO categories (shop_id, parent_id, name, sort)
         SELECT ?1, ?3, ?4, next FROM (SELECT COALESCE(MAX(sort), 0) + 1 AS next, COUNT(*) AS n
           FROM categories WHERE shop_id = ?1)
         WHERE n < ${MAX_SHOP_CATEGORIES} AND ${parentOk}
         RETURNING id`,
      )
      .bind(shopId, null, c.parent_id, c.name)
      .first<{ id: number }>();
    return row?.id ?? null;
  }

  async setCategoryVisible(shopId: number, id: number, visible: boolean): Promise<boolean> {
    const res = await this.db
      .prepare("UPDATE categories SET visible = ?3 WHERE id = ?2 AND shop_id = ?1")
      .bind(shopId, id, visible ? 1 : 0)
      .run();
    return (res.meta.changes ?? 0) > 0;
  }

  /**
   * Moves category `id` one place up or down among its siblings: their order written afresh, one
   * batch, each statement scoped by shop. False when it is not this shop's.
   */
  async moveCategory(shopId: number, id: number, by: -1 | 1): Promise<boolean> {
    const { results } = await this.db
      .prepare(
        `SELECT id FROM categories WHERE shop_id = ?1
           AND parent_id IS (SELECT parent_id FROM categories WHERE id = ?2 AND shop_id = ?1)
           AND EXISTS (SELECT 1 FROM categories WHERE id = ?2 AND shop_id = ?1)
         ORDER BY sort, id`,
      )
      .bind(shopId, id)
      .all<{ id: number }>();
    const order = results.map((r) => r.id);
    const at = order.indexOf(id);
    if (at < 0) return false;
    const to = at + by;
    if (to < 0 || to >= order.length) return true;
    [order[at], order[to]] = [order[to]!, order[at]!];
    await this.db.batch(
      order.map((cid, sort) =>
        this.db.prepare("UPDATE categories SET sort = ?3 WHERE id = ?2 AND shop_id = ?1").bind(shopId, cid, sort + 1),
      ),
    );
    return true;
  }
}
