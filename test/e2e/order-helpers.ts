import type { Locator, Page } from "@playwright/test";
import { addToCart, expect, hydrated, shopUrl, agreeAll } from "./fixtures";
import { koAuth } from "../../app/shared/messages/auth";
import { koCart, koOrder } from "../../app/shared/messages/cart";
import { koLifecycle } from "../../app/shared/messages/lifecycle";
import { koMembership } from "../../app/shared/messages/membership";
import { koDrawer } from "../../app/shared/messages/shop/drawer";
import { koCheckout } from "../../app/shared/messages/checkout";
import { koCartButton } from "../../app/shared/messages/shop/cart";
import { koProduct } from "../../app/shared/messages/shop/product";

/** Steps the order journeys share (issue 9's order life, issue 10's account area). */

export async function fillLogin(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: koAuth.loginTitle });
  await form.getByLabel(koAuth.email).fill(email);
  await form.getByLabel(koAuth.password).fill(password);
  await form.getByRole("button", { name: koAuth.loginTitle }).click();
}

/** The signed-in shopper joins beauty as a member and is given its 2,000P welcome. */
export async function joinBeauty(page: Page) {
  await page.goto(shopUrl("beauty", "/shop/member_point"));
  await page.getByRole("checkbox", { name: koMembership.agree }).check();
  await page.getByRole("button", { name: koDrawer.joinPrompt }).click();
  await expect(page.getByTestId("point-balance")).toHaveText("2,000P");
}

/** Puts beauty's b0014 in the cart and opens an order sheet for it from the cart. */
export async function sheetOfOne(page: Page, js: boolean) {
  await addToCart(page, shopUrl("beauty", "/shop/view/b0014"), js);
  await page.goto(shopUrl("beauty", "/user/checkout"));
  if (js) await hydrated(page);
  await page.getByRole("button", { name: koCart.order, exact: true }).click();
  await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
  if (js) await hydrated(page);
}

/** The owner, on a transfer order's console page: 입금확인, 발송처리 (한진택배) and 배송완료. */
export async function shipAndDeliver(owner: Page, trackingNo: string) {
  await act(owner, "입금확인", { confirm: true });
  await act(owner, "발송처리", {
    fill: async (form) => {
      await form.getByLabel(koLifecycle.view.courier).selectOption({ label: "한진택배" });
      await form.getByLabel(koLifecycle.view.trackingNo).fill(trackingNo);
    },
  });
  await act(owner, "배송완료");
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
  // A buyer's request is folded under its name (issue 40): pressing it opens the reason box.
  const folded = form.locator("details:not([open]) > summary");
  if ((await folded.count()) > 0) await folded.click();
  await opts.fill?.(form);
  await form.getByRole("button", { name }).click();
  if (opts.confirm) await page.getByRole("button", { name: koLifecycle.view.confirmYes }).click();
  await expect(page.getByRole("status").filter({ hasText: koLifecycle.view.done(name) })).toBeVisible();
}

/** The cart's next background save (decision 127), answered: wait on it before reloading or leaving. */
export function cartSaved(page: Page) {
  return page.waitForResponse((r) => r.request().method() === "POST" && /\/checkout\/save$/.test(r.url()));
}

/**
 * A guest pays beauty's `sids` (b0014 unless named) by card through the stand-in's window (card
 * payment needs scripts: `page` runs them, each load waited on for hydration); answers the order id.
 */
export async function payByCard(page: Page, sids: readonly string[] = ["b0014"]): Promise<string> {
  for (const sid of sids) {
    await page.goto(shopUrl("beauty", `/shop/view/${sid}`));
    await hydrated(page);
    const add = page.getByRole("form", { name: koProduct.addToCart });
    await add.getByRole("button", { name: koProduct.addToCart }).click();
    await expect(add.getByRole("status")).toContainText(koCartButton.added);
  }
  await page.getByTestId("header-cart").click();
  await expect(page.getByTestId("cart-row")).toHaveCount(sids.length);
  await hydrated(page);
  await page.getByRole("button", { name: koCart.order, exact: true }).click();
  await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
  await hydrated(page);
  const sheet = page.getByRole("form", { name: koOrder.sheetTitle });
  await sheet.getByLabel(koAuth.name).fill("김카드");
  await sheet.getByRole("region", { name: koOrder.orderer }).getByLabel(koOrder.phone).fill("010-3000-4000");
  await sheet.getByLabel(koOrder.receiver).fill("김카드");
  await sheet.getByRole("region", { name: koOrder.delivery }).getByLabel(koOrder.phone).fill("010-3000-4000");
  await sheet.getByLabel(koOrder.postcode).fill("06236");
  await sheet.getByLabel(koOrder.address, { exact: true }).fill("서울특별시 강남구 테헤란로 1");
  await sheet.getByRole("radio", { name: koCheckout.choices.card }).check();
  await agreeAll(sheet);
  await sheet.getByRole("button", { name: /결제하기/ }).click();
  await page.getByRole("button", { name: "결제 승인" }).click();
  await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
  return new URL(page.url()).searchParams.get("id")!;
}
