/**
 * On-site search on D1's full-text index (issue 14, decision 067). The index (product_search,
 * trigram tokenizer, and product_pairs for words of one or two characters, decision 137) is
 * brought up to date from `search_dirty`, which triggers on the catalogue fill, before each
 * search: one small batch when something changed, one cheap read otherwise.
 */
import { indexEntry, isInitialsQuery, isShortTerm, looseQuery, pieceToken, shopToken } from "~/shared/search";
import { LIMITS, THROTTLE_WINDOW_SECONDS } from "../auth/throttle";
import type { Db } from "./session";

/** Products re-indexed per search at most; a bigger change is finished by the next searches. */
const REFRESH_BATCH = 500;

/** The categories product `p` sits in: its first (`category_id`) and the others (product_categories). */
const IN_CATEGORY = "SELECT p.category_id UNION SELECT category_id FROM product_categories WHERE product_id = p.id";

type DirtyRow = {
  product_id: number;
  shop_id: number | null;
  visible: number | null;
  /** The goods' (the origin's, for a pick) own flags: hidden, or their sale ended (판매종료). */
  goods_visible: number | null;
  sale_ended: number | null;
  title: string | null;
  summary: string | null;
  options: string | null;
  categories: string | null;
};

/**
 * A search's products in one shop: SQL selecting their ids (column `id`), and its arguments; for a
 * search of short words alone, also SQL testing one product (`has`, given the SQL of its id), which
 * the same arguments serve. One word of the pairs index is tested in 3-7 µs; a trigram index's
 * phrase took 35-60 µs in the big shop, dearer than the set of matches the test would spare.
 */
export type SearchMatch = { ids: string; has?: (id: string) => string; args: string[] };

export class SearchIndex {
  constructor(private readonly db: Db) {}

  /** Re-indexes what changed since the last search; answers how many products were done. */
  async refresh(): Promise<number> {
    const { results } = await this.db
      .prepare(
        `SELECT d.product_id, p.shop_id, p.visible, g.visible AS goods_visible, g.sold_out AS sale_ended, p.title, g.summary,
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
      // Hidden goods and goods whose sale has ended (판매종료) are left out (decision 129): a search
      // answers with what can be bought; migration 0041 marks them again when either flag changes.
      .filter((r) => r.shop_id !== null && r.visible === 1 && r.goods_visible === 1 && r.sale_ended !== 1)
      .map((r) => ({
        id: r.product_id,
        ...indexEntry(r.shop_id!, r.title ?? "", [r.options ?? "", r.categories ?? "", r.summary ?? ""]),
      }));
    const ids = JSON.stringify(results.map((r) => r.product_id));
    const entries = JSON.stringify(rows);
    await this.db.batch([
      this.db.prepare("DELETE FROM product_search WHERE rowid IN (SELECT value FROM json_each(?1))").bind(ids),
      this.db.prepare("DELETE FROM product_pairs WHERE rowid IN (SELECT value FROM json_each(?1))").bind(ids),
      this.db
        .prepare(
          `INSERT INTO product_search (rowid, shop, body, initials)
           SELECT value ->> 'id', value ->> 'shop', value ->> 'body', value ->> 'initials' FROM json_each(?1)`,
        )
        .bind(entries),
      this.db
        .prepare(`INSERT INTO product_pairs (rowid, words) SELECT value ->> 'id', value ->> 'words' FROM json_each(?1)`)
        .bind(entries),
      this.db.prepare("DELETE FROM search_dirty WHERE product_id IN (SELECT value FROM json_each(?1))").bind(ids),
    ]);
    return results.length;
  }

  /**
   * The products of shop `shopId` that have every one of `terms`, as SQL selecting their ids
   * (column `id`) and its arguments (from `?{first}`): a word of three characters or more through
   * the trigram index, a shorter one through the pairs index (decision 137: the trigram index
   * cannot look it up, and a LIKE read every entry of the shop, 155 ms in the big shop for 토너); a
   * word of initial consonants in the initials. The shop's token is part of every match: the
   * index then reads only this shop's entries, where a shop id beside the match read every shop's
   * matching rows (issue 39: 4,086 of 5,677 for 수분크림, 30 ms). In the pairs index it is part of
   * each word (decision 140).
   */
  static condition(shopId: number, terms: string[], first: number): SearchMatch {
    const long: string[] = [];
    const short: string[] = [];
    for (const term of terms) {
      const initials = isInitialsQuery(term);
      if (!isShortTerm(term)) long.push(`${initials ? "initials" : "body"} : "${term}"`);
      else short.push(`"${pieceToken(shopId, term, initials)}"`);
    }
    const args: string[] = [];
    const select = (table: string, match: string) => {
      args.push(match);
      return `SELECT rowid AS id FROM ${table} WHERE ${table} MATCH ?${first + args.length - 1}`;
    };
    if (long.length === 0 && short.length > 0) {
      // Short words alone: one product can also be tested, against the same argument.
      const ids = select("product_pairs", short.join(" AND "));
      return { ids, has: (id) => `EXISTS (${ids} AND rowid = ${id})`, args };
    }
    const sets = [select("product_search", [`shop : "${shopToken(shopId)}"`, ...long].join(" AND "))];
    if (short.length > 0) sets.push(select("product_pairs", short.join(" AND ")));
    return { ids: sets.join(" INTERSECT "), args };
  }

  /**
   * The loose form of `condition` (decision 129), asked only when the words as typed found
   * nothing: each word may also be found split in two or with one syllable mistyped
   * (app/shared/search.ts looseForms), every one of these as a LIKE on the shop's own entries of
   * the index (the match is the shop's token alone; the trigram index cannot look up a
   * two-character piece or a pattern with a gap). It reads every entry of the shop once, so it is
   * the fallback, never the first query. Null when no word has another form.
   */
  static looseCondition(shopId: number, terms: string[], first: number): SearchMatch | null {
    const query = looseQuery(terms);
    if (query.every((forms) => forms.length === 1)) return null;
    const args: string[] = [];
    const arg = (value: string) => {
      args.push(value);
      return `?${first + args.length - 1}`;
    };
    const match = [`shop : "${shopToken(shopId)}"`];
    const parts = query.flatMap((forms, i) => {
      const term = terms[i]!;
      const column = isInitialsQuery(term) ? "initials" : "body";
      // A word with no other form is asked as `condition` asks it (a long one cannot be a LIKE).
      if (forms.length === 1 && [...term].length >= 3) {
        match.push(`${column} : "${term}"`);
        return [];
      }
      const alternatives = forms.map(
        (pieces) => `(${pieces.map((piece) => `s.${column} LIKE '%' || ${arg(piece)} || '%'`).join(" AND ")})`,
      );
      return [`(${alternatives.join(" OR ")})`];
    });
    parts.push(`s.product_search MATCH ${arg(match.join(" AND "))}`);
    return { ids: `SELECT s.rowid AS id FROM product_search s WHERE ${parts.join(" AND ")}`, args };
  }
}

/** Days the popular searches are summed over, and days a shop's counts are kept at all. */
export const POPULAR_DAYS = 7;
const KEEP_DAYS = 30;
/** A query is popular once searched this often over POPULAR_DAYS: one person's once is not. */
export const POPULAR_MIN = 2;
/** Distinct queries counted per shop and day: the table stays small whatever is typed. */
const QUERIES_PER_DAY = 1000;

/** Korea's calendar day (YYYY-MM-DD) of a time in ms, `back` days earlier. */
const kstDay = (ms: number, back = 0) => new Date(ms + 9 * 3600_000 - back * 86_400_000).toISOString().slice(0, 10);

/**
 * The shop's popular searches (decision 129, migration 0041): a count per shop, day and
 * normalised query, nothing about who searched.
 */
export class SearchCounts {
  constructor(private readonly db: Db) {}

  /**
   * Counts one search of `query` in the shop, unless `client` (an address key, functions/auth/
   * throttle.ts clientKey) has been counted LIMITS.search_client times in the window: one batch
   * records the client's attempt, counts only under the limit and drops the shop's days past
   * KEEP_DAYS.
   */
  async count(shopId: number, query: string, client: string, nowMs: number): Promise<void> {
    const now = Math.floor(nowMs / 1000);
    const since = now - THROTTLE_WINDOW_SECONDS;
    const day = kstDay(nowMs);
    await this.db.batch([
      this.db.prepare("DELETE FROM auth_attempts WHERE created_at <= ?").bind(since),
      this.db
        .prepare("INSERT INTO auth_attempts (kind, key, created_at) VALUES ('search_client', ?, ?)")
        .bind(client, now),
      this.db
        .prepare(
          `INSERT INTO search_counts (shop_id, day, query, n)
           SELECT ?1, ?2, ?3, 1
           WHERE (SELECT COUNT(*) FROM auth_attempts WHERE kind = 'search_client' AND key = ?4 AND created_at > ?5) <= ?6
             AND (EXISTS (SELECT 1 FROM search_counts WHERE shop_id = ?1 AND day = ?2 AND query = ?3)
               OR (SELECT COUNT(*) FROM search_counts WHERE shop_id = ?1 AND day = ?2) < ?7)
           ON CONFLICT (shop_id, day, query) DO UPDATE SET n = n + 1`,
        )
        .bind(shopId, day, query, client, since, LIMITS.search_client, QUERIES_PER_DAY),
      this.db.prepare("DELETE FROM search_counts WHERE shop_id = ? AND day < ?").bind(shopId, kstDay(nowMs, KEEP_DAYS)),
    ]);
  }

  /** The shop's most searched queries over the last POPULAR_DAYS days, most first. */
  async popular(shopId: number, nowMs: number, limit = 10): Promise<string[]> {
    const { results } = await this.db
      .prepare(
        `SELECT query FROM search_counts WHERE shop_id = ?1 AND day > ?2
         GROUP BY query HAVING SUM(n) >= ?3 ORDER BY SUM(n) DESC, query LIMIT ?4`,
      )
      .bind(shopId, kstDay(nowMs, POPULAR_DAYS), POPULAR_MIN, limit)
      .all<{ query: string }>();
    return results.map((r) => r.query);
  }
}
