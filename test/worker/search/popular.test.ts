import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BEAUTY, BISTRO, get } from "../helpers/request";
import { koSearch } from "~/shared/messages/shop/search";

/** Issue 40 (decision 129): the shop's popular searches, counted per shop and day, on the empty search page. */

type Page = { popular: string[] };

const popular = async (host: string, shopid: number) =>
  ((await (await get(host, `/api/myshp/search/product?shopid=${shopid}&q=`)).json()) as Page).popular;

/** The count is written after the answer (waitUntil): waits until the rows are there. */
async function counted(n: number, query = "%") {
  for (let i = 0; i < 50; i++) {
    const row = await env.DB.prepare("SELECT COALESCE(SUM(n), 0) AS n FROM search_counts WHERE query LIKE ?")
      .bind(query)
      .first<{ n: number }>();
    if (row!.n >= n) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const search = (host: string, q: string, ip: string, extra = "") =>
  get(host, `/shop/search?q=${encodeURIComponent(q)}${extra}`, { headers: { "cf-connecting-ip": ip } });

describe("popular searches", () => {
  it("counts each search page's query in its shop, and offers those searched more than once", async () => {
    await (await search(BEAUTY, "  선크림 ", "10.0.0.1")).text();
    await (await search(BEAUTY, "선크림", "10.0.0.2")).text();
    await (await search(BEAUTY, "토너", "10.0.0.1")).text();
    // Not counted: a later page, a prefetch, an empty query.
    await (await search(BEAUTY, "토너", "10.0.0.3", "&page=2")).text();
    await (await get(BEAUTY, "/shop/search?q=토너", { headers: { purpose: "prefetch" } })).text();
    await (await search(BEAUTY, "", "10.0.0.1")).text();
    // Nor someone's own details: a phone number, an e-mail address.
    for (const q of ["010-9876-5432", "010 9876 5432", "me@example.test"])
      for (const ip of ["10.0.0.4", "10.0.0.5"]) await (await search(BEAUTY, q, ip)).text();
    await counted(3);
    const rows = await env.DB.prepare("SELECT shop_id, query, n FROM search_counts ORDER BY query").all();
    expect(rows.results).toEqual([
      { shop_id: 1, query: "선크림", n: 2 },
      { shop_id: 1, query: "토너", n: 1 },
    ]);
    // Searched once is nobody's trend yet; another shop has its own.
    expect(await popular(BEAUTY, 1)).toEqual(["선크림"]);
    expect(await popular(BISTRO, 3)).toEqual([]);

    const page = (await (await get(BEAUTY, "/shop/search")).text()).replace(/<!-- -->/g, "");
    expect(page).toContain(koSearch.popular);
    expect(page).toContain('href="/shop/search?q=%EC%84%A0%ED%81%AC%EB%A6%BC"');
  });

  it("stops counting one client address past its limit, and keeps no address in the counts", async () => {
    for (let i = 0; i < 35; i++) await (await search(BEAUTY, "스팸검색어", "10.0.0.9")).text();
    await counted(30, "스팸검색어");
    // Given the five past the limit time to be (wrongly) counted.
    await new Promise((r) => setTimeout(r, 200));
    const row = await env.DB.prepare("SELECT n FROM search_counts WHERE query = '스팸검색어'").first<{ n: number }>();
    expect(row!.n).toBe(30);
    const columns = await env.DB.prepare("SELECT name FROM pragma_table_info('search_counts')").all<{ name: string }>();
    expect(columns.results.map((c) => c.name)).toEqual(["shop_id", "day", "query", "n"]);
  });
});
