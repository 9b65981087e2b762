import { collectErrors, expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { sheetOfOne } from "./order-helpers";
import { koCartButton } from "../../app/shared/messages/shop/cart";
import { koProduct } from "../../app/shared/messages/shop/product";
import { koHeader } from "../../app/shared/messages/shop/header";
import { koDrawer } from "../../app/shared/messages/shop/drawer";

/** Issue 40's smaller points on the product page, on a 412 px phone, with scripts and without. */
test.describe("the product page", () => {
  test("says an add to cart in its buy bar, above the buttons, with a way to the cart", async ({ page }, testInfo) => {
    const errors = collectErrors(page);
    await page.goto(shopUrl("beauty", "/shop/view/b0002"));
    if (!jsOff(testInfo)) await hydrated(page);
    const form = page.getByRole("form", { name: koProduct.addToCart });
    const add = form.getByRole("button", { name: koProduct.addToCart });
    await add.click();
    const said = form.getByRole("status");
    await expect(said).toHaveText(`${koCartButton.added} · ${koCartButton.viewCart}`);
    // Nothing lies over the buttons: the line ends above them.
    const line = (await said.boundingBox())!;
    for (const button of [add, form.getByRole("button", { name: koProduct.buyNow })]) {
      const box = (await button.boundingBox())!;
      expect(line.y + line.height).toBeLessThanOrEqual(box.y);
    }
    await page.screenshot({ path: testInfo.outputPath("added-412.png") });
    await said.getByRole("link", { name: koCartButton.viewCart }).click();
    await expect(page).toHaveURL(/\/user\/checkout/);
    await expect(page.getByTestId("cart-row").first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("says 장바구니 담기 at once, where its answer will be, so nothing below moves when it comes", async ({
    page,
  }, testInfo) => {
    test.skip(jsOff(testInfo), "without scripts the post brings the page back with the answer");
    const errors = collectErrors(page);
    // The answer held, as a slow network would: the menu's code is counted too (decision 163).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/shop\/view\/b0002\.data/, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    const menuAsked: string[] = [];
    let menuCame!: () => void;
    const menuHeld = new Promise<void>((resolve) => (menuCame = resolve));
    await page.route(/\/build\/.*\/menu\.islands-[\w-]+\.js$/, async (route) => {
      menuAsked.push(route.request().url());
      await menuHeld;
      await route.continue();
    });
    await page.goto(shopUrl("beauty", "/shop/view/b0002"));
    await hydrated(page);
    const form = page.getByRole("form", { name: koProduct.addToCart });
    const said = form.getByRole("status");
    await expect(said).toBeHidden();
    const details = page.getByRole("heading", { name: koProduct.details });
    await form.getByRole("button", { name: koProduct.addToCart }).click();
    await expect(said).toHaveText(koCartButton.adding);
    const before = (await details.boundingBox())!.y;
    release();
    await expect(said).toHaveText(`${koCartButton.added} · ${koCartButton.viewCart}`);
    expect((await details.boundingBox())!.y).toBe(before);
    await expect(page.getByTestId("header-cart").getByTestId("cart-count")).toHaveText("1");
    // The side menu's counts changed, but nobody opened it: its code is not fetched for that.
    await page.waitForLoadState("networkidle");
    expect(menuAsked).toEqual([]);
    // Opened, it loads; meanwhile its old account part is hidden (not wrong), then says the new count.
    await page.getByTitle(koHeader.openMenu).click();
    const drawer = page.getByTestId("drawer");
    await expect(drawer.getByRole("link", { name: koDrawer.allProducts })).toBeInViewport();
    await expect.poll(() => menuAsked.length).toBe(1);
    const myMenu = page.getByTestId("my-menu");
    await expect(myMenu).toBeAttached();
    await expect(myMenu).toBeHidden();
    menuCame();
    const cart = myMenu.getByRole("link", { name: new RegExp(`^${koDrawer.cart}`) });
    await expect(cart.getByTestId("menu-count")).toHaveText("1");
    await expect(cart).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("shows that there are more photos to swipe", async ({ page }, testInfo) => {
    await page.goto(shopUrl("beauty", "/shop/view/b0001"));
    await expect(page.getByTestId("photo-count")).toHaveText(koProduct.photoCount(3));
    // The next photo shows at the gallery's edge, inside the screen.
    const width = page.viewportSize()!.width;
    const second = (await page.locator("main img").nth(1).boundingBox())!;
    expect(second.x).toBeLessThan(width);
    await page.screenshot({ path: testInfo.outputPath("gallery-412.png") });
    // One photo: nothing to say.
    await page.goto(shopUrl("beauty", "/shop/view/b0002"));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("photo-count")).toHaveCount(0);
  });
});

test("the order sheet's consents read beside their boxes on a phone", async ({ page }, testInfo) => {
  await sheetOfOne(page, !jsOff(testInfo));
  // The optional 알림톡 consent is the longest: its words start on the box's line, not under it.
  for (const name of [/\[필수\]/, /\[선택\]/]) {
    const box = (await page.getByRole("checkbox", { name }).boundingBox())!;
    const words = (await page
      .locator("label", { has: page.getByRole("checkbox", { name }) })
      .locator("span")
      .first()
      .boundingBox())!;
    expect(words.x).toBeGreaterThan(box.x + box.width);
    expect(words.y).toBeLessThan(box.y + box.height);
  }
});
