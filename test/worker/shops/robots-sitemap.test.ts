import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SITEMAP_FILE_PRODUCTS } from "~/shared/limits";
import { BEAUTY, BISTRO, get, PICKS, STUDIO_CUSTOM } from "../helpers/request";

/** Issue 14 (in part): robots.txt and sitemap.xml per host, never mixing shops. */

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe("robots.txt and sitemap.xml", () => {
  it("point each host at its own sitemap, on the custom domain when the shop has one", async () => {
    const robots = await (await get(BEAUTY, "/robots.txt")).text();
    expect(robots).toContain("Sitemap: http://beauty.localhost/sitemap.xml");
    expect(robots).toContain("Disallow: /myshop");
    expect(robots).toContain("Disallow: /shop/search");
    // studio on its sub-domain names its canonical (custom) domain.
    expect(await (await get("studio.localhost", "/robots.txt")).text()).toContain(
      `Sitemap: http://${STUDIO_CUSTOM}/sitemap.xml`,
    );
  });

  it("lists the shop's own home, lists, categories, notices and products, and nothing of another shop", async () => {
    const res = await get(BEAUTY, "/sitemap.xml");
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const urls = locs(xml);
    expect(urls.every((u) => u.startsWith("http://beauty.localhost/"))).toBe(true);
    expect(urls).toContain("http://beauty.localhost/shop/list?category=39");
    expect(urls).toContain("http://beauty.localhost/shop/notice-list");
    const products = urls.filter((u) => u.includes("/shop/view/"));
    const { n } = (await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM products WHERE shop_id = 1 AND visible = 1 AND adult_only = 0",
    ).first<{ n: number }>())!;
    expect(products).toHaveLength(n);
    // 19+ goods are not for search engines.
    const adult = (await env.DB.prepare("SELECT sid FROM products WHERE shop_id = 1 AND adult_only = 1").first<{
      sid: string;
    }>())!.sid;
    expect(urls).not.toContain(`http://beauty.localhost/shop/view/${adult}`);

    const picks = locs(await (await get(PICKS, "/sitemap.xml")).text());
    expect(picks.every((u) => u.startsWith("http://picks.localhost/"))).toBe(true);
    expect(picks.some((u) => /\/shop\/view\/b\d+/.test(u))).toBe(false);
    const custom = locs(await (await get(STUDIO_CUSTOM, "/sitemap.xml")).text());
    expect(custom.every((u) => u.startsWith(`http://${STUDIO_CUSTOM}/`))).toBe(true);
    expect(locs(await (await get(BISTRO, "/sitemap.xml")).text())).toContain("http://bistro.localhost/shop/view/m0001");
  });

  it("splits a big catalogue into files of SITEMAP_FILE_PRODUCTS products, each product in one of them", async () => {
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2100)
       INSERT INTO products (sid, shop_id, title, price) SELECT 'bulk' || i, 4, '대량 상품 ' || i, 1000 FROM n`,
    ).run();
    const { n } = (await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM products WHERE shop_id = 4 AND visible = 1 AND adult_only = 0",
    ).first<{ n: number }>())!;
    const index = await (await get(STUDIO_CUSTOM, "/sitemap.xml")).text();
    expect(index).toContain("<sitemapindex");
    const files = locs(index);
    expect(files).toHaveLength(Math.ceil(n / SITEMAP_FILE_PRODUCTS));
    expect(files[0]).toBe(`http://${STUDIO_CUSTOM}/sitemap.xml?after=0`);
    const products: string[] = [];
    for (const [i, file] of files.entries()) {
      const url = new URL(file);
      const urls = locs(await (await get(STUDIO_CUSTOM, `${url.pathname}${url.search}`)).text());
      const here = urls.filter((u) => u.includes("/shop/view/"));
      expect(here).toHaveLength(i < files.length - 1 ? SITEMAP_FILE_PRODUCTS : n - i * SITEMAP_FILE_PRODUCTS);
      // The pages that are no product are in the first file only.
      expect(urls.includes(`http://${STUDIO_CUSTOM}/`)).toBe(i === 0);
      products.push(...here);
    }
    expect(products).toHaveLength(n);
    expect(new Set(products).size).toBe(n);
    expect(products.filter((u) => u.includes("/shop/view/bulk"))).toHaveLength(2100);
  });

  it("makes no empty file when the products fill their files exactly", async () => {
    const { n } = (await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM products WHERE shop_id = 4 AND visible = 1 AND adult_only = 0",
    ).first<{ n: number }>())!;
    // Enough to fill two files or more (the test before may have left products), and not one more.
    const filesFull = Math.max(2, Math.floor(n / SITEMAP_FILE_PRODUCTS) + 1);
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       INSERT INTO products (sid, shop_id, title, price) SELECT 'fill' || i, 4, '채움 상품 ' || i, 1000 FROM n`,
    )
      .bind(filesFull * SITEMAP_FILE_PRODUCTS - n)
      .run();
    const files = locs(await (await get(STUDIO_CUSTOM, "/sitemap.xml")).text());
    expect(files).toHaveLength(filesFull);
    for (const file of files) {
      const url = new URL(file);
      const urls = locs(await (await get(STUDIO_CUSTOM, `${url.pathname}${url.search}`)).text());
      expect(urls.filter((u) => u.includes("/shop/view/"))).toHaveLength(SITEMAP_FILE_PRODUCTS);
    }
  });

  it("answers the sitemap's entries only for the host's own shop", async () => {
    expect((await get(BEAUTY, "/api/myshp/get/sitemap?shopid=2")).status).toBe(404);
  });
});
