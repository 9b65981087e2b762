import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, hydrated, jsOff, shopUrl, test } from "./fixtures";

/**
 * Issue 15: accessibility 100 on beauty's home, a category list and a product page. axe (the
 * engine of Lighthouse's accessibility audits, with the WCAG 2.1 A and AA rules) on a 412 px phone
 * screen. With scripts: after the frame's islands have hydrated. Without: axe needs a script of
 * its own, so the page's HTML is checked in a context where only the app's scripts are refused.
 * Beauty's pink tests contrast hardest (text on the pink, the pink as text on white).
 */
const PAGES = ["/", "/shop/list?category=0", "/shop/view/b0017"];
const VIEWPORT = { width: 412, height: 915 };

async function violations(page: Page): Promise<string[]> {
  // The settled page: the footer appears after 2 s (opacity 0 until then), and text not yet shown has
  // less contrast than the page it ends in.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished),
    ),
  );
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

test.describe("accessibility", () => {
  test.use({ viewport: VIEWPORT });
  for (const path of PAGES) {
    test(`no axe violations on beauty ${path}`, async ({ page, browser }, testInfo) => {
      if (!jsOff(testInfo)) {
        await page.goto(shopUrl("beauty", path));
        await hydrated(page);
        expect(await violations(page)).toEqual([]);
        return;
      }
      const context = await browser.newContext({ javaScriptEnabled: true, viewport: VIEWPORT });
      await context.route(/\/build\/.*\.js$/, (route) => route.abort());
      const html = await context.newPage();
      await html.goto(shopUrl("beauty", path));
      expect(await html.locator("html[data-hydrated]").count()).toBe(0);
      expect(await violations(html)).toEqual([]);
      await context.close();
    });
  }
});
