import { addToCart, expect, hydrated, jsOff, shopUrl, test } from "./fixtures";

/** Issue 7: the order sheet leaves the cart alone until the shopper pays. */
test.describe("order sheet", () => {
  test("Back from the sheet finds the cart as it was; ordering again opens the same sheet", async ({
    page,
  }, testInfo) => {
    const js = !jsOff(testInfo);
    await addToCart(page, shopUrl("beauty", "/shop/view/b0013"), js);
    await page.getByTestId("header-cart").click();
    await expect(page.getByTestId("cart-row")).toHaveCount(1);
    if (js) await hydrated(page);
    await page.getByRole("button", { name: "주문하기", exact: true }).click();
    await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
    const sheet = page.url();

    await page.goBack();
    await expect(page).toHaveURL(/\/user\/checkout/);
    await expect(page.getByTestId("cart-row")).toHaveCount(1);
    await expect(page.getByTestId("header-cart").getByTestId("cart-count")).toHaveText("1");
    await page.reload();
    await expect(page.getByTestId("cart-row")).toHaveCount(1);
    if (js) await hydrated(page);
    await page.getByRole("button", { name: "주문하기", exact: true }).click();
    await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
    expect(page.url()).toBe(sheet);
  });
});
