import { expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { fillLogin } from "./order-helpers";
import { koDaily } from "../../app/shared/messages/daily";
import { koShopSettings } from "../../app/shared/messages/shop-settings";

/**
 * Issue 38's console part (decision 120): the owner sets the review rewards at /admin/settings,
 * with scripts and without, and the dashboard shows new reviews and 상품문의 waiting.
 */

const t = koShopSettings;
const counted = (label: string) => new RegExp(`${label.replace(/[()]/g, "\\$&")} \\d+`);

// A refused amount is answered 400, which the browser logs as a failed resource.
test.use({ expectedConsoleErrors: [/status of 400 /] });

test("the owner changes 포토 리뷰 적립 and sees the dashboard's counts", async ({ page }, testInfo) => {
  const js = !jsOff(testInfo);
  // Each project has its own database; the amounts differ only to tell the runs apart.
  const amount = js ? "700" : "800";
  await page.goto(shopUrl("picks", `/user/login?url=${encodeURIComponent("/admin/settings")}`));
  await fillLogin(page, "owner@picks.example.test", "demo1234!");
  await expect(page).toHaveURL(/\/admin\/settings/);
  if (js) await hydrated(page);

  const reviews = page.getByRole("form", { name: t.sections.reviews });
  await expect(reviews.getByTestId("review-settings-note")).toBeVisible();
  const photo = reviews.locator('[name="review_point_photo"]');
  await photo.fill("200000");
  await reviews.getByRole("button", { name: t.save }).click();
  await expect(reviews.getByText(t.errors.reviewPoints)).toBeVisible();
  await expect(photo).toHaveAttribute("aria-invalid", "true");
  await expect(photo).toHaveValue("200000");

  await photo.fill(amount);
  await reviews.getByRole("button", { name: t.save }).click();
  await expect(page.getByText(t.done.reviews)).toBeVisible();
  await expect(page.getByRole("form", { name: t.sections.reviews }).locator('[name="review_point_photo"]')).toHaveValue(
    amount,
  );

  await page.goto(shopUrl("picks", "/admin"));
  const d = koDaily.dashboard;
  const newReviews = page.getByTestId("new-reviews");
  await expect(newReviews).toContainText(counted(d.newReviews));
  const questions = page.getByTestId("waiting-questions");
  await expect(questions).toContainText(counted(d.waitingQuestions));
  if (js) await hydrated(page);
  await questions.getByRole("link", { name: d.openQuestions }).click();
  await expect(page).toHaveURL(shopUrl("picks", "/admin/questions"));
});
