import type { Page } from "@playwright/test";
import { addToCart, expect, hydrated, jsOff, shopUrl, signUp, test } from "./fixtures";
import { fillLogin, guestOrder } from "./order-helpers";
import { koAccount } from "../../app/shared/messages/account";
import { koAuth } from "../../app/shared/messages/auth";
import { koCart, koOrder } from "../../app/shared/messages/cart";
import { koSettings } from "../../app/shared/messages/settings";
import { koErrors } from "../../app/shared/messages/shop/errors";

/** Issue 10, points 7 and 8: /user/info's settings and 비회원 주문조회, with JavaScript on and off. */

const unique = (tag: string) => `e2e-set-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

async function join(page: Page, email: string) {
  await signUp(page, "beauty", { email, name: "설정 회원", url: "/user/info" });
}

test.describe("account settings", () => {
  // Refused form posts answer 400 (with the form and its errors); the browser logs the status.
  test.use({ expectedConsoleErrors: [/status of 40[04] /] });

  test("change the password, then log in with the new one", async ({ page }, testInfo) => {
    const js = !jsOff(testInfo);
    const email = unique(testInfo.project.name);
    await join(page, email);
    await expect(page.getByTestId("account-email")).toHaveText(email);
    if (js) await hydrated(page);
    const form = page.getByRole("form", { name: koAuth.resetButton });
    await form.getByLabel(koSettings.currentPassword).fill("wrong-pass-1");
    await form.getByLabel(koAuth.passwordNew, { exact: true }).fill("e2e-pass-5678");
    await form.getByLabel(koSettings.newPassword2).fill("e2e-pass-5678");
    await form.getByRole("button", { name: koAuth.resetButton }).click();
    await expect(page.getByText(koSettings.wrongPassword)).toBeVisible();
    await form.getByLabel(koSettings.currentPassword).fill("e2e-pass-1234");
    await form.getByLabel(koAuth.passwordNew, { exact: true }).fill("e2e-pass-5678");
    await form.getByLabel(koSettings.newPassword2).fill("e2e-pass-5678");
    await form.getByRole("button", { name: koAuth.resetButton }).click();
    await expect(page.getByText("비밀번호를 바꿨습니다.")).toBeVisible();

    await page.goto(shopUrl("beauty", "/api/user/logout/v2?url=%2Fuser%2Flogin"));
    if (js) await hydrated(page);
    await fillLogin(page, email, "e2e-pass-5678");
    await expect(page).toHaveURL(shopUrl("beauty", "/"));
  });

  test("a saved default address fills the order sheet", async ({ page }, testInfo) => {
    const js = !jsOff(testInfo);
    await join(page, unique(`addr-${testInfo.project.name}`));
    if (js) await hydrated(page);
    const form = page.getByRole("form", { name: koSettings.addAddress });
    await form.getByLabel(koOrder.receiver).fill("정세번");
    await form.getByLabel(koOrder.phone).fill("010-5555-6666");
    await form.getByLabel(koOrder.postcode).fill("48058");
    await form.getByLabel(koOrder.address, { exact: true }).fill("부산광역시 해운대구 센텀중앙로 79");
    await form.getByLabel(koOrder.addressDetail).fill("101동 1001호");
    await form.getByRole("button", { name: koSettings.addAddress }).click();
    await expect(page.getByText(koSettings.addressSaved)).toBeVisible();
    await expect(page.getByTestId("addresses")).toContainText("정세번");
    await expect(page.getByTestId("addresses")).toContainText(koOrder.defaultAddress);

    await addToCart(page, shopUrl("beauty", "/shop/view/b0014"), js);
    await page.getByTestId("header-cart").click();
    if (js) await hydrated(page);
    await page.getByRole("button", { name: koCart.order, exact: true }).click();
    await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
    if (js) await hydrated(page);
    const sheet = page.getByRole("form", { name: koOrder.sheetTitle });
    await expect(sheet.getByLabel(koOrder.receiver)).toHaveValue("정세번");
    await expect(sheet.getByLabel(koOrder.postcode)).toHaveValue("48058");
    await expect(sheet.getByLabel(koAuth.name)).toHaveValue("설정 회원");
  });

  test("a guest finds an order from another browser by its number and phone", async ({ page, browser }, testInfo) => {
    const js = !jsOff(testInfo);
    const id = await guestOrder(page, js);
    const context = await browser.newContext({ javaScriptEnabled: js });
    const other = await context.newPage();
    await other.goto(shopUrl("beauty", `/myshop/order_view?id=${id}`));
    await expect(other.getByRole("heading", { level: 1 })).toContainText(koErrors.pageNotFound);
    await other.goto(shopUrl("beauty", "/user/order_lookup"));
    if (js) await hydrated(other);
    const form = other.getByRole("form", { name: koOrder.lookupLink });
    await form.getByLabel(koAccount.orderNo).fill(id);
    await form.getByLabel(koAccount.ordererPhone).fill("01030004000");
    await form.getByRole("button", { name: koAccount.lookup }).click();
    await expect(other).toHaveURL(shopUrl("beauty", `/myshop/order_view?id=${id}`));
    await expect(other.getByTestId("order-status")).toHaveText(koOrder.waitingDeposit);
    await context.close();
  });
});
