import { customUrl, expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { koCart } from "../../app/shared/messages/cart";
import { koCommon } from "../../app/shared/messages/shop/common";
import { koDrawer } from "../../app/shared/messages/shop/drawer";
import { koErrors } from "../../app/shared/messages/shop/errors";
import { koFooter } from "../../app/shared/messages/shop/footer";
import { koHeader } from "../../app/shared/messages/shop/header";
import { koHome } from "../../app/shared/messages/shop/home";
import { koNotices } from "../../app/shared/messages/shop/notices";
import { koProduct } from "../../app/shared/messages/shop/product";
import { koSearch } from "../../app/shared/messages/shop/search";
import { koSort } from "../../app/shared/messages/shop/sort";

test.describe("browsing a shop", () => {
  test("home shows the shop, its theme and its products", async ({ page }) => {
    const res = await page.goto(shopUrl("beauty"));
    expect(res?.status()).toBe(200);
    await expect(page).toHaveTitle("뷰티 라운지");
    await expect(page.getByRole("heading", { name: koHome.newArrivals })).toBeVisible();
    await expect(page.getByRole("list", { name: koHome.newArrivals }).getByRole("listitem")).toHaveCount(12);
    const main = await page.evaluate(() => getComputedStyle(document.querySelector("header")!).backgroundColor);
    expect(main).toBe("rgb(228, 87, 124)"); // #E4577C, beauty's mcolor
  });

  test("cards follow the shop's image ratio (square by default): a phone's first screen shows six", async ({
    page,
  }) => {
    await page.goto(shopUrl("beauty", "/shop/list?category=0"));
    const images = page.locator("main a[href^='/shop/view/'] img");
    await expect(images.first()).toBeVisible();
    const first = (await images.first().boundingBox())!;
    expect(Math.abs(first.height - first.width)).toBeLessThanOrEqual(1);
    const height = page.viewportSize()!.height;
    const tops = await page
      .locator("main a[href^='/shop/view/']")
      .evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().top));
    expect(tops.filter((top) => top < height).length).toBeGreaterThanOrEqual(6);
  });

  test("search finds this shop's products from the header, by part of a word or by initials", async ({
    page,
  }, testInfo) => {
    await page.goto(shopUrl("beauty", "/"));
    if (!jsOff(testInfo)) await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole("link", { name: koSearch.title }).click();
    await expect(page).toHaveURL(shopUrl("beauty", "/shop/search"));
    // With scripts, the header's link is a client navigation: no document to load again on a
    // phone's network, and nothing typed before a new document hydrates.
    if (!jsOff(testInfo)) expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    await page.getByRole("searchbox", { name: koSearch.label }).fill("ㅅㅋ");
    await page.getByRole("button", { name: koSearch.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/shop\/search\?q=%E3%85%85%E3%85%8B/);
    await expect(page.getByRole("status")).toContainText("'ㅅㅋ' 검색 결과");
    await expect(page.getByRole("link", { name: /녹차 수분 스킨 200ml/ }).first()).toBeVisible();
    await page.getByRole("searchbox", { name: koSearch.label }).fill("김치찌개");
    await page.getByRole("button", { name: koSearch.submit, exact: true }).click();
    await expect(page.getByRole("status")).toContainText("'김치찌개'에 맞는 상품이 없습니다");
  });

  test("category list pages by links", async ({ page }) => {
    await page.goto(shopUrl("beauty", "/shop/list?category=0"));
    await expect(page.getByText("상품 44개")).toBeVisible();
    await page.getByRole("link", { name: koCommon.next }).click();
    await expect(page).toHaveURL(/page=2/);
    const pager = page.getByRole("navigation", { name: "pagination" });
    // The number, read as "2 페이지" (the suffix is for screen readers only).
    await expect(pager.locator('[aria-current="page"]')).toHaveText("2페이지");
    await pager.getByRole("link", { name: "3 페이지" }).click();
    await expect(page).toHaveURL(/page=3/);
    // 인기순: the most liked first, still paged by links.
    await page.getByRole("link", { name: koSort.popular }).click();
    await expect(page).toHaveURL(/category=0&sort=popular/);
    await expect(page.getByRole("link", { name: koSort.popular })).toHaveAttribute("aria-current", "true");
    await page.getByRole("link", { name: "메이크업", exact: true }).click();
    await expect(page).toHaveURL(/category=1002/);
    await expect(page.getByRole("heading", { name: "메이크업", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "립", exact: true }).click();
    await expect(page).toHaveURL(/category=43/);
    await expect(page.getByText("상품 4개")).toBeVisible();
  });

  test("product page shows price, options and streamed recommendations", async ({ page }, testInfo) => {
    await page.goto(shopUrl("beauty", "/shop/view/b0017"));
    await expect(page.getByRole("heading", { name: "벨벳 틴트 (6색)", level: 1 })).toBeVisible();
    await expect(page.getByTestId("price")).toHaveText("12,000원");
    const options = page.getByRole("group", { name: koCart.option }).getByRole("radio");
    await expect(options).toHaveCount(6);
    await expect(page.getByRole("radio", { name: /^03 체리밤/ })).toBeDisabled();
    if (jsOff(testInfo)) {
      // Streamed content needs a script to be swapped in; without one the fallback links onward.
      await expect(page.getByRole("link", { name: koProduct.moreInCategory })).toHaveAttribute("href", /category=43/);
    } else {
      const recs = page.getByRole("list", { name: koProduct.recommendations }).getByRole("listitem");
      await expect(recs.first()).toBeVisible();
      expect(await recs.count()).toBeLessThanOrEqual(30);
    }
  });

  test("sold-out product says so and offers no form", async ({ page }) => {
    await page.goto(shopUrl("beauty", "/shop/view/b0007"));
    await expect(page.getByText(koProduct.salesEnded)).toBeVisible();
    await expect(page.getByRole("form", { name: koProduct.addToCart })).toHaveCount(0);
  });

  test("notices open without scripts", async ({ page }) => {
    await page.goto(shopUrl("beauty", "/shop/notice-list"));
    await expect(page.getByRole("heading", { name: koNotices.title })).toBeVisible();
    await page.getByText("설 연휴 배송 안내").click();
    await expect(page.getByText("연휴 기간에는 출고가 중단됩니다.", { exact: false })).toBeVisible();
  });

  test("drawer opens from the header and leads to notices", async ({ page }) => {
    await page.goto(shopUrl("beauty"));
    const drawer = page.getByTestId("drawer");
    await expect(drawer).toBeHidden();
    await page.getByTitle(koHeader.openMenu).click();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText("뷰티 라운지")).toBeVisible();
    await drawer.getByRole("link", { name: koNotices.title }).click();
    await expect(page).toHaveURL(/\/shop\/notice-list/);
  });

  test("category dialog goes to the chosen category", async ({ page }, testInfo) => {
    await page.goto(shopUrl("beauty"));
    await page.getByTitle(koHeader.openMenu).click();
    await page.getByTestId("drawer").getByRole("link", { name: koDrawer.categories }).click();
    if (jsOff(testInfo)) {
      // Without scripts the link lands on the list's category bar instead of a dialog.
      const bar = page.getByRole("navigation", { name: koDrawer.categories });
      await bar.getByRole("link", { name: "스킨케어" }).click();
      await page.getByRole("navigation", { name: koDrawer.categories }).getByRole("link", { name: "크림" }).click();
    } else {
      await page.getByRole("dialog").getByRole("link", { name: "크림", exact: true }).click();
    }
    await expect(page).toHaveURL(/\/shop\/list\?category=41/);
  });

  test("custom domain shop shows its logo, social links and business footer", async ({ page }) => {
    await page.goto(customUrl());
    await expect(page).toHaveTitle("모노 스튜디오");
    await expect(page.getByRole("img", { name: "모노 스튜디오" })).toBeVisible();
    await expect(page.getByTestId("header-social")).toBeVisible();
    const height = await page.locator("header").evaluate((h) => h.getBoundingClientRect().height);
    expect(height).toBeGreaterThanOrEqual(120);
    const footer = page.getByTestId("footer");
    await expect(footer).toBeVisible({ timeout: 5000 });
    await expect(footer.getByText("주식회사 모노스튜디오")).toBeVisible();
    await expect(footer.getByRole("link", { name: koFooter.escrow })).toBeVisible();
  });
});

test.describe("not found", () => {
  // The browser itself logs the 404 status of the page it was sent to.
  test.use({ expectedConsoleErrors: [/status of 404/] });
  test("unknown routes and products answer 404 in Korean", async ({ page }) => {
    let res = await page.goto(shopUrl("beauty", "/no/such/page"));
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: koErrors.pageNotFound })).toBeVisible();
    // The request's id to quote, as its X-Request-Id says, still there once the page has hydrated.
    await expect(
      page.getByText(`문의 시 이 번호를 알려 주세요: ${await res!.headerValue("x-request-id")}`),
    ).toBeVisible();
    res = await page.goto(shopUrl("beauty", "/shop/view/zzzz"));
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: koErrors.noProduct })).toBeVisible();
    await expect(
      page.getByText(`문의 시 이 번호를 알려 주세요: ${await res!.headerValue("x-request-id")}`),
    ).toBeVisible();
  });
});

test.describe("assets", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "scripts are what is loaded");

  test("the product page loads its scripts without a redirect", async ({ page }) => {
    // A "$" in a chunk name is answered with a redirect to "%24" by the asset server.
    const redirected: string[] = [];
    page.on("response", (res) => {
      if (res.url().includes("/build/") && res.status() >= 300 && res.status() < 400) redirected.push(res.url());
    });
    await page.goto(shopUrl("beauty", "/shop/view/b0017"));
    await hydrated(page);
    expect(redirected).toEqual([]);
  });
});

test.describe("with scripts", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "scroll behaviour needs JavaScript");

  test("header becomes fixed after scrolling past its height plus 100px", async ({ page }) => {
    await page.goto(shopUrl("beauty"));
    await hydrated(page);
    const header = page.locator("header");
    await expect(header).toHaveAttribute("data-fixed", "false");
    await page.mouse.wheel(0, 120);
    await page.waitForTimeout(100);
    await expect(header).toHaveAttribute("data-fixed", "false"); // 120 < 56 + 100
    await page.mouse.wheel(0, 400);
    await expect(header).toHaveAttribute("data-fixed", "true");
    expect(await header.evaluate((h) => [getComputedStyle(h).position, h.getBoundingClientRect().height])).toEqual([
      "fixed",
      56,
    ]);
  });
});

test.describe("Internet Explorer", () => {
  test.use({ userAgent: "Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko" });
  test("gets the banner recommending desktop Chrome", async ({ page }) => {
    await page.goto(shopUrl("beauty"));
    await expect(page.getByTestId("ie-banner")).toContainText("크롬");
  });
});
