import { expect, holdTimers, hydrated, shopUrl, test } from "./fixtures";
import { koCommon } from "../../app/shared/messages/shop/common";
import { koHeader } from "../../app/shared/messages/shop/header";
import { koList } from "../../app/shared/messages/shop/list";
import { koNotices } from "../../app/shared/messages/shop/notices";
import { koUiCheck } from "../../app/shared/messages/ui-check";

test.describe("global UI pieces (/test)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "dialogs and alerts are script features");

  test.beforeEach(async ({ page }) => {
    await page.goto(shopUrl("beauty", "/test"));
    await hydrated(page);
  });

  test("snackbar shows for 3 seconds, top or bottom", async ({ page }) => {
    const clock = await holdTimers(page);
    await page.getByRole("button", { name: koUiCheck.snackbarTop }).click();
    const bar = page.getByRole("alert").filter({ hasText: koUiCheck.sampleSnackbar });
    await expect(bar).toBeVisible();
    expect(await bar.evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(100);
    await page.clock.runFor(2500);
    await expect(bar).toBeVisible();
    await page.clock.runFor(600);
    await expect(bar).toBeHidden();
    await clock.release();
    await page.getByRole("button", { name: koUiCheck.snackbarBottom }).click();
    const bottom = page.getByRole("alert").filter({ hasText: koUiCheck.sampleSnackbar });
    const viewport = page.viewportSize()!.height;
    expect(await bottom.evaluate((el) => el.getBoundingClientRect().bottom)).toBeGreaterThan(viewport - 100);
  });

  test("info bar shows for 3 seconds", async ({ page }) => {
    const clock = await holdTimers(page);
    await page.getByRole("button", { name: koUiCheck.infoBar }).click();
    const bar = page.getByRole("status").filter({ hasText: koUiCheck.sampleInfo });
    await expect(bar).toBeVisible();
    await page.clock.runFor(2900);
    await expect(bar).toBeVisible();
    await page.clock.runFor(200);
    await expect(bar).toBeHidden();
    await clock.release();
  });

  test("confirm: Enter confirms, No declines", async ({ page }) => {
    await page.getByRole("button", { name: koUiCheck.confirm }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(koUiCheck.sampleConfirm);
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("ui-result")).toHaveText("true");
    await page.getByRole("button", { name: koUiCheck.confirm }).click();
    await page.getByRole("dialog").getByRole("button", { name: koCommon.no }).click();
    await expect(page.getByTestId("ui-result")).toHaveText("false");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("prompt: Enter confirms and returns the trimmed input; Cancel returns nothing", async ({ page }) => {
    await page.getByRole("button", { name: koUiCheck.prompt }).click();
    await page.getByRole("dialog").getByRole("textbox").fill("   홍길동  ");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("ui-result")).toHaveText('"홍길동"');
    await page.getByRole("button", { name: koUiCheck.prompt }).click();
    await page.getByRole("dialog").getByRole("button", { name: koCommon.cancel }).click();
    await expect(page.getByTestId("ui-result")).toHaveText("null");
  });

  test("modal opens and closes", async ({ page }) => {
    await page.getByRole("button", { name: koUiCheck.modal }).click();
    await expect(page.getByRole("dialog")).toContainText(koUiCheck.sampleModal);
    await page.getByRole("dialog").getByRole("button", { name: koCommon.close }).click();
    await expect(page.getByTestId("ui-result")).toHaveText("modal closed");
  });
});

test.describe("network-aware prefetch", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "prefetch is a script feature");

  test("no prefetch on data saver", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" } });
    });
    await page.goto(shopUrl("beauty"));
    await page
      .getByRole("link", { name: /어성초 진정 토너/ })
      .first()
      .hover();
    await page.waitForTimeout(300);
    expect(await page.locator('link[rel="prefetch"], link[rel="modulepreload"][data-prefetch]').count()).toBe(0);
  });

  test("prefetch on intent otherwise", async ({ page }) => {
    await page.goto(shopUrl("beauty"));
    await hydrated(page);
    await page
      .getByRole("link", { name: /어성초 진정 토너/ })
      .first()
      .hover();
    await expect(page.locator('link[rel="prefetch"]').first()).toBeAttached();
  });
});

test.describe("progress bar", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "client navigations need scripts");

  test("shows while a slow navigation loads and goes when it lands", async ({ page }) => {
    await page.goto(shopUrl("beauty"));
    await hydrated(page);
    const bar = page.getByRole("progressbar");
    // Hold the notices' data request for a second: the bar must show, then go when it lands.
    await page.route(/notice-list\.data/, async (route) => {
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue();
    });
    await page.getByLabel(koHeader.openMenu, { exact: true }).first().click({ force: true });
    await page.getByTestId("drawer").getByRole("link", { name: koNotices.title }).click();
    await expect(bar).toBeVisible();
    // Drawn over the header, it must not be the header's colour (issue 15): it would not show.
    const barColour = await bar.evaluate((b) => getComputedStyle(b).backgroundColor);
    const headerColour = await page.locator("header").evaluate((h) => getComputedStyle(h).backgroundColor);
    expect(barColour).not.toBe(headerColour);
    await expect(page).toHaveURL(/notice-list/);
    await expect(bar).toHaveCount(0);
  });
});

test.describe("the frame as islands (decision 073)", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "hydration needs scripts");

  test("the menu's code loads when it is first opened; opened before it arrives, it stays open", async ({ page }) => {
    // The side menu is an island loaded on first use (decision 128): hold its chunk once asked for.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/build\/.*\/menu\.islands-[\w-]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto(shopUrl("beauty", "/shop/list?category=0"));
    await page.waitForLoadState("networkidle");
    expect(asked).toBe(false);
    const drawer = page.getByTestId("drawer");
    await page.getByTitle(koHeader.openMenu).click();
    await expect(drawer.getByRole("link", { name: koList.all })).toBeInViewport();
    await expect.poll(() => asked).toBe(true);
    release();
    // Drawn in place of its HTML, the menu is still open.
    await expect(page.locator('[data-island="ShopMenu"][data-drawn]')).toBeAttached();
    await expect(drawer.getByRole("link", { name: koList.all })).toBeInViewport();
    // And a navigation closes it, as before.
    await drawer.getByRole("link", { name: koNotices.title }).click();
    await expect(page).toHaveURL(/notice-list/);
    await expect(drawer.getByRole("link", { name: koList.all })).not.toBeInViewport();
  });
});
