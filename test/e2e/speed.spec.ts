import { expect, jsOff, shopUrl, test } from "./fixtures";

/** Issue 15 (in part): what a phone downloads and keeps. */

test.describe("bytes a phone does not need", () => {
  // The browser reports the 404 of the rules file.
  test.use({ expectedConsoleErrors: [/status of 404/] });
  test("hashed build files are kept a year; other public files are revalidated", async ({ page }) => {
    // Read from the responses themselves, so this holds with and without scripts.
    const html = await (await page.goto(shopUrl("beauty", "/")))!.text();
    const module = /<link rel="modulepreload" href="(\/build\/[^"]+\.js)"/.exec(html)?.[1];
    expect(module).toMatch(/^\/build\/.+\.js$/);
    const open = async (path: string) => {
      const res = (await page.goto(shopUrl("beauty", path)))!;
      return { status: res.status(), cacheControl: (await res.allHeaders())["cache-control"] ?? "" };
    };
    expect((await open(module!)).cacheControl).toBe("public, max-age=31536000, immutable");
    expect((await open("/favicon.svg")).cacheControl).not.toContain("immutable");
    // The rules file itself is not served.
    expect((await open("/_headers")).status).toBe(404);
  });

  test("the product page fetches no recommendation picture it does not show", async ({ page }, testInfo) => {
    const pictures: string[] = [];
    page.on("request", (r) => {
      if (/\/files\/shops\/beauty\/p\//.test(r.url()) && !r.url().includes("b0017")) pictures.push(r.url());
    });
    await page.goto(shopUrl("beauty", "/shop/view/b0017"));
    await page.waitForLoadState("load");
    if (jsOff(testInfo)) {
      // Streamed into a hidden element that needs a script to appear: nothing to download.
      await expect(page.getByRole("link", { name: "이 카테고리 상품 더 보기" })).toBeVisible();
      expect(pictures).toEqual([]);
    } else {
      // With scripts they come, lazily (the browser loads those near the screen).
      await expect(page.getByRole("list", { name: "함께 보면 좋은 상품" })).toBeAttached();
      expect(pictures.length).toBeLessThan(30);
    }
  });
});

test.describe("legible on a phone", () => {
  test("typing fields are 16 px or more, text 12 px or more, and Korean wraps between words", async ({ page }) => {
    await page.goto(shopUrl("beauty", "/shop/search"));
    const size = (locator: ReturnType<typeof page.locator>) =>
      locator.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await size(page.getByRole("searchbox", { name: "검색어" }))).toBeGreaterThanOrEqual(16);
    expect(await size(page.locator("html"))).toBeGreaterThanOrEqual(12);
    expect(await page.locator("body").evaluate((b) => getComputedStyle(b).wordBreak)).toBe("keep-all");
  });
});
