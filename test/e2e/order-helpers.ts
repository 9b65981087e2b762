import type { Locator, Page } from "@playwright/test";
import { addToCart, expect, hydrated, shopUrl, agreeAll } from "./fixtures";
import { koAuth } from "../../app/shared/messages/auth";
import { koCart, koOrder } from "../../app/shared/messages/cart";
import { koLifecycle } from "../../app/shared/messages/lifecycle";

/** Steps the order journeys share (issue 9's order life, issue 10's account area). */

export async function fillLogin(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: koAuth.loginTitle });
  await form.getByLabel(koAuth.email).fill(email);
  await form.getByLabel(koAuth.password).fill(password);
  await form.getByRole("button", { name: koAuth.loginTitle }).click();
}

/** A guest's bank-transfer order on beauty; answers its id, on its order page. */
export async function guestOrder(page: Page, js: boolean): Promise<string> {
  await addToCart(page, shopUrl("beauty", "/shop/view/b0014"), js);
  await page.getByTestId("header-cart").click();
  await expect(page.getByTestId("cart-row")).toHaveCount(1);
  if (js) await hydrated(page);
  await page.getByRole("button", { name: koCart.order, exact: true }).click();
  await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
  if (js) await hydrated(page);
  await payBySheet(page);
  await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
  const id = new URL(page.url()).searchParams.get("id")!;
  await page.getByRole("link", { name: koOrder.orderDetail }).click();
  await expect(page).toHaveURL(/\/myshop\/order_view\?id=\d{12}/);
  await expect(page.getByTestId("order-status")).toHaveText(koOrder.waitingDeposit);
  return id;
}

/** Fills the order sheet (orderer, address, consents) and pays by bank transfer. */
export async function payBySheet(page: Page): Promise<void> {
  const sheet = page.getByRole("form", { name: koOrder.sheetTitle });
  await sheet.getByLabel(koAuth.name).fill("김구매");
  await sheet.getByRole("region", { name: koOrder.orderer }).getByLabel(koOrder.phone).fill("010-3000-4000");
  await sheet.getByLabel(koOrder.receiver).fill("김구매");
  await sheet.getByRole("region", { name: koOrder.delivery }).getByLabel(koOrder.phone).fill("010-3000-4000");
  await sheet.getByLabel(koOrder.postcode).fill("06236");
  await sheet.getByLabel(koOrder.address, { exact: true }).fill("서울특별시 강남구 테헤란로 1");
  await agreeAll(sheet);
  await sheet.getByRole("button", { name: /결제하기/ }).click();
}

/** Presses an order action's button (after filling its form), and its confirm step if it has one. */
export async function act(
  page: Page,
  name: string,
  opts: { fill?: (form: Locator) => Promise<void>; confirm?: boolean } = {},
) {
  const form = page.getByRole("form", { name });
  await opts.fill?.(form);
  await form.getByRole("button", { name }).click();
  if (opts.confirm) await page.getByRole("button", { name: koLifecycle.view.confirmYes }).click();
  await expect(page.getByRole("status").filter({ hasText: `${name} 완료` })).toBeVisible();
}
