import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CartStore } from "../../../functions/db/cart";
import { CatalogueStore, ReadAhead } from "../../../functions/db/catalogue";
import { DailyStore } from "../../../functions/db/daily";
import { FavouriteStore, RecentStore } from "../../../functions/db/favourites";
import { AccountSummaryStore } from "../../../functions/db/account-summary";
import { OrderStore } from "../../../functions/db/orders";
import { SearchIndex } from "../../../functions/db/search";
import type { Db } from "../../../functions/db/session";
import { searchTerms } from "~/shared/search";
import { LIST_SORTS } from "~/shared/sorts";
import { sqlKeptAmount } from "~/shared/money";

/**
 * Issue 39: the page queries of a shop that grows (50,000 products, a million orders) must never
 * read a whole large table. Each store method runs once against the seeded database through a Db
 * that records its statements and their arguments; each is then asked for its plan. SQLite names
 * a table by its alias in the plan (`SCAN p`), so the aliases are read from the SQL. Plans are
 * those of a database without ANALYZE statistics, as D1 keeps them and `npm run seed:scale` too.
 */
const LARGE = ["products", "orders", "order_lines", "members", "favourites", "recent_views"];

/** The large tables whose rows belong to an owner (`m:{uid}` or `d:{device}`). */
const OWNED = ["orders", "favourites", "recent_views"];

type Recorded = { sql: string; args: unknown[] };

function recordingDb(log: Recorded[]): Db {
  return {
    prepare(sql: string) {
      const statement = env.DB.prepare(sql);
      const entry: Recorded = { sql, args: [] };
      log.push(entry);
      const wrap = (s: D1PreparedStatement): D1PreparedStatement =>
        new Proxy(s, {
          get(target, key) {
            if (key === "bind")
              return (...args: unknown[]) => {
                entry.args = args;
                return wrap(target.bind(...args));
              };
            const value = Reflect.get(target, key) as unknown;
            return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
          },
        });
      return wrap(statement);
    },
    batch: (statements) => env.DB.batch(statements),
  };
}

/** Alias (or name) → table, for the large tables a statement reads. */
function aliases(sql: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of sql.matchAll(/\b(?:FROM|JOIN)\s+(\w+)(?:\s+(?:AS\s+)?(\w+))?/gi)) {
    const table = m[1]!.toLowerCase();
    if (!LARGE.includes(table)) continue;
    map.set(table, table);
    const alias = m[2];
    if (alias && !/^(WHERE|JOIN|ON|LEFT|INNER|ORDER|GROUP|LIMIT|USING|UNION|AND|OR)$/i.test(alias))
      map.set(alias, table);
  }
  return map;
}

/**
 * The plan's lines that read a whole large table (with or without walking an index of it), and
 * for a statement that pages (LIMIT), sorting the rows it found, which means reading them all
 * first. A sort inside a correlated subquery (an order's first line) sorts that order's few rows.
 */
async function fullScans({ sql, args }: Recorded, narrow = false): Promise<string[]> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...args)
    .all<{ id: number; parent: number; detail: string }>();
  const names = aliases(sql);
  const byId = new Map(results.map((r) => [r.id, r]));
  const inCorrelated = (row: { parent: number }): boolean => {
    for (let up = byId.get(row.parent); up; up = byId.get(up.parent))
      if (up.detail.startsWith("CORRELATED")) return true;
    return false;
  };
  // A sort at the top pages when the statement's own level (outside any parentheses) has LIMIT;
  // a sort in a subquery that is no correlated one is always one of many rows (a pager's ids).
  let outer = sql;
  while (/\([^()]*\)/.test(outer)) outer = outer.replace(/\([^()]*\)/g, "");
  const pages = (row: { parent: number }) =>
    row.parent === 0
      ? /\bLIMIT\b/i.test(outer)
      : !inCorrelated(row) && !byId.get(row.parent)!.detail.startsWith("CORRELATED");
  return results
    .filter((row) => {
      const m = /^SCAN (\w+)/.exec(row.detail);
      if (m !== null && names.has(m[1]!)) return true;
      // One owner's rows (a member's or a device's) found by the shop alone: all the shop's rows.
      // (One row by its id is no such read.)
      const search = /^SEARCH (\w+) .*\((.*)\)$/.exec(row.detail);
      if (search && OWNED.includes(names.get(search[1]!) ?? "") && ownerOf(sql, search[1]!)) {
        if (!search[2]!.includes("owner=") && search[2] !== "rowid=?") return true;
      }
      // With `narrow`: a large table found by its shop alone (and the flags every row of a list
      // has), which is all of the big shop's 50,000 products or 400,000 orders, unless the statement
      // walks it in order and stops (LIMIT, EXISTS): a page query has a narrower index to use.
      if (narrow && search && LARGE.includes(names.get(search[1]!) ?? "") && BY_SHOP_ALONE.test(search[2]!))
        return !/\b(LIMIT|EXISTS)\b/i.test(sql);
      // A search's few matches (the materialized `m`, or the index's own list where `m` is not
      // kept, decision 140; at most FEW_MATCHES by its plan's guard, decision 138) are sorted: what
      // is read is the matches, not the shop.
      const sortsMatches = results.some(
        (r) => r.parent === row.parent && /^SCAN (m|product_pairs VIRTUAL TABLE)\b/.test(r.detail),
      );
      return row.detail === "USE TEMP B-TREE FOR ORDER BY" && pages(row) && !sortsMatches;
    })
    .map((row) => row.detail);
}

/** An index's constraint that names no more than the shop and the flags every list's rows share. */
const BY_SHOP_ALONE = /^shop_id=\?( AND visible=\?)?( AND adult_only=\?)?$/;

/** Whether the statement asks for one owner's rows of table `alias` (`alias.owner = ?`, or unqualified). */
function ownerOf(sql: string, alias: string): boolean {
  return new RegExp(`(^|[\\s(])(${alias}\\.)?owner = \\?`).test(sql);
}

async function plansOf(run: (db: Db) => Promise<unknown>, { narrow = false } = {}): Promise<Record<string, string[]>> {
  const log: Recorded[] = [];
  await run(recordingDb(log));
  const out: Record<string, string[]> = {};
  for (const entry of log) {
    const scans = await fullScans(entry, narrow);
    if (scans.length > 0) out[entry.sql.replace(/\s+/g, " ")] = scans;
  }
  return out;
}

const BEAUTY = 1;
const member = "m:2001" as const;

describe("query plans of the page queries (issue 39)", () => {
  it("the category list, on page 1 and far on, everything and one category", async () => {
    for (const category of [0, 1])
      for (const page of [1, 500])
        expect(await plansOf((db) => new CatalogueStore(db).list(BEAUTY, category, page, 20))).toEqual({});
  });

  it("the list in every order: the shop's own goods walked in that order", async () => {
    const walks = {
      price_asc: "products_shop_price",
      price_desc: "products_shop_price",
      popular: "products_shop_popular",
    };
    for (const sort of LIST_SORTS)
      for (const category of [0, 1]) {
        const log: Recorded[] = [];
        const plans = await plansOf((db) => new CatalogueStore(db).list(BEAUTY, category, 500, 20, sort));
        await new CatalogueStore(recordingDb(log)).list(BEAUTY, category, 500, 20, sort);
        if (!(sort in walks)) {
          expect(plans, sort).toEqual({});
          continue;
        }
        // By the goods' price or likes (a pick's are its origin's): the shop's picks are sorted and
        // so are the page's rows from both parts (two sorts, of sets kept small); the shop's own
        // goods are walked in order on an index, never sorted.
        expect(Object.values(plans).flat(), sort).toEqual([
          "USE TEMP B-TREE FOR ORDER BY",
          "USE TEMP B-TREE FOR ORDER BY",
        ]);
        const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${log[0]!.sql}`)
          .bind(...log[0]!.args)
          .all<{ detail: string }>();
        const walk = results.find((r) => r.detail.includes(`USING INDEX ${walks[sort as keyof typeof walks]} `));
        expect(walk, sort).toBeDefined();
      }
  });

  it("search, Hangul and initial consonants", async () => {
    for (const q of ["수분크림", "ㅅㅂㅋㄹ"])
      expect(
        await plansOf((db) => new CatalogueStore(db).list(BEAUTY, 0, 1, 20, "recommended", searchTerms(q)), {
          narrow: true,
        }),
      ).toEqual({});
    // A short word is no trigram: it is found through the pairs index (decision 137).
    for (const q of ["크림 ㅅㅋ", "토너", "ㅌㄴ", "크", "선크림 ml"])
      expect(
        await plansOf((db) => new CatalogueStore(db).list(BEAUTY, 1, 1, 20, "new", searchTerms(q)), {
          narrow: true,
        }),
      ).toEqual({});
    expect(await plansOf((db) => new SearchIndex(db).refresh())).toEqual({});
  });

  it("search reads the index once, and no entry but its matches: no LIKE over a shop's entries, whatever the words' length", async () => {
    for (const q of ["토너", "ㅌㄴ", "크", "ㅋ", "선크림 ml", "0+"]) {
      const log: Recorded[] = [];
      const found = await new CatalogueStore(recordingDb(log)).list(BEAUTY, 0, 1, 20, "recommended", searchTerms(q));
      expect(found.total, q).toBeGreaterThan(0);
      // The page and its count from one reading of the index.
      expect(log, q).toHaveLength(1);
      expect(
        log.filter((entry) => /\bLIKE\b/i.test(entry.sql)).map((entry) => entry.sql),
        q,
      ).toEqual([]);
    }
  });

  it("search counts the same from the index alone as through the products it names", async () => {
    const store = new CatalogueStore(env.DB);
    await new SearchIndex(env.DB).refresh();
    for (const q of ["토너", "ㅅㅋ", "크림 ㅅㅋ"]) {
      const byIndex = await store.list(BEAUTY, 0, 1, 20, "recommended", searchTerms(q));
      // Something waiting to be indexed: counted through the products.
      await env.DB.prepare("INSERT INTO search_dirty (product_id) VALUES (999999999)").run();
      const byProducts = await store.list(BEAUTY, 0, 1, 20, "recommended", searchTerms(q));
      await env.DB.prepare("DELETE FROM search_dirty WHERE product_id = 999999999").run();
      expect(byIndex.total).toBeGreaterThan(0);
      expect(byIndex.total).toBe(byProducts.total);
      expect(byIndex.items.map((p) => p.id)).toEqual(byProducts.items.map((p) => p.id));
    }
  });

  it("the product page with what it reads ahead", async () => {
    const plans = await plansOf((db) => new CatalogueStore(db, new ReadAhead(30)).page(BEAUTY, "b0017", member));
    // The recommendations sort on purpose, sets they keep small: the shop's picks and the parts'
    // few rows (functions/db/catalogue.ts relatedStatement). The shop's own goods, of the
    // product's category and the others, are walked in order of likes (below); nothing else may
    // sort or scan.
    const recommendations = Object.keys(plans).filter((sql) => sql.includes("UNION ALL"));
    for (const sql of recommendations) {
      expect(plans[sql]!.every((line) => line === "USE TEMP B-TREE FOR ORDER BY")).toBe(true);
      delete plans[sql];
    }
    expect(plans).toEqual({});
    const log: Recorded[] = [];
    await new CatalogueStore(recordingDb(log), new ReadAhead(30)).page(BEAUTY, "b0017", member);
    const related = log.find((entry) => entry.sql.includes("UNION ALL"))!;
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${related.sql}`)
      .bind(...related.args)
      .all<{ detail: string }>();
    expect(results.some((r) => /USING INDEX products_shop_(liked|popular) /.test(r.detail))).toBe(true);
    // The category's own goods too (sorting a category of the big shop's 1,000 took 11 ms).
    expect(results.some((r) => r.detail.includes("USING INDEX products_shop_category_liked"))).toBe(true);
  });

  it("the console's order list, filtered and on a far page", async () => {
    for (const f of [
      { page: 1, size: 20 },
      { status: "CONFIRM_DELIVERY", page: 1, size: 20 },
      { page: 20_000, size: 20 },
    ])
      expect(await plansOf((db) => new OrderStore(db).listForShop(BEAUTY, f), { narrow: true })).toEqual({});
  });

  it("the dashboard reads no orders: its 30 days are kept per day (migration 0040)", async () => {
    const log: Recorded[] = [];
    await new DailyStore(recordingDb(log)).dashboard(BEAUTY, Date.now());
    for (const entry of log) {
      expect(await fullScans(entry, true)).toEqual([]);
      expect(aliases(entry.sql).has("orders")).toBe(false);
    }
  });

  it("the kept days are the orders summed row by row, through every kind of change", async () => {
    const now = Date.now();
    const day = (t: number) => new Date(t + 9 * 3600_000).toISOString().slice(0, 10);
    const ids = [391_000_000_001, 391_000_000_002, 391_000_000_003];
    await env.DB.batch(
      ids.map((id, i) =>
        env.DB.prepare(
          `INSERT INTO orders (id, shop_id, owner, items_price, delivery_price, total_price, pay_method, points_used,
             created_at, deadline) VALUES (?, ?, 'm:2001', 5000, 0, 5000, ?, ?, ?, ?)`,
        ).bind(id, BEAUTY, i === 2 ? null : "bank", i === 1 ? 1000 : 0, now - i * 86_400_000, now),
      ),
    );
    await env.DB.batch([
      env.DB.prepare("UPDATE orders SET status = 'CANCELED' WHERE id = ?").bind(ids[0]),
      env.DB.prepare("UPDATE orders SET pay_method = 'bank', created_at = ? WHERE id = ?").bind(now, ids[2]),
      env.DB.prepare("UPDATE orders SET items_price = 7000, total_price = 7000 WHERE id = ?").bind(ids[1]),
    ]);
    // Money given back (issue 52): a partial refund leaves the rest, a cancel waiting for its refund nothing.
    await env.DB.prepare(
      "UPDATE orders SET status = 'REFUNDED', paid_amount = 6000, return_amount = 2500, refund_amount = 2500 WHERE id = ?",
    )
      .bind(ids[1])
      .run();
    await env.DB.prepare("UPDATE orders SET status = 'REQ_BANK_REFUND', paid_amount = 5000 WHERE id = ?")
      .bind(ids[2])
      .run();
    const summed = async () => {
      const { results } = await env.DB.prepare(
        `SELECT date((created_at + 32400000) / 1000, 'unixepoch') AS day, COUNT(*) AS orders,
           SUM(${sqlKeptAmount()}) AS sales
         FROM orders WHERE shop_id = ? AND (pay_method IS NOT NULL OR points_used > 0 OR pay_later = 1)
         GROUP BY 1 ORDER BY 1`,
      )
        .bind(BEAUTY)
        .all();
      return results;
    };
    const kept = async () =>
      (
        await env.DB.prepare(
          "SELECT day, orders, sales FROM shop_daily_orders WHERE shop_id = ? AND orders > 0 ORDER BY day",
        )
          .bind(BEAUTY)
          .all()
      ).results;
    expect(await kept()).toEqual(await summed());
    expect((await kept()).some((r) => r.day === day(now))).toBe(true);
    await env.DB.prepare("DELETE FROM orders WHERE id IN (?, ?, ?)")
      .bind(...ids)
      .run();
    expect(await kept()).toEqual(await summed());
  });

  it("the cart's lines and the order sheet, by the owner's rows", async () => {
    const { results } = await env.DB.prepare(
      `SELECT p.id AS pid2, o.id AS pid3 FROM products p JOIN product_options o ON o.product_id = p.id
       WHERE p.shop_id = ? AND p.visible = 1 LIMIT 2`,
    )
      .bind(BEAUTY)
      .all<{ pid2: number; pid3: number }>();
    const lines = results.map((r) => ({ ...r, qty: 1 }));
    expect(await plansOf((db) => new CartStore(db).resolve(BEAUTY, lines), { narrow: true })).toEqual({});
    expect(await plansOf((db) => new CartStore(db).lines(BEAUTY, member), { narrow: true })).toEqual({});
    expect(await plansOf((db) => new OrderStore(db).openSheet(BEAUTY, member, Date.now()), { narrow: true })).toEqual(
      {},
    );
  });

  it("my orders", async () => {
    expect(
      await plansOf((db) =>
        new OrderStore(db).listForBuyer(BEAUTY, member, { statuses: null, needsAccount: false, page: 1, size: 10 }),
      ),
    ).toEqual({});
    expect(await plansOf((db) => new OrderStore(db).countsForBuyer(BEAUTY, member))).toEqual({});
    // The drawer's counts, the order counts among them (one statement, read on every filled page).
    expect(await plansOf((db) => new AccountSummaryStore(db).read(BEAUTY, member, 1, Date.now()))).toEqual({});
  });

  it("favourites and recently viewed", async () => {
    expect(await plansOf((db) => new FavouriteStore(db).page(BEAUTY, member, 1, 20))).toEqual({});
    expect(await plansOf((db) => new RecentStore(db).ids(BEAUTY, member))).toEqual({});
  });

  it("the sitemap, first and a later page", async () => {
    for (const after of [0, 10])
      expect(await plansOf((db) => new CatalogueStore(db).sitemap(BEAUTY, after, 1000, 10))).toEqual({});
  });

  it("the sitemap's files: where each after the first starts, on the first page only", async () => {
    const store = new CatalogueStore(env.DB);
    const all = await store.sitemap(BEAUTY, 0, 1000, 1_000_000);
    expect(all.parts).toEqual([]);
    const ids = all.products.map((p) => p.id);
    const split = await store.sitemap(BEAUTY, 0, 1000, 10);
    expect(split.parts).toEqual(ids.filter((_, i) => (i + 1) % 10 === 0));
    expect((await store.sitemap(BEAUTY, ids[0]!, 1000, 10)).parts).toEqual([]);
  });

  it("the console's pages in the second half, read from the end, are the pages as they were", async () => {
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: 45 }, (_, i) =>
        env.DB.prepare(
          `INSERT INTO orders (id, shop_id, owner, items_price, delivery_price, total_price, pay_method, created_at, deadline)
           VALUES (?, ?, 'm:2001', 1000, 0, 1000, 'bank', ?, ?)`,
        ).bind(390_000_000_000 + i, BEAUTY, now - i * 1000 - 7, now),
      ),
    );
    const { results } = await env.DB.prepare(
      `SELECT id FROM orders o WHERE shop_id = ? AND (o.pay_method IS NOT NULL OR o.points_used > 0 OR o.pay_later = 1)
       ORDER BY created_at DESC`,
    )
      .bind(BEAUTY)
      .all<{ id: number }>();
    const store = new OrderStore(env.DB);
    const pages = Math.ceil(results.length / 20);
    const read: number[] = [];
    for (let page = 1; page <= pages + 1; page++)
      read.push(...(await store.listForShop(BEAUTY, { page, size: 20 })).items.map((o) => o.id));
    expect(read).toEqual(results.map((r) => r.id));
  });
});
