import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { koReviews } from "~/shared/messages/reviews";
import { joinNew, login, PASSWORD, postForm } from "../helpers/auth";
import { BEAUTY, BISTRO, PICKS } from "../helpers/request";
import { Shopper } from "../helpers/shopper";

/**
 * Issue 50, item 4 (decision 151): 도움돼요 counts only on a review the host shop shows. A vote sent
 * on one shop's host for a review only another shop lists is refused with its message and changes
 * nothing; a pick's page lists its origin's reviews, so a vote there counts.
 */
const NOW = Date.now();
/** beauty's review of its product 5 (picks sells it as a pick); bistro's of its dish 301. */
const R = { beauty: 78_001, bistro: 78_002 };
const ORDERS = { beauty: 900_000_881, bistro: 900_000_882 };

beforeAll(async () => {
  const order = (id: number, shop: number, uid: number) =>
    env.DB.prepare(
      `INSERT INTO orders (id, shop_id, owner, items_price, delivery_price, total_price, created_at, deadline)
       VALUES (?, ?, ?, 1000, 0, 1000, ?, ?)`,
    ).bind(id, shop, `m:${uid}`, NOW, NOW + 1000);
  const review = (id: number, shop: number, product: number, orderId: number, uid: number) =>
    env.DB.prepare(
      `INSERT INTO reviews (id, shop_id, product_id, order_id, line_product_id, option_id, extras, uid, kind, rating,
         body, status, helpful_count, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?3, 0, '', ?5, 'NORMAL', 5, '좋아요', 'VISIBLE', 0, ?6, ?6)`,
    ).bind(id, shop, product, orderId, uid, NOW);
  await env.DB.batch([
    order(ORDERS.beauty, 1, 2001),
    order(ORDERS.bistro, 3, 2001),
    review(R.beauty, 1, 5, ORDERS.beauty, 2001),
    review(R.bistro, 3, 301, ORDERS.bistro, 2001),
  ]);
});

const count = async (id: number) =>
  (await env.DB.prepare("SELECT helpful_count AS n FROM reviews WHERE id = ?").bind(id).first<{ n: number }>())!.n;
const votes = async (id: number) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM review_helpful WHERE review_id = ?")
    .bind(id)
    .first<{ n: number }>())!.n;

type Answer = { helpful_count?: number; error?: { code: string; message: string } };

describe("도움돼요 on another shop's host", () => {
  it("is refused with its message and changes nothing, through the API and the page", async () => {
    const { email, cookie } = await joinNew(BISTRO, "다른 상점 회원");
    const onBistro = Shopper.signedIn(BISTRO, cookie);
    const refused = await onBistro.api<Answer>("/api/myshp/review/helpful", { id: R.beauty });
    expect(refused.status).toBe(404);
    expect(refused.data.error).toEqual({ code: "REVIEW_NOT_FOUND", message: koReviews.errors.helpfulNotHere });
    // The page's plain post goes through the same door.
    await postForm(BISTRO, "/shop/reviews", { intent: "helpful", id: String(R.beauty), back: "/" }, { cookie });
    const onBeauty = Shopper.signedIn(BEAUTY, await login(BEAUTY, email, PASSWORD));
    expect((await onBeauty.api<Answer>("/api/myshp/review/helpful", { id: R.bistro })).status).toBe(404);
    expect([await count(R.beauty), await votes(R.beauty)]).toEqual([0, 0]);
    expect([await count(R.bistro), await votes(R.bistro)]).toEqual([0, 0]);

    // On the shop that lists them, the same member's votes count.
    const own = await onBistro.api<Answer>("/api/myshp/review/helpful", { id: R.bistro });
    expect(own).toEqual({ status: 200, data: { helpful_count: 1 } });
    expect((await onBeauty.api<Answer>("/api/myshp/review/helpful", { id: R.beauty })).data.helpful_count).toBe(1);
  });

  it("counts on a pick's shop, whose product page lists its origin's reviews, until the pick is hidden", async () => {
    const onPicks = Shopper.signedIn(PICKS, (await joinNew(PICKS, "픽 회원")).cookie);
    const before = await count(R.beauty);
    expect((await onPicks.api<Answer>("/api/myshp/review/helpful", { id: R.beauty })).data.helpful_count).toBe(
      before + 1,
    );
    // Once picks no longer shows the goods, its host is no place to vote on their reviews.
    await env.DB.prepare("UPDATE products SET visible = 0 WHERE shop_id = 2 AND origin_product_id = 5").run();
    const other = Shopper.signedIn(PICKS, (await joinNew(PICKS, "픽 회원 둘")).cookie);
    expect((await other.api<Answer>("/api/myshp/review/helpful", { id: R.beauty })).status).toBe(404);
    expect(await count(R.beauty)).toBe(before + 1);
    await env.DB.prepare("UPDATE products SET visible = 1 WHERE shop_id = 2 AND origin_product_id = 5").run();
  });
});
