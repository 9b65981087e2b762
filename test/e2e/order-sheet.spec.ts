import { addToCart, expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { koAuth } from "../../app/shared/messages/auth";
import { koCart, koOrder } from "../../app/shared/messages/cart";

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
    await page.getByRole("button", { name: koCart.order, exact: true }).click();
    await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
    const sheet = page.url();

    await page.goBack();
    await expect(page).toHaveURL(/\/user\/checkout/);
    await expect(page.getByTestId("cart-row")).toHaveCount(1);
    await expect(page.getByTestId("header-cart").getByTestId("cart-count")).toHaveText("1");
    await page.reload();
    await expect(page.getByTestId("cart-row")).toHaveCount(1);
    if (js) await hydrated(page);
    await page.getByRole("button", { name: koCart.order, exact: true }).click();
    await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
    expect(page.url()).toBe(sheet);
  });
});

/** Issue 11, point 3: the server's messages by their fields, the first in view, and 주문자 정보와 동일. */
test.describe("order sheet messages", () => {
  // The refused post answers 400; the browser logs the status.
  test.use({ expectedConsoleErrors: [/status of 400 /] });

  test("a refused sheet shows each message by its field, the first one in view below the header", async ({
    page,
  }, testInfo) => {
    const js = !jsOff(testInfo);
    await addToCart(page, shopUrl("beauty", "/shop/view/b0013"), js);
    await page.goto(shopUrl("beauty", "/user/checkout"));
    await page.getByRole("button", { name: koCart.order, exact: true }).click();
    await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
    const sheet = page.getByRole("form", { name: koOrder.sheetTitle });
    await sheet.getByLabel(koAuth.name).fill("김순서");
    await sheet.getByRole("region", { name: koOrder.orderer }).getByLabel(koOrder.phone).fill("010-7000-8000");
    await sheet.getByRole("checkbox", { name: koOrder.sameAsOrderer }).check();
    if (js) {
      // The receiver takes the orderer's name and phone at once.
      await expect(sheet.getByLabel(koOrder.receiver)).toHaveValue("김순서");
    }
    await sheet.getByRole("button", { name: /결제하기/ }).click();

    const postcode = sheet.getByRole("textbox", { name: /^우편번호/ });
    await expect(postcode).toHaveAttribute("aria-invalid", "true");
    await expect(sheet.getByText(koOrder.fieldErrors.postcode)).toBeVisible();
    await expect(sheet.getByText(koOrder.agreeOrderError)).toBeVisible();
    // What was typed stays, and the first field to fix is in view, not under the pinned header.
    await expect(sheet.getByLabel(koAuth.name)).toHaveValue("김순서");
    await expect(sheet.getByRole("checkbox", { name: koOrder.sameAsOrderer })).toBeChecked();
    await expect(postcode).toBeFocused();
    await expect(postcode).toBeInViewport();
    const top = (await postcode.boundingBox())!.y;
    expect(top).toBeGreaterThanOrEqual(56);

    await postcode.fill("06236");
    await sheet.getByRole("textbox", { name: /^주소/ }).fill("서울특별시 강남구 테헤란로 1");
    await sheet.getByRole("checkbox", { name: /\[필수\] 주문 내용/ }).check();
    await sheet.getByRole("button", { name: /결제하기/ }).click();
    await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
    await expect(page.getByTestId("delivery-info")).toContainText("김순서 · 010-7000-8000");
  });
});
