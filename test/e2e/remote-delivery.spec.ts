import { expect, hydrated, jsOff, shopUrl, test, addToCart, agreeAll } from "./fixtures";
import { fillLogin } from "./order-helpers";
import { koAuth } from "../../app/shared/messages/auth";
import { koCart, koOrder } from "../../app/shared/messages/cart";
import { koShopSettings } from "../../app/shared/messages/shop-settings";
import { formatCount, formatKRW } from "../../app/shared/format";

/**
 * Issue 36 item 4 (decision 110): the owner sets a 제주 extra, and a shopper ordering to a 제주
 * postcode sees it as its own line before paying (live with scripts; after the refused post
 * without), and the order's amount includes it.
 */

const won = (text: string | null) => Number((text ?? "").replace(/[^0-9]/g, ""));

// Without scripts the sheet comes back 409 with the new total; the browser logs the status.
test.use({ expectedConsoleErrors: [/status of 409 /] });

test("an order to 제주 shows and charges the shop's 제주 extra", async ({ page }, testInfo) => {
  const js = !jsOff(testInfo);
  await page.goto(shopUrl("beauty", `/user/login?url=${encodeURIComponent("/admin/settings")}`));
  await fillLogin(page, "owner@beauty.example.test", "demo1234!");
  await expect(page).toHaveURL(shopUrl("beauty", "/admin/settings"));
  if (js) await hydrated(page);
  const delivery = page.getByRole("form", { name: koShopSettings.sections.delivery });
  await delivery.locator('[name="jeju_fee"]').fill("3000");
  await delivery.getByRole("button", { name: koShopSettings.save }).click();
  await expect(page.getByText(koShopSettings.done.delivery)).toBeVisible();
  await page.context().clearCookies();

  await addToCart(page, shopUrl("beauty", "/shop/view/b0014"), js);
  await page.getByTestId("header-cart").click();
  await expect(page.getByTestId("cart-row")).toHaveCount(1);
  if (js) await hydrated(page);
  await page.getByRole("button", { name: koCart.order, exact: true }).click();
  await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
  if (js) await hydrated(page);
  const before = won(await page.getByTestId("order-total").textContent());
  await expect(page.getByTestId("remote-fee")).toHaveCount(0);

  const sheet = page.getByRole("form", { name: koOrder.sheetTitle });
  await sheet.getByLabel(koAuth.name).fill("김제주");
  await sheet.getByRole("region", { name: koOrder.orderer }).getByLabel(koOrder.phone).fill("010-3000-4000");
  await sheet.getByLabel(koOrder.receiver).fill("김제주");
  await sheet.getByRole("region", { name: koOrder.delivery }).getByLabel(koOrder.phone).fill("010-3000-4000");
  await sheet.getByLabel(koOrder.postcode).fill("63100");
  await sheet.getByLabel(koOrder.address, { exact: true }).fill("제주특별자치도 제주시 첨단로 1");
  await agreeAll(sheet);
  if (js) {
    // The line and the button follow the postcode at once.
    await expect(page.getByTestId("remote-fee")).toContainText(koOrder.remoteFee.jeju);
    await expect(page.getByTestId("remote-fee")).toContainText("3,000원");
    await expect(page.getByTestId("order-total")).toHaveText(formatKRW(before + 3000));
    await expect(sheet.getByRole("button", { name: /결제하기/ })).toContainText(formatCount(before + 3000));
  }
  await sheet.getByRole("button", { name: /결제하기/ }).click();
  if (!js) {
    // Not charged silently: the sheet again, the new total and why, then paid at it.
    await expect(page.getByTestId("sheet-notice")).toContainText(koOrder.amountChanged);
    await expect(page.getByTestId("remote-fee")).toContainText(koOrder.remoteFee.jeju);
    await expect(page.getByTestId("order-total")).toHaveText(formatKRW(before + 3000));
    await expect(sheet.getByLabel(koOrder.postcode)).toHaveValue("63100");
    await sheet.getByRole("button", { name: /결제하기/ }).click();
  }
  await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
  await expect(page.getByTestId("remote-fee")).toContainText(koOrder.remoteFee.jeju);
  await expect(page.getByTestId("order-total")).toHaveText(formatKRW(before + 3000));
  await expect(page.getByTestId("bank-info")).toContainText(formatKRW(before + 3000));
});
