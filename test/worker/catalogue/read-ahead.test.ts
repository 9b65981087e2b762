import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CatalogueStore, ReadAhead } from "../../../functions/db/catalogue";
import { FavouriteStore } from "../../../functions/db/favourites";
import { RECOMMENDATION_COUNT } from "../../../functions/api/catalogue";
import { BEAUTY, get } from "../helpers/request";
import { koProduct } from "~/shared/messages/shop/product";

/** Decision 076: the product page's details and recommendations read in the product's own batch. */
describe("the product page's read-ahead", () => {
  const shopId = async (domain: string) =>
    (await env.DB.prepare("SELECT id FROM shops WHERE dom = ?").bind(domain).first<{ id: number }>())!.id;

  it("answers the details and recommendations exactly as the separate reads do, once each", async () => {
    const beauty = await shopId("beauty");
    const plain = new CatalogueStore(env.DB);
    const ahead = new ReadAhead(RECOMMENDATION_COUNT);
    const store = new CatalogueStore(env.DB, ahead);
    for (const sid of ["b0017", "b0001"]) {
      const product = (await store.page(beauty, sid))!;
      expect(product).toEqual(await plain.page(beauty, sid));
      // Taken from the read-ahead: the database would answer the same.
      expect(ahead.take(`additional:${product.id}`)).toEqual(await plain.additional(product.id));
      expect(ahead.take(`related:${beauty}:${product.id}:0`)).toEqual(
        await plain.related(beauty, product.id, "0", RECOMMENDATION_COUNT),
      );
      expect((await plain.related(beauty, product.id, "0", RECOMMENDATION_COUNT))!.length).toBeGreaterThan(0);
      // Each is taken once; the store then asks the database.
      await store.page(beauty, sid);
      expect(await store.additional(product.id)).toEqual(await plain.additional(product.id));
      expect(await store.additional(product.id)).toEqual(await plain.additional(product.id));
    }
  });

  it("never answers for another product, shop, type or size", async () => {
    const beauty = await shopId("beauty");
    const picks = await shopId("picks");
    const ahead = new ReadAhead(RECOMMENDATION_COUNT);
    const store = new CatalogueStore(env.DB, ahead);
    const plain = new CatalogueStore(env.DB);
    const product = (await store.page(beauty, "b0017"))!;
    // Another shop asking about beauty's product: the ownership check of the plain read says no.
    expect(await store.related(picks, product.id, "0", RECOMMENDATION_COUNT)).toBeNull();
    // Another type or size goes to the database.
    expect(await store.related(beauty, product.id, "1", 5)).toEqual(await plain.related(beauty, product.id, "1", 5));
    expect(await store.related(beauty, product.id, "0", 5)).toEqual(await plain.related(beauty, product.id, "0", 5));
    // The read-ahead of b0017 is still there, for b0017 only.
    expect(ahead.take(`related:${beauty}:${product.id}:0`)).toBeDefined();
  });

  it("answers whether a device likes the page's product as the favourites do, for it only", async () => {
    const beauty = await shopId("beauty");
    const ahead = new ReadAhead(RECOMMENDATION_COUNT);
    const store = new CatalogueStore(env.DB, ahead);
    const favourites = new FavouriteStore(env.DB, ahead);
    const plain = new FavouriteStore(env.DB);
    const device = "d:0123456789abcdef0123456789abcdef";
    const product = (await store.page(beauty, "b0017"))!;
    // Not liked: so says the read-ahead, once; then the database answers (liked since).
    await store.page(beauty, "b0017", device);
    expect(await favourites.likedAmong(beauty, device, [product.id])).toEqual([]);
    await plain.set(beauty, device, product.id, true, Date.now());
    expect(await favourites.likedAmong(beauty, device, [product.id])).toEqual([product.id]);
    // Liked: read with the product.
    await store.page(beauty, "b0017", device);
    expect(ahead.take(ReadAhead.liked(beauty, device, product.id))).toBe(true);
    // Another owner, or several products at once: the database, and the read-ahead stays.
    await store.page(beauty, "b0017", device);
    expect(await favourites.likedAmong(beauty, "d:ffffffffffffffffffffffffffffffff", [product.id])).toEqual([]);
    expect(await favourites.likedAmong(beauty, device, [product.id, 99_999_999])).toEqual([product.id]);
    expect(ahead.take(ReadAhead.liked(beauty, device, product.id))).toBe(true);
  });

  it("belongs to one request: two page views in a row each read their own", async () => {
    // Two page views in a row: each makes its own product batch (the shop and categories are not
    // cached in tests), so nothing was served from the first request's read-ahead.
    for (let i = 0; i < 2; i++) {
      const res = await get(BEAUTY, "/shop/view/b0017", {
        headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      });
      const html = await res.text();
      expect(res.status).toBe(200);
      expect(res.headers.get("server-timing")).toMatch(/^d1;desc="3 round trips"/);
      // The details and the recommendations are on the page (crawlers get it whole).
      expect(html).toContain(koProduct.recommendations);
    }
  });
});
