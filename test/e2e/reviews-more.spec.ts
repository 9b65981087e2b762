import { execFileSync } from "node:child_process";
import { expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { E2E_STATE_DIR } from "../../scripts/lib/e2e-paths.mjs";
import { koReviews } from "../../app/shared/messages/reviews";

/**
 * Issue 38 item 4 (decision 119): the product page shows the first 3 reviews; with scripts the
 * next ones appear as the reader scrolls near, 10 a page, 리뷰 더 보기 for the rest; without them
 * the link leads to the list. 15 reviews of beauty's b0018 (which no other test reads) are written
 * straight into the served database, as the Worker tests write theirs: the buyer's flow that makes
 * one review is reviews.spec.ts's.
 */
const ORDER = 900_000_918;
const COUNT = 15;

test.beforeAll(() => {
  const now = Date.now();
  const rows = Array.from({ length: COUNT }, (_, i) => {
    const id = 918_001 + i;
    // 추천순 is by helpful count: review i has COUNT - i, so the list's order is the insert order.
    return `(${id}, 1, (SELECT id FROM products WHERE sid = 'b0018' AND shop_id = 1), ${ORDER}, 0, 0, 'e2e-${i}',
      ${[1001, 1002, 2001, 9001][i % 4]}, 'NORMAL', ${5 - (i % 3)}, '더 보기 리뷰 ${i + 1}번: 오래 써 봤어요', ${COUNT - i},
      ${now - i * 60_000}, ${now - i * 60_000})`;
  });
  const sql = [
    `INSERT OR IGNORE INTO orders (id, shop_id, owner, items_price, delivery_price, total_price, created_at, deadline)
     VALUES (${ORDER}, 1, 'm:2001', 1000, 0, 1000, ${now}, ${now + 86_400_000});`,
    `INSERT OR IGNORE INTO reviews (id, shop_id, product_id, order_id, line_product_id, option_id, extras, uid, kind,
       rating, body, helpful_count, created_at, updated_at) VALUES ${rows.join(",\n")};`,
  ].join("\n");
  execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", E2E_STATE_DIR, "--command", sql], {
    stdio: "pipe",
  });
});

const body = (n: number) => `더 보기 리뷰 ${n}번`;

test("the next reviews come as the reader scrolls near, 10 a page; without scripts the link leads to all", async ({
  page,
}, testInfo) => {
  const js = !jsOff(testInfo);
  await page.goto(shopUrl("beauty", "/shop/view/b0018"));
  const section = page.getByTestId("reviews");
  await expect(section.getByTestId("review-count")).toHaveText(`리뷰 ${COUNT}개`);
  const reviews = section.getByTestId("review");
  await expect(reviews.first()).toContainText(body(1));
  if (js) {
    await hydrated(page);
    await section.getByTestId("reviews-all").scrollIntoViewIfNeeded();
    // 3 shown, then the list's first page of 10 less those 3.
    await expect(reviews).toHaveCount(10);
    await expect(reviews.nth(9)).toContainText(body(10));
    await section.getByRole("button", { name: koReviews.display.more }).click();
    await expect(reviews).toHaveCount(COUNT);
    await expect(reviews.nth(COUNT - 1)).toContainText(body(COUNT));
    await expect(section.getByRole("button", { name: koReviews.display.more })).toHaveCount(0);
  } else {
    await expect(reviews).toHaveCount(3);
    await expect(section.getByRole("button", { name: koReviews.display.more })).toHaveCount(0);
  }
  // The link to the full list (sorts, filters) stays.
  await section.getByTestId("reviews-all").click();
  await expect(page).toHaveURL(/\/shop\/reviews\?pid=b0018$/);
  await expect(page.getByTestId("review")).toHaveCount(10);
  await expect(page.getByTestId("review").first()).toContainText(body(1));
});
