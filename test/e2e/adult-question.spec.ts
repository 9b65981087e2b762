import { expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { koCart, koOrder } from "../../app/shared/messages/cart";
import { koCommon } from "../../app/shared/messages/shop/common";
import { koProduct } from "../../app/shared/messages/shop/product";

/**
 * Issue 52 item 5: adding adult-only goods (beauty's b0030) before verification asks the spec's
 * question ("…성인인증 페이지로 이동할까요?") with its two answers as buttons that stay until
 * pressed, with scripts and without; 취소 keeps the shopper on the product, the other goes to
 * verification and back to this product.
 */

const PATH = "/shop/view/b0030";
/** How long a snackbar stays (ALERT_MS, app/components/ui/UiProvider.tsx). */
const ALERT_MS = 3000;

test.describe("adult-only goods added before verification", () => {
  // The refused add to cart answers 403 (400 without scripts): the browser reports a failed load.
  test.use({ expectedConsoleErrors: [/status of 40[03] /] });

  test("ask the question with buttons: 취소 stays, 성인인증 하기 goes to verification", async ({ page }, testInfo) => {
    const js = !jsOff(testInfo);
    const add = async () => {
      await page
        .getByRole("form", { name: koProduct.addToCart })
        .getByRole("button", { name: koProduct.addToCart })
        .click();
      const choice = page.getByTestId("way-choice");
      await expect(choice).toContainText(koOrder.age19);
      return choice;
    };
    await page.goto(shopUrl("beauty", PATH));
    if (js) await hydrated(page);

    let choice = await add();
    await expect(choice.getByRole("button", { name: koOrder.age19Link })).toBeVisible();
    await expect(choice.getByRole("button", { name: koCommon.cancel })).toBeVisible();
    // A question, not a notice that goes: still there after the snackbar's time.
    await page.waitForTimeout(ALERT_MS + 500);
    await expect(choice.getByRole("button", { name: koOrder.age19Link })).toBeVisible();

    await choice.getByRole("button", { name: koCommon.cancel }).click();
    await expect(page.getByTestId("way-choice")).toHaveCount(0);
    // Without scripts 취소 is a plain GET of the product page (its form has no fields: a bare "?").
    await expect(page).toHaveURL(new RegExp(`${shopUrl("beauty", PATH)}\\??$`));

    choice = await add();
    await choice.getByRole("button", { name: koOrder.age19Link }).click();
    await expect(page).toHaveURL(shopUrl("beauty", `/notlogin/auth?url=${encodeURIComponent(PATH)}`));

    await page.goto(shopUrl("beauty", "/user/checkout"));
    await expect(page.getByText(koCart.empty)).toBeVisible();
  });
});
