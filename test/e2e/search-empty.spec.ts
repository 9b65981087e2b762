import { expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { koSearch } from "../../app/shared/messages/shop/search";

/**
 * Issue 40 (decision 129): the empty search page offers the shop's popular searches (with and
 * without scripts) and, with scripts, the device's recent ones; a compound typed without spaces
 * finds what the spaced words find.
 */
test.describe("the empty search page", () => {
  // Counting is limited per client address (30 in 15 minutes), and every local browser is the same
  // unknown address to the Worker: this test comes from an address of its own (TEST-NET-2), as on
  // Cloudflare, which sets the header itself.
  test.use({ extraHTTPHeaders: { "cf-connecting-ip": `198.51.100.${1 + Math.floor(Math.random() * 254)}` } });
  test("offers popular searches, and recent ones on a device with scripts", async ({ page }, testInfo) => {
    const box = () => page.getByRole("searchbox", { name: koSearch.label });
    await page.goto(shopUrl("beauty", "/shop/search"));
    if (!jsOff(testInfo)) await hydrated(page);
    // Typed without the space: found all the same, and said to be close rather than exact.
    await box().fill("수분크림");
    await page.getByRole("button", { name: koSearch.submit, exact: true }).click();
    await expect(page.getByRole("status")).toHaveText(koSearch.loose("수분크림", 2));
    await expect(page.getByRole("link", { name: /마데카 수분 젤 크림/ }).first()).toBeVisible();
    // Searched a second time (another shopper): now one of the shop's popular searches.
    await page.goto(shopUrl("beauty", `/shop/search?q=${encodeURIComponent("수분크림")}`));
    await expect(page.getByRole("status")).toHaveText(koSearch.loose("수분크림", 2));

    const popular = page.getByRole("region", { name: koSearch.popular });
    // The count is written just after the answer: the empty page may need a moment to show it.
    await expect(async () => {
      await page.goto(shopUrl("beauty", "/shop/search"));
      await expect(popular.getByRole("link", { name: "수분크림" })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    if (!jsOff(testInfo)) await hydrated(page);

    const recent = page.getByRole("region", { name: koSearch.recent });
    if (jsOff(testInfo)) {
      // Without scripts nothing is kept on the device: no recent searches, popular ones only.
      await expect(recent).toHaveCount(0);
    } else {
      await expect(recent.getByRole("link", { name: "수분크림" })).toBeVisible();
      await recent.getByRole("button", { name: koSearch.recentRemove("수분크림") }).click();
      await expect(recent).toHaveCount(0);
    }

    await popular.getByRole("link", { name: "수분크림" }).click();
    await expect(page).toHaveURL(/\/shop\/search\?q=%EC%88%98%EB%B6%84%ED%81%AC%EB%A6%BC/);
    await expect(page.getByRole("status")).toHaveText(koSearch.loose("수분크림", 2));
    if (!jsOff(testInfo)) {
      await page.goto(shopUrl("beauty", "/shop/search"));
      await hydrated(page);
      await expect(recent.getByRole("link", { name: "수분크림" })).toBeVisible();
    }
  });

  test("finds no goods whose sale has ended first", async ({ page }) => {
    await page.goto(shopUrl("beauty", `/shop/search?q=${encodeURIComponent("ㅋㄹ")}`));
    const first = page.locator("main a[href^='/shop/view/']").first();
    await expect(first).toBeVisible();
    await expect(first).not.toContainText("판매종료");
  });
});
