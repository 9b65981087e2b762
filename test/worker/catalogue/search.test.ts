import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { initialsOf, searchTerms, shopToken } from "../../../app/shared/search";
import { BEAUTY, BISTRO, get, PICKS } from "../helpers/request";
import { koSearch } from "~/shared/messages/shop/search";
import migration0046 from "../../../migrations/0046_search_pieces.sql?raw";
import { CatalogueStore } from "../../../functions/db/catalogue";
import type { ListSort } from "~/shared/sorts";

const BEAUTY_ID = 1;

/** Issue 14 (in part): on-site search over the shop's own products, Hangul aware. */

type Page = {
  items: { sid: string; title: string; price: number; like: number }[];
  total: number;
  pages: number;
  q: string;
};

async function search(host: string, shopid: number, q: string, extra = ""): Promise<Page> {
  const res = await get(host, `/api/myshp/search/product?shopid=${shopid}&q=${encodeURIComponent(q)}${extra}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
}
const titles = (p: Page) => p.items.map((i) => i.title);

describe("the search words", () => {
  it("puts queries and titles in one form", () => {
    expect(initialsOf("녹차 수분 스킨 200ml")).toBe("ㄴㅊㅅㅂㅅㅋ200ml");
    expect(searchTerms("  선크림\u3000 SPF50 ")).toEqual(["선크림", "spf50"]);
    expect(searchTerms("선크림".normalize("NFD"))).toEqual(["선크림"]);
    expect(searchTerms('"%_')).toEqual([]);
  });
});

describe("on-site search", () => {
  it("finds part of a word, a word typed without spaces, NFD input, initials, options and categories", async () => {
    expect(titles(await search(BEAUTY, 1, "히알루"))).toEqual(["히알루론산 7겹 세럼 50ml"]);
    expect(titles(await search(BEAUTY, 1, "선크림"))).toEqual(["수분 선크림 50ml"]);
    expect(titles(await search(BEAUTY, 1, "수분선크림"))).toEqual(["수분 선크림 50ml"]);
    expect(titles(await search(BEAUTY, 1, "장벽크림"))).toEqual(["세라마이드 장벽 크림 80ml"]);
    expect(titles(await search(BEAUTY, 1, "선크림".normalize("NFD")))).toEqual(["수분 선크림 50ml"]);
    expect(titles(await search(BEAUTY, 1, "ㅅㅋ"))).toContain("녹차 수분 스킨 200ml");
    expect(titles(await search(BEAUTY, 1, "ㅅㅋ"))).not.toContain("매트 립스틱");
    // An option's name (a tint's colour) finds its product; a category's name its products.
    expect(titles(await search(BEAUTY, 1, "코랄칩"))).toEqual(["벨벳 틴트 (6색)"]);
    expect(titles(await search(BEAUTY, 1, "클렌징")).length).toBeGreaterThanOrEqual(4);
    // Every word must be found.
    const both = titles(await search(BEAUTY, 1, "수분 크림"));
    expect(both).toContain("마데카 수분 젤 크림");
    expect(both).not.toContain("녹차 수분 스킨 200ml");
  });

  it("never shows another shop's products, and keeps up with the catalogue", async () => {
    expect((await search(BEAUTY, 1, "김치")).total).toBe(0);
    expect(titles(await search(BISTRO, 3, "김치"))).toEqual(["김치찌개"]);
    // picks sells beauty's goods as its own products: its search answers with picks' rows only.
    const picked = await search(PICKS, 2, "토너");
    expect(picked.items.length).toBeGreaterThan(0);
    expect(picked.items.every((i) => i.sid.startsWith("p") || i.sid.startsWith("e"))).toBe(true);
    // Another shop's id from this host: refused.
    expect((await get(BEAUTY, "/api/myshp/search/product?shopid=3&q=김치")).status).toBe(404);

    await env.DB.prepare("UPDATE products SET title = '김치 냉장고 탈취제' WHERE sid = 'b0044'").run();
    expect(titles(await search(BEAUTY, 1, "김치"))).toEqual(["김치 냉장고 탈취제"]);
    await env.DB.prepare("UPDATE products SET visible = 0 WHERE sid = 'b0044'").run();
    expect((await search(BEAUTY, 1, "김치")).total).toBe(0);
  });

  it("finds a product by any of its categories, the first or another, and follows their changes", async () => {
    const { id, title } = (await env.DB.prepare("SELECT id, title FROM products WHERE sid = 'b0030'").first<{
      id: number;
      title: string;
    }>())!;
    const category = async (name: string) =>
      (await env.DB.prepare("INSERT INTO categories (shop_id, name, sort) VALUES (1, ?, 99) RETURNING id")
        .bind(name)
        .first<{ id: number }>())!.id;
    const gifts = await category("겨울보습선물");
    await env.DB.prepare("INSERT INTO product_categories (product_id, category_id) VALUES (?, ?)")
      .bind(id, gifts)
      .run();
    expect(titles(await search(BEAUTY, 1, "겨울보습선물"))).toEqual([title]);

    // Renamed: the new name finds it, the old one no longer.
    await env.DB.prepare("UPDATE categories SET name = '연말한정세트' WHERE id = ?").bind(gifts).run();
    expect(titles(await search(BEAUTY, 1, "연말한정세트"))).toEqual([title]);
    expect((await search(BEAUTY, 1, "겨울보습선물")).total).toBe(0);
    // Under a parent: the parent's name finds it too.
    const parent = await category("시즌특가모음");
    await env.DB.prepare("UPDATE categories SET parent_id = ? WHERE id = ?").bind(parent, gifts).run();
    expect(titles(await search(BEAUTY, 1, "시즌특가모음"))).toEqual([title]);
    // Taken out of the category: no longer found by it.
    await env.DB.prepare("DELETE FROM product_categories WHERE product_id = ? AND category_id = ?")
      .bind(id, gifts)
      .run();
    expect((await search(BEAUTY, 1, "연말한정세트")).total).toBe(0);
  });

  it("sorts and pages, and gives a clean empty page for an empty or very long query", async () => {
    const cheap = await search(BEAUTY, 1, "크림", "&sort=price_asc");
    const prices = cheap.items.map((i) => i.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const loved = await search(BEAUTY, 1, "크림", "&sort=popular");
    const likes = loved.items.map((i) => i.like);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    const paged = await search(BEAUTY, 1, "스킨케어", "&size=5&page=2");
    expect(paged.items).toHaveLength(5);
    expect(paged.pages).toBeGreaterThan(2);
    // A page past the last has no card to carry the count: it is still the same count.
    expect(await search(BEAUTY, 1, "스킨케어", "&size=5&page=99")).toMatchObject({ items: [], total: paged.total });
    expect(await search(BEAUTY, 1, "")).toMatchObject({ items: [], total: 0, pages: 1 });
    const long = await search(BEAUTY, 1, "가나다라마바사아자차카타파하가나다라마바사");
    expect(long).toMatchObject({ items: [], total: 0 });
    expect(long.q).toHaveLength(21);
    // An unknown sort is the shop's own order, not an error.
    expect((await search(BEAUTY, 1, "크림", "&sort=cheapest")).total).toBe(cheap.total);
  });
});

describe("words of one or two characters (decision 137)", () => {
  /** What the shop's on-show products hold `term` (the words without spaces, or the initials): read one by one. */
  async function holding(shop: number, term: string, initials = false): Promise<string[]> {
    const { results } = await env.DB.prepare(
      `SELECT p.sid FROM product_search s JOIN products p ON p.id = s.rowid
       WHERE s.shop = ?1 AND instr(${initials ? "s.initials" : "replace(s.body, ' ', '')"}, ?2) > 0 ORDER BY p.sid`,
    )
      .bind(shopToken(shop), term)
      .all<{ sid: string }>();
    return results.map((r) => r.sid);
  }
  const sids = (p: Page) => p.items.map((i) => i.sid).sort();

  it("find through the pairs index what a look at every product finds", async () => {
    for (const [term, initials] of [
      ["토너", false],
      ["크림", false],
      ["크", false],
      ["ml", false],
      ["0+", false],
      ["ㅅㅋ", true],
      ["ㅋ", true],
    ] as const) {
      const expected = await holding(BEAUTY_ID, term, initials);
      // All of them on one page of the answer.
      expect(expected.length, term).toBeGreaterThan(0);
      expect(expected.length, term).toBeLessThan(60);
      expect(sids(await search(BEAUTY, BEAUTY_ID, term, "&size=60")), term).toEqual(expected);
    }
    // Words of both kinds, long and short, all found: the two indexes' products in common.
    const both = await search(BEAUTY, BEAUTY_ID, "수분 크림", "&size=60");
    const cream = await holding(BEAUTY_ID, "크림");
    expect(sids(both)).toEqual((await holding(BEAUTY_ID, "수분")).filter((sid) => cream.includes(sid)));
    expect(titles(both)).toContain("마데카 수분 젤 크림");
    // A pair across two words is found, as the words typed without spaces are.
    expect(titles(await search(BEAUTY, BEAUTY_ID, "젤크"))).toEqual(["마데카 수분 젤 크림"]);
    // Another shop's pairs are not this shop's.
    expect((await search(BEAUTY, BEAUTY_ID, "찌개")).total).toBe(0);
  });

  it("find a piece of any characters, those the index's tokenizer would split on too", async () => {
    // A zero-width space and an emoji newer than SQLite's Unicode tables are no letters to the
    // tokenizer: a piece holding one, as it is, would be two words of the index, and a query of it
    // a phrase, which an index without positions refuses (decision 140).
    await env.DB.prepare(
      `INSERT INTO products (sid, shop_id, title, price) VALUES ('zw1', 1, '버블' || char(8203) || '폼 🫧클렌저', 9000)`,
    ).run();
    for (const q of ["블\u200b", "\u200b폼", "🫧", "🫧클", "폼🫧"])
      expect(titles(await search(BEAUTY, BEAUTY_ID, q)), q).toEqual(["버블\u200b폼 🫧클렌저"]);
    await env.DB.prepare("DELETE FROM products WHERE sid = 'zw1'").run();
  });

  it("are indexed by migration 0046 as the Worker indexes them", async () => {
    // The index keeps no text (contentless): its words per product are read through fts5vocab.
    await env.DB.prepare("CREATE VIRTUAL TABLE pairs_words USING fts5vocab(product_pairs, instance)").run();
    const made = async () =>
      (
        await env.DB.prepare("SELECT doc, term FROM pairs_words ORDER BY doc, term").all<{
          doc: number;
          term: string;
        }>()
      ).results;
    await search(BEAUTY, BEAUTY_ID, "토너"); // brings the index up to date
    const byWorker = await made();
    expect(new Set(byWorker.map((w) => w.doc)).size).toBeGreaterThan(40);
    expect(byWorker).toContainEqual(expect.objectContaining({ term: "#1#ed86a0eb8488" })); // 토너
    await env.DB.prepare("DELETE FROM product_pairs").run();
    expect(await made()).toEqual([]);
    await env.DB.prepare(migration0046.slice(migration0046.indexOf("INSERT INTO product_pairs"))).run();
    expect(await made()).toEqual(byWorker);
    await env.DB.prepare("DROP TABLE pairs_words").run();
  });
});

describe("a search's page drawn from few matches, by testing products, or by a walk (decisions 138, 140)", () => {
  it("is the page a look at every product gives, in every order and on every page, either way", async () => {
    // 1,000 products with the made-up word 뮤르 (tested one by one on its first pages, up to 1,000 /
    // MATCHES_PER_TEST = 62 products, walked past them); one in ten also 한정 (100: looked up by
    // id); half, the second half in the shop's own order, also 늦게 (500: its tests, among the
    // first 31 products, fall short of a page and the walk draws it). Order columns shuffled apart
    // from the ids; every other one in a category of its own.
    const category = (await env.DB.prepare(
      "INSERT INTO categories (shop_id, name) VALUES (1, '뮤르 모음') RETURNING id",
    ).first<{
      id: number;
    }>())!.id;
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000)
       INSERT INTO products (sid, shop_id, category_id, title, price, sort, created_at)
       SELECT 'mr' || i, 1, CASE WHEN i % 2 = 0 THEN ?1 END,
         '뮤르 바디미스트 ' || i || CASE WHEN i % 10 = 0 THEN ' 한정' ELSE '' END
           || CASE WHEN (i * 7) % 1000 >= 500 THEN ' 늦게' ELSE '' END,
         1000 + (i * 37) % 50 * 100, (i * 7) % 1000, 1700000000 + (i * 11) % 1000 FROM n`,
    )
      .bind(category)
      .run();
    // Each search indexes up to 500 changed products first: two bring all 1,000 in.
    for (let i = 0; i < 3; i++) await search(BEAUTY, BEAUTY_ID, "뮤르");
    const orders = {
      recommended: "sort, id",
      new: "created_at DESC, id DESC",
      price_asc: "price, sort, id",
      price_desc: "price DESC, sort, id",
    };
    const store = new CatalogueStore(env.DB);
    for (const [q, word, count, inTheCategory] of [
      ["뮤르", "뮤르", 1000, 500],
      ["뮤르 한정", "한정", 100, 100],
      ["늦게", "늦게", 500, 250],
    ] as const) {
      for (const [sort, order] of Object.entries(orders)) {
        for (const inCategory of [false, true]) {
          const { results } = await env.DB.prepare(
            `SELECT id, sid FROM products WHERE shop_id = 1 AND visible = 1 AND sid LIKE 'mr%'
               AND title LIKE '%' || ?1 || '%' AND (?2 = 0 OR category_id = ?2) ORDER BY ${order}`,
          )
            .bind(word, inCategory ? category : 0)
            .all<{ id: number; sid: string }>();
          expect(results.length, q).toBe(inCategory ? inTheCategory : count);
          for (const page of [1, 2, 3, 4, Math.ceil(results.length / 20)]) {
            const at = `${q} ${sort} page ${page}${inCategory ? " in the category" : ""}`;
            const expected = results.slice((page - 1) * 20, page * 20);
            if (inCategory) {
              const found = await store.list(1, category, page, 20, sort as ListSort, searchTerms(q));
              expect(found.total, at).toBe(results.length);
              expect(
                found.items.map((i) => i.id),
                at,
              ).toEqual(expected.map((r) => r.id));
            } else {
              const found = await search(BEAUTY, BEAUTY_ID, q, `&sort=${sort}&size=20&page=${page}`);
              expect(found.total, at).toBe(results.length);
              expect(
                found.items.map((i) => i.sid),
                at,
              ).toEqual(expected.map((r) => r.sid));
            }
          }
        }
      }
    }
    // A word found nowhere: nothing, and the count says so.
    expect(await search(BEAUTY, BEAUTY_ID, "뮤르 없는말")).toMatchObject({ items: [], total: 0 });
  });
});

describe("the search page", () => {
  it("answers a shareable address without scripts, cleanly for empty and overlong queries", async () => {
    const page = async (path: string) =>
      (await (await get(BEAUTY, path)).text()).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");
    const found = await page("/shop/search?q=%EC%84%A0%ED%81%AC%EB%A6%BC&sort=price_desc");
    expect(found).toContain("'선크림' 검색 결과 1개");
    expect(found).toContain("수분 선크림 50ml");
    expect(found).toContain('<meta name="robots" content="noindex"/>');
    expect(found).toMatch(/aria-current="true"[^>]*>높은가격순</);
    expect(await page("/shop/search")).toContain(koSearch.hint);
    const long = await page(`/shop/search?q=${encodeURIComponent("가".repeat(60))}`);
    expect(long).toContain(`'${"가".repeat(40)}'에 맞는 상품이 없습니다`);
    expect((await get(BEAUTY, "/shop/search?q=%ED%81%AC%EB%A6%BC&page=99")).status).toBe(404);
  });
});
