import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { koReviews } from "~/shared/messages/reviews";
import { BEAUTY_OWNER, joinNew, login, postForm, SHOPPER } from "../helpers/auth";
import { BEAUTY, PICKS, get } from "../helpers/request";
import { ADDRESS, Shopper } from "../helpers/shopper";
import { viewCached } from "../helpers/page-cache";

/**
 * Reviews on the product page (decision 119): the summary and first few read with the product,
 * the full list's sorts, filters and pager, 도움돼요, the cards' counters, JSON-LD and the cached
 * page. Reviews of beauty's product 5 (picked by the picks shop) are written straight into D1
 * here; the cache test writes one through the API as a buyer would.
 */
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.now();
const ORDER = 900_000_777;
const ADMIN_UID = 9001;
const SHOPPER_UID = 2001;

type Review = {
  id: number;
  rating: number;
  author: string;
  rewarded: boolean;
  is_repurchase: boolean;
  option_label: string;
  helpful_count: number;
  photos: string[];
  reply: { body: string } | null;
};
type Page = {
  summary: { average: number; count: number; histogram: number[]; photo_count: number };
  reviews: Review[];
  total: number;
  pages: number;
  strip: { id: number; image: string }[];
};

const reviews = async (host: string, query: string) => {
  const res = await get(host, `/api/reviews?${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
};

const ids = (p: Page) => p.reviews.map((r) => r.id);

/** Review ids by name, as inserted. */
const R = { best: 77_001, recent: 77_002, low: 77_003, blinded: 77_004 };

beforeAll(async () => {
  const insert = (id: number, uid: number, rating: number, helpful: number, ago: number, extra: string, more = "") =>
    env.DB.prepare(
      `INSERT INTO reviews (id, shop_id, product_id, order_id, line_product_id, option_id, extras, uid, kind, rating, body,
         option_label, is_repurchase, reward_points, status, helpful_count, created_at, updated_at)
       VALUES (?1, 1, 5, ${ORDER}, 5, 500, ?2, ?3, 'NORMAL', ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11)`,
    ).bind(
      id,
      extra,
      uid,
      rating,
      `리뷰 본문 ${id} ${more}`,
      id === R.best ? "50ml" : "",
      id === R.best ? 1 : 0,
      id === R.best ? 500 : 0,
      id === R.blinded ? "BLINDED" : "VISIBLE",
      helpful,
      NOW - ago * DAY,
    );
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO orders (id, shop_id, owner, items_price, delivery_price, total_price, created_at, deadline)
       VALUES (?, 1, ?, 1000, 0, 1000, ?, ?)`,
    ).bind(ORDER, `m:${SHOPPER_UID}`, NOW, NOW + DAY),
    insert(R.best, SHOPPER_UID, 5, 3, 5, "a", "향이 좋아요"),
    insert(R.recent, 1001, 4, 0, 1, "b"),
    insert(R.low, ADMIN_UID, 1, 1, 3, "c"),
    insert(R.blinded, 1002, 3, 9, 2, "d"),
    env.DB.prepare(
      "INSERT INTO review_photos (review_id, position, image) VALUES (?, 0, 'uploads/1/r/2001/a.jpg')",
    ).bind(R.best),
    env.DB.prepare(
      "INSERT INTO review_photos (review_id, position, image) VALUES (?, 1, 'uploads/1/r/2001/b.jpg')",
    ).bind(R.best),
    env.DB.prepare(
      "INSERT INTO review_photos (review_id, position, image) VALUES (?, 0, 'uploads/1/r/9001/c.jpg')",
    ).bind(R.low),
    env.DB.prepare(
      "INSERT INTO review_replies (review_id, uid, body, created_at, updated_at) VALUES (?, 1001, '감사합니다, 또 들러 주세요', ?, ?)",
    ).bind(R.best, NOW, NOW),
  ]);
});

describe("the summary and the list", () => {
  it("counts visible reviews only: average to one decimal, histogram, photo count, strip and masked authors", async () => {
    const page = await reviews(BEAUTY, "product_id=5&sort=best&size=3&strip=1");
    expect(page.summary).toEqual({ average: 3.3, count: 3, histogram: [1, 0, 0, 1, 1], photo_count: 2 });
    // 추천순: most helpful first; the blinded one (9 helpful) is left out.
    expect(ids(page)).toEqual([R.best, R.low, R.recent]);
    expect(page.strip).toEqual([
      { id: R.low, image: "uploads/1/r/9001/c.jpg" },
      { id: R.best, image: "uploads/1/r/2001/a.jpg" },
    ]);
    const best = page.reviews[0]!;
    expect(best).toMatchObject({
      author: "한지***",
      rewarded: true,
      is_repurchase: true,
      option_label: "50ml",
      photos: ["uploads/1/r/2001/a.jpg", "uploads/1/r/2001/b.jpg"],
      reply: { body: "감사합니다, 또 들러 주세요" },
    });
    expect(page.reviews[2]!.author).toBe("김지***");
  });

  it("sorts 최신순, 평점 높은순, 평점 낮은순, filters by photo and stars, and pages", async () => {
    expect(ids(await reviews(BEAUTY, "product_id=5&sort=new"))).toEqual([R.recent, R.low, R.best]);
    expect(ids(await reviews(BEAUTY, "product_id=5&sort=high"))).toEqual([R.best, R.recent, R.low]);
    expect(ids(await reviews(BEAUTY, "product_id=5&sort=low"))).toEqual([R.low, R.recent, R.best]);
    const photo = await reviews(BEAUTY, "product_id=5&photo=1&sort=new");
    expect([ids(photo), photo.total]).toEqual([[R.low, R.best], 2]);
    const four = await reviews(BEAUTY, "product_id=5&star=4");
    expect([ids(four), four.total, four.summary.count]).toEqual([[R.recent], 1, 3]);
    const second = await reviews(BEAUTY, "product_id=5&sort=new&size=1&page=2");
    expect([ids(second), second.pages]).toEqual([[R.low], 3]);
    expect((await get(BEAUTY, "/api/reviews?product_id=5&sort=worst")).status).toBe(400);
    // Another shop's product is none of this host's.
    expect((await get(BEAUTY, "/api/reviews?product_id=201")).status).toBe(404);
  });

  it("shows a pick the origin's reviews", async () => {
    const pick = await env.DB.prepare("SELECT id FROM products WHERE shop_id = 2 AND origin_product_id = 5").first<{
      id: number;
    }>();
    const page = await reviews(PICKS, `product_id=${pick!.id}&sort=best`);
    expect(page.summary.count).toBe(3);
    expect(ids(page)).toEqual([R.best, R.low, R.recent]);
  });

  it("the list page sorts and filters by plain links and a GET form", async () => {
    const low = await (await get(BEAUTY, "/shop/reviews?pid=b0005&sort=low")).text();
    expect(low.indexOf(`id="review-${R.low}"`)).toBeGreaterThan(0);
    expect(low.indexOf(`id="review-${R.low}"`)).toBeLessThan(low.indexOf(`id="review-${R.best}"`));
    expect(low).not.toContain(`id="review-${R.blinded}"`);
    const photo = await (await get(BEAUTY, "/shop/reviews?pid=b0005&photo=1&star=5")).text();
    expect(photo).toContain(`id="review-${R.best}"`);
    expect(photo).not.toContain(`id="review-${R.low}"`);
    expect((await get(BEAUTY, "/shop/reviews?pid=nope")).status).toBe(404);
  });
});

describe("the product page", () => {
  it("shows the summary, strip, disclosure at the top, reply and the way to all, in the product's own batch", async () => {
    const res = await get(BEAUTY, "/shop/view/b0005", {
      headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    const html = await res.text();
    expect(res.headers.get("server-timing")).toMatch(/^d1;desc="3 round trips"/);
    expect(html).toContain('data-testid="review-average"');
    expect(html).toContain(">3.3<");
    expect(html).toContain(koReviews.display.count(3));
    expect(html).toContain(koReviews.display.all(3));
    expect(html).toContain('data-testid="review-strip"');
    expect(html).toContain("감사합니다, 또 들러 주세요");
    expect(html).toContain(koReviews.option("50ml"));
    const item = html.slice(html.indexOf(`id="review-${R.best}"`));
    expect(item.indexOf(koReviews.disclosure)).toBeLessThan(item.indexOf("리뷰 본문"));
    // JSON-LD: AggregateRating and Reviews with masked authors.
    const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
      .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
      .find((j) => j["@type"] === "Product") as {
      aggregateRating: unknown;
      review: { author: { name: string }; reviewRating: { ratingValue: number } }[];
    };
    expect(ld.aggregateRating).toMatchObject({ "@type": "AggregateRating", ratingValue: 3.3, reviewCount: 3 });
    expect(ld.review.map((r) => r.author.name)).toEqual(["한지***", "플랫***", "김지***"]);
    expect(html).not.toContain("한지민");
  });

  it("has no rating in JSON-LD while there are no reviews", async () => {
    const html = await (await get(BEAUTY, "/shop/view/b0030")).text();
    expect(html).not.toContain("AggregateRating");
    expect(html).toContain(koReviews.display.empty);
  });
});

describe("도움돼요", () => {
  it("sends a guest to log in, counts a member once, not on their own review, and goes back", async () => {
    const back = "/shop/view/b0005#review-" + R.recent;
    const guest = await postForm(BEAUTY, "/shop/reviews", { intent: "helpful", id: String(R.recent), back });
    expect(guest.status).toBe(303);
    expect(guest.headers.get("location")).toMatch(/^\/user\/login\?url=/);

    const shopper = await login(BEAUTY, SHOPPER);
    const count = async (id: number) =>
      (await env.DB.prepare("SELECT helpful_count AS n FROM reviews WHERE id = ?").bind(id).first<{ n: number }>())!.n;
    const version = async () =>
      (await env.DB.prepare("SELECT content_version AS v FROM shops WHERE id = 1").first<{ v: number }>())!.v;
    const before = await version();
    for (let i = 0; i < 2; i++) {
      const res = await postForm(
        BEAUTY,
        "/shop/reviews",
        { intent: "helpful", id: String(R.recent), back },
        { cookie: shopper },
      );
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(back);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(await count(R.recent)).toBe(1);
    // Their own review is not counted; a foreign `back` goes to the list instead.
    const own = await postForm(
      BEAUTY,
      "/shop/reviews?pid=b0005",
      { intent: "helpful", id: String(R.best), back: "https://evil.example/" },
      { cookie: shopper },
    );
    expect(own.headers.get("location")).toBe("/shop/reviews?pid=b0005");
    expect(await count(R.best)).toBe(3);
    const owner = await login(BEAUTY, BEAUTY_OWNER);
    await postForm(BEAUTY, "/shop/reviews", { intent: "helpful", id: String(R.low), back }, { cookie: owner });
    expect(await count(R.low)).toBe(2);
    // No click moves the shop's pages' version: the cached page never carries who clicked.
    expect(await version()).toBe(before);
  });
});

describe("the cards' counters", () => {
  const counters = async (id: number) =>
    env.DB.prepare("SELECT review_count AS count, review_sum AS sum FROM products WHERE id = ?").bind(id).first();

  it("follow insert, star edit, blind and delete, and a pick's card shows its origin's", async () => {
    expect(await counters(5)).toEqual({ count: 3, sum: 10 });
    const list = async (host: string, shopid: number) =>
      (
        (await (await get(host, `/api/myshp/get/product/list?shopid=${shopid}&category=0&size=60`)).json()) as {
          items: { id: number; sid: string; review_count: number; rating: number }[];
        }
      ).items;
    expect((await list(BEAUTY, 1)).find((c) => c.id === 5)).toMatchObject({ review_count: 3, rating: 3.3 });
    const pick = await env.DB.prepare("SELECT id FROM products WHERE shop_id = 2 AND origin_product_id = 5").first<{
      id: number;
    }>();
    expect((await list(PICKS, 2)).find((c) => c.id === pick!.id)).toMatchObject({ review_count: 3, rating: 3.3 });

    await env.DB.prepare("UPDATE reviews SET rating = 2 WHERE id = ?").bind(R.recent).run();
    expect(await counters(5)).toEqual({ count: 3, sum: 8 });
    await env.DB.prepare("UPDATE reviews SET status = 'BLINDED' WHERE id = ?").bind(R.recent).run();
    expect(await counters(5)).toEqual({ count: 2, sum: 6 });
    await env.DB.prepare("UPDATE reviews SET status = 'VISIBLE' WHERE id = ?").bind(R.blinded).run();
    expect(await counters(5)).toEqual({ count: 3, sum: 9 });
    await env.DB.prepare("UPDATE reviews SET helpful_count = helpful_count + 1 WHERE id = ?").bind(R.best).run();
    expect(await counters(5)).toEqual({ count: 3, sum: 9 });
    await env.DB.prepare("DELETE FROM reviews WHERE id = ?").bind(R.blinded).run();
    expect(await counters(5)).toEqual({ count: 2, sum: 6 });
  });
});

/** The product page as the edge cache serves it to visitors without cookies (decision 077). */
const cached = (path: string) => viewCached(BEAUTY, path);

describe("the cached product page", () => {
  it("follows a buyer's new review at once; a 도움돼요 does not change it", async () => {
    const path = `/shop/view/b0014?t=${crypto.randomUUID()}`;
    expect((await cached(path)).state).toBe("miss");
    const hit = await cached(path);
    expect(hit.state).toBe("hit");
    expect(hit.html).toContain(koReviews.display.empty);

    // A buyer of product 14 after 배송완료 writes a 4-star review through the API.
    const account = await joinNew(BEAUTY, "리뷰 회원");
    const b = Shopper.signedIn(BEAUTY, account.cookie);
    await b.add([{ pid2: 14, pid3: 1400 }]);
    const id = (await b.order([{ pid2: 14, pid3: 1400, qty: 1 }])).data.order_id;
    expect((await b.api("/api/myshp/pay/my/order", { id, pay_method: "bank", ...ADDRESS })).status).toBe(200);
    const shop = Shopper.signedIn(BEAUTY, await login(BEAUTY, BEAUTY_OWNER));
    await shop.api("/api/myshp/admin/order/action", { id, action: "confirm_payment" });
    await shop.api("/api/myshp/admin/order/action", { id, action: "ship", courier: "cj", tracking_no: "601234567890" });
    await shop.api("/api/myshp/admin/order/action", { id, action: "deliver" });
    const saved = await b.api<{ id: number }>("/api/myshp/review/save", {
      order_id: id,
      product_id: 14,
      option_id: 1400,
      rating: 4,
      body: "캐시 테스트 리뷰: 향이 은은하고 좋아요.",
      repurchase: false,
    });
    expect(saved.status).toBe(200);

    const after = await cached(path);
    expect(after.state).toBe("miss");
    expect(after.html).toContain(koReviews.display.count(1));
    expect(after.html).toContain(">4.0<");
    expect(after.html).toContain("캐시 테스트 리뷰");
    expect((await cached(path)).state).toBe("hit");

    const shopper = await login(BEAUTY, SHOPPER);
    await postForm(BEAUTY, "/shop/reviews", { intent: "helpful", id: String(saved.data.id) }, { cookie: shopper });
    const clicked = await cached(path);
    expect(clicked.state).toBe("hit");
  });
});
