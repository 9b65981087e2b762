/**
 * On-site search on D1's full-text index (issue 14, decision 067). The index (product_search,
 * trigram tokenizer) is brought up to date from `search_dirty`, which triggers on the catalogue
 * fill, before each search: one small batch when something changed, one cheap read otherwise.
 */
import { indexBody, initialsOf, isInitialsQuery } from "~/shared/search";
import type { Db } from "./session";

/**
 * A shop's token in the index's `shop` column (migration 0040): a search asks for it inside the
 * index's own match, so only this shop's matches are read. Kept apart from the shop id's digits by
 * `#` on both sides, so shop 1's `#1#` is never part of shop 10's `#10#`.
 */
export const shopToken = (shopId: number) => `#${shopId}#`;

/** Products re-indexed per search at most; a bigger change is finished by the next searches. */
const REFRESH_BATCH = 500;

/** The categories product `p` sits in: its first (`category_id`) and the others (product_categories). */
const IN_CATEGORY = "SELECT p.category_id UNION SELECT category_id FROM product_categories WHERE product_id = p.id";

type DirtyRow = {
  product_id: number;
  shop_id: number | null;
  visible: number | null;
  title: string | null;
  summary: string | null;
  options: string | null;
  categories: string | null;
};

export class SearchIndex {
  constructor(private readonly db: Db) {}

  /** Re-indexes what changed since the last search; answers how many products were done. */
  async refresh(): Promise<number> {
    const { results } = await this.db
      .prepare(
        `SELECT d.product_id, p.shop_id, p.visible, p.title, g.summary,
           (SELECT group_concat(name, ' ') FROM product_options WHERE product_id = g.id AND default_option = 0) AS options,
           (SELECT group_concat(name, ' ') FROM categories WHERE shop_id = p.shop_id AND id IN (
              SELECT id FROM categories WHERE id IN (${IN_CATEGORY})
              UNION SELECT parent_id FROM categories WHERE id IN (${IN_CATEGORY}))) AS categories
         FROM search_dirty d
         LEFT JOIN products p ON p.id = d.product_id
         LEFT JOIN products g ON g.id = COALESCE(p.origin_product_id, p.id)
         LIMIT ?1`,
      )
      .bind(REFRESH_BATCH)
      .all<DirtyRow>();
    if (results.length === 0) return 0;
    const rows = results
      .filter((r) => r.shop_id !== null && r.visible === 1)
      .map((r) => ({
        id: r.product_id,
        shop: shopToken(r.shop_id!),
        body: indexBody([r.title ?? "", r.options ?? "", r.categories ?? "", r.summary ?? ""]),
        initials: initialsOf(r.title ?? ""),
      }));
    const ids = JSON.stringify(results.map((r) => r.product_id));
    await this.db.batch([
      this.db.prepare("DELETE FROM product_search WHERE rowid IN (SELECT value FROM json_each(?1))").bind(ids),
      this.db
        .prepare(
          `INSERT INTO product_search (rowid, shop, body, initials)
           SELECT value ->> 'id', value ->> 'shop', value ->> 'body', value ->> 'initials' FROM json_each(?1)`,
        )
        .bind(JSON.stringify(rows)),
      this.db.prepare("DELETE FROM search_dirty WHERE product_id IN (SELECT value FROM json_each(?1))").bind(ids),
    ]);
    return results.length;
  }

  /**
   * The SQL condition (on `s`, a product_search row) and its arguments for `terms` in shop
   * `shopId`, every one of which must be found: a word of three characters or more through the
   * index (MATCH), shorter ones as a substring; a word of initial consonants in the initials.
   * The shop's token is always part of the match: the trigram index then reads only this shop's
   * entries, where a shop id beside the match read every shop's matching rows (issue 39: 4,086 of
   * 5,677 for 수분크림, 30 ms). Arguments from `?{first}`.
   */
  static condition(shopId: number, terms: string[], first: number): { sql: string; args: string[] } {
    const match: string[] = [`shop : "${shopToken(shopId)}"`];
    const parts: string[] = [];
    const args: string[] = [];
    for (const term of terms) {
      const column = isInitialsQuery(term) ? "initials" : "body";
      if ([...term].length >= 3) match.push(`${column} : "${term}"`);
      else {
        args.push(term);
        parts.push(`s.${column} LIKE '%' || ?${first + args.length - 1} || '%'`);
      }
    }
    args.push(match.join(" AND "));
    parts.push(`s.product_search MATCH ?${first + args.length - 1}`);
    return { sql: parts.join(" AND "), args };
  }
}
