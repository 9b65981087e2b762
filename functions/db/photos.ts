import type { ProductPhotos } from "~/shared/contracts/admin";
import type { PhotoChangeBody } from "~/shared/forms/admin";
import type { Db } from "./session";

/**
 * A product's pictures as its owner sees them: `products.image` is the main one (cards, sharing
 * image), `product_images` the rest of the gallery in `sort` order. Only the shop's own goods: a
 * pick's pictures are its origin's.
 */
const OWN = "SELECT id FROM products WHERE id = ?2 AND shop_id = ?1 AND ptype = 'normal'";

/** The statements whose results make up `ProductPhotos`, bound to (shop, product). */
function readStatements(db: Db, shopId: number, productId: number): D1PreparedStatement[] {
  return [
    db.prepare(`SELECT id, sid, title, image FROM products WHERE id = ?2 AND shop_id = ?1 AND ptype = 'normal'`),
    db.prepare(`SELECT image FROM product_images WHERE product_id IN (${OWN}) ORDER BY sort`),
  ].map((s) => s.bind(shopId, productId));
}

function toPhotos(product: D1Result, extras: D1Result): ProductPhotos | null {
  const row = product.results[0] as { id: number; sid: string; title: string; image: string | null } | undefined;
  if (!row) return null;
  const images = [row.image, ...(extras.results as { image: string }[]).map((r) => r.image)];
  // The main picture may also sit in the gallery (seeded data did): shown once.
  return { id: row.id, sid: row.sid, title: row.title, images: [...new Set(images.filter((i) => i !== null))] };
}

/** Where a shop's product photos are stored; nothing outside it is ever offered for deletion. */
const photoPrefix = (shopId: number) => `uploads/${shopId}/p/`;

/**
 * Of `keys`, the shop's uploaded photos no product of the shop shows any more (main picture,
 * gallery, or a description's picture): what storage may drop after the write that let them go.
 */
export function unusedPhotosStatement(db: Db, shopId: number, keys: string[]): D1PreparedStatement {
  return db
    .prepare(
      `SELECT DISTINCT k.value AS image FROM json_each(?2) k
       WHERE substr(k.value, 1, length(?3)) = ?3
         AND NOT EXISTS (SELECT 1 FROM products p WHERE p.shop_id = ?1
           AND (p.image = k.value OR instr(COALESCE(p.description, ''), k.value) > 0))
         AND NOT EXISTS (SELECT 1 FROM product_images i JOIN products p ON p.id = i.product_id
           WHERE p.shop_id = ?1 AND i.image = k.value)`,
    )
    .bind(shopId, JSON.stringify(keys), photoPrefix(shopId));
}

export class PhotoStore {
  constructor(private readonly db: Db) {}

  /** See `unusedPhotosStatement`. */
  async unused(shopId: number, keys: string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const { results } = await unusedPhotosStatement(this.db, shopId, keys).all<{ image: string }>();
    return results.map((r) => r.image);
  }

  /** The product's pictures, or null when it is not one of this shop's own goods. */
  async photos(shopId: number, productId: number): Promise<ProductPhotos | null> {
    const [product, extras] = await this.db.batch(readStatements(this.db, shopId, productId));
    return toPhotos(product!, extras!);
  }

  /**
   * One change and the pictures after it, in one atomic batch. Each write carries its own
   * conditions (the product is this shop's, the picture is or is not there, room is left), so a
   * change that no longer applies (a second tab, a double post) changes nothing: `changed` says
   * whether it did.
   */
  async change(
    shopId: number,
    c: PhotoChangeBody,
    maxPhotos: number,
  ): Promise<{ changed: boolean; photos: ProductPhotos | null }> {
    const values = [shopId, c.product_id, c.image, maxPhotos];
    // D1 wants exactly the parameters a statement has: ?1 to the highest it names.
    const bind = (sql: string) => {
      const highest = Math.max(...Array.from(sql.matchAll(/\?(\d)/g), (m) => Number(m[1])));
      return this.db.prepare(sql).bind(...values.slice(0, highest));
    };
    const writes =
      c.intent === "add"
        ? [
            // The first picture becomes the main one; later ones join the gallery, while room is left.
            bind(`UPDATE products SET image = ?3 WHERE id IN (${OWN}) AND image IS NULL`),
            bind(
              `INSERT INTO product_images (product_id, image, sort)
               SELECT p.id, ?3, COALESCE((SELECT MAX(sort) FROM product_images WHERE product_id = p.id), 0) + 1
               FROM products p WHERE p.id IN (${OWN}) AND p.image IS NOT ?3
                 AND NOT EXISTS (SELECT 1 FROM product_images WHERE product_id = p.id AND image = ?3)
                 AND 1 + (SELECT COUNT(*) FROM product_images WHERE product_id = p.id AND image IS NOT p.image) < ?4`,
            ),
          ]
        : c.intent === "remove"
          ? [
              // The main picture removed: the gallery's first takes its place (and leaves the gallery).
              bind(
                `UPDATE products SET image = (SELECT image FROM product_images WHERE product_id = products.id
                   AND image IS NOT ?3 ORDER BY sort LIMIT 1)
                 WHERE id IN (${OWN}) AND image = ?3`,
              ),
              bind(
                `DELETE FROM product_images WHERE product_id IN (${OWN})
                   AND (image = ?3 OR image = (SELECT image FROM products WHERE id = ?2))`,
              ),
            ]
          : [
              // A gallery picture made the main one: the two change places.
              bind(
                `UPDATE product_images SET image = (SELECT image FROM products WHERE id = ?2)
                 WHERE product_id IN (${OWN}) AND image = ?3
                   AND (SELECT image FROM products WHERE id = ?2) IS NOT NULL`,
              ),
              bind(
                `UPDATE products SET image = ?3 WHERE id IN (${OWN}) AND image IS NOT ?3
                   AND image IN (SELECT image FROM product_images WHERE product_id = ?2)
                   AND NOT EXISTS (SELECT 1 FROM product_images WHERE product_id = ?2 AND image = ?3)`,
              ),
            ];
    const results = await this.db.batch([...writes, ...readStatements(this.db, shopId, c.product_id)]);
    const changed = results.slice(0, writes.length).some((r) => (r.meta.changes ?? 0) > 0);
    return { changed, photos: toPhotos(results.at(-2)!, results.at(-1)!) };
  }
}
