import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CatalogueStore } from "../../../functions/db/catalogue";
import { LIST_SORTS } from "~/shared/sorts";

/**
 * Issue 39: the lists in order of price or likes walk the shop's own goods on an index and sort a
 * shop's picks beside them (functions/db/catalogue.ts `paged`). Whatever the plan, every page must
 * be the slice of one look at every product in the order the shop's lists have always had.
 */
const ORDER = {
  recommended: "p.sort, p.id",
  new: "p.created_at DESC, p.id DESC",
  price_asc: "g.price, p.sort, p.id",
  price_desc: "g.price DESC, p.sort, p.id",
  popular: "g.like_count DESC, p.sort, p.id",
} as const;

async function everyProduct(shop: number, category: number, sort: keyof typeof ORDER): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT p.sid FROM products p JOIN products g ON g.id = COALESCE(p.origin_product_id, p.id)
     WHERE p.shop_id = ?1 AND p.visible = 1 AND (?2 = 0
       OR p.category_id IN (SELECT id FROM categories WHERE shop_id = ?1 AND (id = ?2 OR parent_id = ?2))
       OR p.id IN (SELECT pc.product_id FROM product_categories pc JOIN categories c ON c.id = pc.category_id
                   WHERE c.shop_id = ?1 AND (c.id = ?2 OR c.parent_id = ?2)))
     ORDER BY ${ORDER[sort]}`,
  )
    .bind(shop, category)
    .all<{ sid: string }>();
  return results.map((r) => r.sid);
}

describe("a list's pages in every order (issue 39)", () => {
  it("are the slices of one look at every product, for a shop of its own goods and one with picks too", async () => {
    // picks (shop 2) sells beauty's goods as picks; a few goods of its own, priced and liked
    // between them and tied with them, make both parts of every page.
    const { results: picked } = await env.DB.prepare(
      "SELECT g.price, g.like_count FROM products p JOIN products g ON g.id = p.origin_product_id WHERE p.shop_id = 2 LIMIT 4",
    ).all<{ price: number; like_count: number }>();
    expect(picked.length).toBeGreaterThan(0);
    for (const [i, { price, like_count }] of picked.entries()) {
      await env.DB.prepare(
        "INSERT INTO products (sid, shop_id, title, price, like_count, sort, created_at) VALUES (?, 2, ?, ?, ?, ?, ?)",
      )
        .bind(`own${i}`, `자체 상품 ${i}`, price + (i % 2), like_count + (i % 2), i, 1700000000000 + i)
        .run();
    }
    const store = new CatalogueStore(env.DB);
    for (const shop of [1, 2]) {
      const { results: categories } = await env.DB.prepare(
        "SELECT id FROM categories WHERE shop_id = ? AND parent_id IS NULL ORDER BY sort, id LIMIT 1",
      )
        .bind(shop)
        .all<{ id: number }>();
      for (const category of [0, ...categories.map((c) => c.id)])
        for (const sort of LIST_SORTS) {
          const all = await everyProduct(shop, category, sort);
          const seen: string[] = [];
          for (let page = 1; page <= Math.ceil(all.length / 5) + 1; page++) {
            const found = await store.list(shop, category, page, 5, sort);
            expect(found.total, `${shop} ${category} ${sort}`).toBe(all.length);
            seen.push(...found.items.map((p) => p.sid));
          }
          expect(seen, `${shop} ${category} ${sort}`).toEqual(all);
        }
    }
  });
});
