import { expect, jsOff, shopUrl, test } from "./fixtures";

/** Issue 15 (in part): what a phone downloads and keeps. */

test.describe("bytes a phone does not need", () => {
  // The browser reports the 404 of the rules file.
  test.use({ expectedConsoleErrors: [/status of 404/] });
  test("hashed build files are kept a year; other public files are revalidated", async ({ page }, testInfo) => {
    test.skip(jsOff(testInfo), "asked with fetch() from the page");
    await page.goto(shopUrl("beauty", "/"));
    const module = await page.locator('link[rel="modulepreload"]').first().getAttribute("href");
    expect(module).toMatch(/^\/build\//);
    const head = (path: string) =>
      page.evaluate(async (p) => {
        const res = await fetch(p, { cache: "no-store" });
        return { status: res.status, cacheControl: res.headers.get("cache-control") ?? "" };
      }, path);
    expect((await head(module!)).cacheControl).toBe("public, max-age=31536000, immutable");
    expect((await head("/favicon.svg")).cacheControl).not.toContain("immutable");
    // The rules file itself is not served.
    expect((await head("/_headers")).status).toBe(404);
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
