import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { initialsOf, searchTerms, shopToken } from "../../../app/shared/search";
import { BEAUTY, BISTRO, get, PICKS } from "../helpers/request";
import { koSearch } from "~/shared/messages/shop/search";
import migration0043 from "../../../migrations/0043_search_pairs.sql?raw";

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

  it("are indexed by migration 0043 as the Worker indexes them", async () => {
    const made = async () =>
      (
        await env.DB.prepare("SELECT rowid, shop, pairs, initials FROM product_pairs ORDER BY rowid").all<{
          rowid: number;
          shop: string;
          pairs: string;
          initials: string;
        }>()
      ).results;
    await search(BEAUTY, BEAUTY_ID, "토너"); // brings the index up to date
    const byWorker = await made();
    expect(byWorker.length).toBeGreaterThan(40);
    await env.DB.prepare("DELETE FROM product_pairs").run();
    await env.DB.prepare(migration0043.slice(migration0043.indexOf("INSERT INTO product_pairs"))).run();
    expect(await made()).toEqual(byWorker);
  });
});

describe("a search's page drawn from few matches or many (decision 138)", () => {
  it("is the page a look at every product gives, in every order and on every page, either way", async () => {
    // 300 products with the made-up word 뮤르 (past FEW_MATCHES: walked in order), one in ten also
    // 한정 (30: looked up by id), their order columns shuffled apart from their ids.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300)
       INSERT INTO products (sid, shop_id, title, price, sort, created_at)
       SELECT 'mr' || i, 1, '뮤르 바디미스트 ' || i || CASE WHEN i % 10 = 0 THEN ' 한정' ELSE '' END,
         1000 + (i * 37) % 50 * 100, (i * 7) % 300, 1700000000000 + (i * 11) % 300 * 1000 FROM n`,
    ).run();
    const orders = {
      recommended: "sort, id",
      new: "created_at DESC, id DESC",
      price_asc: "price, sort, id",
      price_desc: "price DESC, sort, id",
    };
    for (const [q, word] of [
      ["뮤르", "뮤르"],
      ["뮤르 한정", "한정"],
    ] as const) {
      for (const [sort, order] of Object.entries(orders)) {
        const { results } = await env.DB.prepare(
          `SELECT sid FROM products WHERE shop_id = 1 AND visible = 1 AND sid LIKE 'mr%' AND title LIKE '%' || ? || '%' ORDER BY ${order}`,
        )
          .bind(word)
          .all<{ sid: string }>();
        const all = results.map((r) => r.sid);
        expect(all.length, q).toBe(q === "뮤르" ? 300 : 30);
        for (const page of [1, 2, Math.ceil(all.length / 20)]) {
          const found = await search(BEAUTY, BEAUTY_ID, q, `&sort=${sort}&size=20&page=${page}`);
          expect(found.total, `${q} ${sort}`).toBe(all.length);
          expect(
            found.items.map((i) => i.sid),
            `${q} ${sort} page ${page}`,
          ).toEqual(all.slice((page - 1) * 20, page * 20));
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
