import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { koReviews } from "~/shared/messages/reviews";
import { koProduct } from "~/shared/messages/shop/product";
import { BEAUTY, get } from "../helpers/request";

/**
 * Issue 52 item 5 (decision 168): one review count everywhere. The product's `comment` (spec §3)
 * is the number of its goods' visible reviews, the same the reviews section counts; the seeded
 * `comment_count` (a number made of the likes) is shown nowhere.
 */
const NOW = Date.now();
const ORDER = 900_000_852;

beforeAll(async () => {
  const insert = (id: number, uid: number, status: string) =>
    env.DB.prepare(
      `INSERT INTO reviews (id, shop_id, product_id, order_id, line_product_id, option_id, extras, uid, kind, rating, body,
         option_label, is_repurchase, reward_points, status, helpful_count, created_at, updated_at)
       VALUES (?1, 1, 1, ${ORDER}, 1, 0, ?1, ?2, 'NORMAL', 5, '좋아요 좋아요', '', 0, 0, ?3, 0, ?4, ?4)`,
    ).bind(id, uid, status, NOW);
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO orders (id, shop_id, owner, items_price, delivery_price, total_price, created_at, deadline)
       VALUES (?, 1, 'm:2001', 1000, 0, 1000, ?, ?)`,
    ).bind(ORDER, NOW, NOW + 86_400_000),
    insert(85_201, 2001, "VISIBLE"),
    insert(85_202, 1002, "VISIBLE"),
    insert(85_203, 1003, "BLINDED"),
  ]);
});

describe("a product's review count", () => {
  it("is its visible reviews in the API's product and on the page, head and section alike", async () => {
    const seeded = await env.DB.prepare("SELECT comment_count FROM products WHERE id = 1").first<{
      comment_count: number;
    }>();
    const api = await get(BEAUTY, "/myshp/v2/get/product/detail?sid=b0001&shopid=1");
    expect(api.status).toBe(200);
    expect(((await api.json()) as { comment: number }).comment).toBe(2);

    const html = (await (await get(BEAUTY, "/shop/view/b0001")).text()).replace(/<!-- -->/g, "");
    expect(html).toContain(koProduct.comments(2));
    expect(html).toContain(koReviews.display.count(2));
    // No other figure is given as the reviews' number.
    const said = [...html.matchAll(/리뷰 (\d+)/g)].map((m) => Number(m[1]));
    expect(new Set(said)).toEqual(new Set([2]));
    if (seeded && seeded.comment_count !== 2) expect(html).not.toContain(`후기 ${seeded.comment_count}`);
  });
});
