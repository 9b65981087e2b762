import type { Browser } from "@playwright/test";
import { photo } from "./console-helpers";
import { collectErrors, expect, hydrated, jsOff, shopUrl, signUp, test } from "./fixtures";
import { act, fillLogin, joinBeauty, payBySheet, sheetOfOne, shipAndDeliver } from "./order-helpers";
import { koOrder } from "../../app/shared/messages/cart";
import { koReviews } from "../../app/shared/messages/reviews";

/** Issue 38 (decision 117): a buyer's photo review after 구매확정, its points, the owner's reply. */

/** The owner of beauty in a browser of their own, signed in at `path`. */
async function ownerAt(browser: Browser, js: boolean, path: string) {
  const context = await browser.newContext({ javaScriptEnabled: js });
  const owner = await context.newPage();
  const errors = collectErrors(owner);
  await owner.goto(shopUrl("beauty", `/user/login?url=${encodeURIComponent(path)}`));
  if (js) await hydrated(owner);
  await fillLogin(owner, "owner@beauty.example.test", "demo1234!");
  await expect(owner).toHaveURL(shopUrl("beauty", path));
  if (js) await hydrated(owner);
  const close = async () => {
    await context.close();
    expect(errors, "console errors in the owner's browser").toEqual([]);
  };
  return { owner, close };
}

test("a buyer confirms a purchase, writes a 4-star photo review and gets the shop's points; the owner replies", async ({
  page,
  browser,
}, testInfo) => {
  // A buyer's and an owner's whole journey: 25–30 s on a quiet two-core machine.
  test.setTimeout(90_000);
  const js = !jsOff(testInfo);
  const body = `촉촉하고 향이 좋아요. 매일 바르고 있어요. (${testInfo.project.name} ${Date.now()})`;
  await signUp(page, "beauty", {
    email: `e2e-review-${testInfo.project.name}-${Date.now()}@example.test`,
    name: "리뷰어",
  });
  await joinBeauty(page);

  await sheetOfOne(page, js);
  await payBySheet(page);
  await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
  const id = new URL(page.url()).searchParams.get("id")!;

  let { owner, close } = await ownerAt(browser, js, `/admin/order?id=${id}`);
  await shipAndDeliver(owner, "123456789012");
  await close();

  await page.goto(shopUrl("beauty", `/myshop/order_view?id=${id}`));
  if (js) await hydrated(page);
  await act(page, "구매확정", { confirm: true });
  await expect(page.getByTestId("order-status")).toHaveText(koOrder.status.DONE);
  await page.getByTestId("review-invite").first().click();
  await expect(page).toHaveURL(/\/myshop\/review\?order=\d{12}&line=14-1400/);
  if (js) await hydrated(page);
  const form = page.getByRole("form", { name: koReviews.title });
  await form.getByRole("radio", { name: koReviews.stars(4) }).check();
  await form.getByLabel(koReviews.body).fill(body);
  await form
    .getByLabel(koReviews.photos)
    .setInputFiles({ name: "review.jpg", mimeType: "image/jpeg", buffer: photo(320, 240) });
  await form.getByRole("button", { name: koReviews.submit }).click();
  await expect(page.getByRole("status").filter({ hasText: koReviews.rewarded("500") })).toBeVisible();
  await expect(page.getByRole("heading", { name: koReviews.editTitle })).toBeVisible();
  await expect(page.getByText(koReviews.disclosure)).toBeVisible();
  // The saved photo is in the review, no longer in the file field: saving again adds no copy.
  const edit = page.getByRole("form", { name: koReviews.editTitle });
  await expect(edit.getByRole("img", { name: koReviews.photoAlt(1) })).toBeVisible();
  await expect(edit.getByLabel(koReviews.photos)).toHaveValue("");

  await page.goto(shopUrl("beauty", "/shop/member_point"));
  await expect(page.getByTestId("point-entry").filter({ hasText: "리뷰 작성 적립" })).toContainText("+500P");

  ({ owner, close } = await ownerAt(browser, js, "/admin/reviews"));
  const card = owner.getByTestId("admin-review").filter({ hasText: body });
  await expect(card).toContainText(koReviews.stars(4));
  await expect(card.getByRole("img", { name: koReviews.photoAlt(1) })).toBeVisible();
  await card.getByLabel(koReviews.admin.reply, { exact: true }).fill("소중한 리뷰 감사합니다!");
  await card.getByRole("button", { name: koReviews.admin.replySave }).click();
  const replied = owner.getByTestId("admin-review").filter({ hasText: body });
  await expect(replied.getByRole("status")).toHaveText(koReviews.admin.replied);
  await expect(replied.locator("textarea[name=body]")).toHaveValue("소중한 리뷰 감사합니다!");
  await expect(replied.getByRole("button", { name: koReviews.admin.replyEdit })).toBeVisible();
  await close();

  // The product page (decision 119): average, count, the photo, the disclosure at the top, the reply.
  await page.goto(shopUrl("beauty", "/shop/view/b0014"));
  const section = page.getByTestId("reviews");
  await expect(section.getByTestId("review-average")).toHaveText(/^\d\.\d$/);
  await expect(section.getByTestId("review-count")).toHaveText(/^리뷰 \d+개$/);
  const mine = section.getByTestId("review").filter({ hasText: body });
  await expect(mine.getByTestId("review-disclosure")).toHaveText(koReviews.disclosure);
  await expect(mine.getByRole("img", { name: koReviews.photoAlt(1) })).toBeVisible();
  await expect(mine.getByTestId("review-reply")).toContainText("소중한 리뷰 감사합니다!");
  await expect(section.getByTestId("review-strip")).toBeVisible();
  await section.getByTestId("reviews-all").click();
  await expect(page).toHaveURL(/\/shop\/reviews\?pid=b0014$/);

  // The list: sorted and filtered by links and a GET form, with or without scripts.
  if (js) await hydrated(page);
  await page.getByRole("link", { name: koReviews.display.sorts.new }).click();
  await expect(page).toHaveURL(/sort=new/);
  await expect(page.getByTestId("review-sort-current")).toHaveText(koReviews.display.sorts.new);
  if (js) await hydrated(page);
  const filter = page.getByTestId("review-filter");
  await filter.getByLabel(koReviews.display.starFilter).selectOption("1");
  await filter.getByRole("button", { name: koReviews.display.apply }).click();
  await expect(page).toHaveURL(/star=1/);
  await expect(page.getByText(koReviews.display.noMatch)).toBeVisible();
  await page.goto(shopUrl("beauty", "/shop/reviews?pid=b0014&sort=new&photo=1&star=4"));
  await expect(page.getByTestId("review").filter({ hasText: body })).toBeVisible();

  // 도움돼요, once: the owner clicks twice, the count is 1.
  ({ owner, close } = await ownerAt(browser, js, "/shop/reviews?pid=b0014&sort=new"));
  const helpful = () => owner.getByTestId("review").filter({ hasText: body }).getByTestId("review-helpful");
  await expect(helpful()).toHaveText(koReviews.display.helpful(0));
  await helpful().click();
  await expect(helpful()).toHaveText(koReviews.display.helpful(1));
  if (js) await hydrated(owner);
  await helpful().click();
  await expect(helpful()).toBeEnabled();
  await owner.reload();
  await expect(helpful()).toHaveText(koReviews.display.helpful(1));
  await close();
});
