import type { Page } from "@playwright/test";
import { addToCart, expect, hydrated, jsOff, shopUrl, signUp, test, agreeAll } from "./fixtures";
import { koAuth } from "../../app/shared/messages/auth";
import { koCart, koOrder } from "../../app/shared/messages/cart";
import { koMembership } from "../../app/shared/messages/membership";
import { koCommon } from "../../app/shared/messages/shop/common";
import { koDrawer } from "../../app/shared/messages/shop/drawer";
import { koFooter } from "../../app/shared/messages/shop/footer";
import { koHeader } from "../../app/shared/messages/shop/header";

const unique = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

/** Adds the product at `path` from its page (as in checkout.spec.ts). */
async function fillLogin(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: koAuth.loginTitle });
  await form.getByLabel(koAuth.email).fill(email);
  await form.getByLabel(koAuth.password).fill(password);
  await form.getByRole("button", { name: koAuth.loginTitle }).click();
}

const row = (page: Page, name: string) => page.getByTestId("cart-row").filter({ hasText: name });

async function payByBankTransfer(page: Page) {
  const sheet = page.getByRole("form", { name: koOrder.sheetTitle });
  await sheet.getByLabel(koAuth.name).fill("김쇼퍼");
  await sheet.getByRole("region", { name: koOrder.orderer }).getByLabel(koOrder.phone).fill("010-2000-1000");
  await sheet.getByLabel(koOrder.receiver).fill("김쇼퍼");
  await sheet.getByRole("region", { name: koOrder.delivery }).getByLabel(koOrder.phone).fill("010-2000-1000");
  await sheet.getByLabel(koOrder.postcode).fill("06236");
  await sheet.getByLabel(koOrder.address, { exact: true }).fill("서울특별시 강남구 테헤란로 1");
  await sheet.getByLabel(koOrder.depositor).fill("김쇼퍼");
  await agreeAll(sheet);
  await sheet.getByRole("button", { name: /결제하기/ }).click();
}

test.describe("member", () => {
  // Without scripts a refused post comes back as a 400/409 page, which the browser logs.
  test.use({ expectedConsoleErrors: [/status of 40[09] /] });

  test("the guest cart merges at login; the member orders by bank transfer", async ({ page }, testInfo) => {
    const js = !jsOff(testInfo);
    // The demo shopper's own cart on beauty already holds the green-tea skin.
    await page.goto(shopUrl("beauty", "/user/login"));
    await fillLogin(page, "shopper@example.test", "demo1234!");
    await expect(page).toHaveURL(shopUrl("beauty", "/"));
    await addToCart(page, shopUrl("beauty", "/shop/view/b0002"), js);
    await page.goto(shopUrl("beauty", "/api/user/logout/v2?url=%2F"));
    await expect(page).toHaveURL(shopUrl("beauty", "/"));

    // As a guest: the same skin and a vitamin ampoule.
    await addToCart(page, shopUrl("beauty", "/shop/view/b0002"), js);
    await addToCart(page, shopUrl("beauty", "/shop/view/b0006"), js);
    await page.getByTestId("header-cart").click();
    await expect(page).toHaveURL(/\/user\/checkout\?uuid_value=[0-9a-f]{32}$/);
    await expect(page.getByTestId("cart-row")).toHaveCount(2);

    // Log in from the cart: back to the cart, now the member's, with the guest's lines merged.
    await page.getByTitle(koHeader.openMenu).click();
    await page.getByTestId("account-prompt").getByRole("link", { name: koAuth.loginTitle }).click();
    await fillLogin(page, "shopper@example.test", "demo1234!");
    await expect(page).toHaveURL(shopUrl("beauty", "/user/checkout"));
    await expect(page.getByTestId("cart-row")).toHaveCount(2);
    await expect(row(page, "녹차 수분 스킨").getByRole("textbox", { name: koCart.quantity })).toHaveValue("2");
    await expect(row(page, "비타민C 잡티 앰플").getByRole("textbox", { name: koCart.quantity })).toHaveValue("1");
    await expect(page.getByTestId("header-cart").getByTestId("cart-count")).toHaveText("2");
    await expect(page.getByTestId("grand-total")).toHaveText("59,000원"); // 15,000 × 2 + 29,000, free delivery

    // Member links carry no device id.
    await page.getByRole("button", { name: koCart.order, exact: true }).click();
    await expect(page).toHaveURL(/\/user\/order\?id=\d{12}$/);
    if (js) await hydrated(page);
    await expect(page.getByTestId("order-total")).toHaveText("59,000원");
    await payByBankTransfer(page);
    await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}$/);
    await expect(page.getByRole("heading", { name: koOrder.complete })).toBeVisible();
    await expect(page.getByTestId("bank-info")).toContainText("59,000원");
    await expect(page.getByTestId("header-cart").getByTestId("cart-count")).toHaveCount(0);
  });

  test("members-only goods: join the shop with the privacy agreement, order, see points, cancel", async ({
    page,
  }, testInfo) => {
    const js = !jsOff(testInfo);
    await signUp(page, "beauty", { email: unique(`shopmember-${testInfo.project.name}`), name: "상점 회원" });

    await addToCart(page, shopUrl("beauty", "/shop/view/b0041"), js);
    await page.goto(shopUrl("beauty", "/user/checkout"));
    if (js) await hydrated(page);
    await page.getByRole("button", { name: koCart.order, exact: true }).click();
    // Only this shop's members may order it: the way forward is this shop's membership.
    if (js) {
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText("이 상점의 회원으로 가입할까요?");
      await dialog.getByRole("button", { name: koCommon.yes }).click();
    } else {
      await expect(page.getByRole("alert")).toContainText("이 상점의 회원으로 가입한 뒤 주문해 주세요.");
      await page.getByRole("link", { name: koDrawer.joinPrompt }).click();
    }
    await expect(page).toHaveURL(shopUrl("beauty", "/shop/member_point?url=%2Fuser%2Fcheckout"));
    await expect(page.getByRole("heading", { name: koDrawer.membership, level: 1 })).toBeVisible();
    await expect(page.getByText("가입 축하 포인트 2,000P를 드립니다.")).toBeVisible();
    const form = page.getByRole("form", { name: koMembership.joinTitle });
    await expect(form.getByRole("link", { name: koFooter.privacy })).toHaveAttribute("href", "/link?type=privacy");
    await expect(form.getByRole("link", { name: koFooter.terms })).toHaveAttribute("href", "/link?type=terms");

    // Not without agreeing.
    if (js) await hydrated(page);
    await form.getByRole("button", { name: koDrawer.joinPrompt }).click();
    await expect(page.getByText(koMembership.agreeRequired)).toBeVisible();
    await page.getByRole("checkbox", { name: koMembership.agree }).check();
    await page.getByRole("button", { name: koDrawer.joinPrompt }).click();

    await expect(page.getByText("가입 축하 포인트 2,000P가 적립되었습니다.")).toBeVisible();
    await expect(page.getByText("뷰티 라운지 회원입니다")).toBeVisible();
    await expect(page.getByTestId("point-balance")).toHaveText("2,000P");
    const entry = page.getByTestId("point-entry");
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText("가입 축하 포인트");
    await expect(entry).toContainText("+2,000P");
    await expect(entry).toContainText("소멸 예정 2,000P");

    // Back to the cart: now it orders.
    await page.getByRole("link", { name: koMembership.continue }).click();
    await expect(page).toHaveURL(shopUrl("beauty", "/user/checkout"));
    if (js) await hydrated(page);
    await page.getByRole("button", { name: koCart.order, exact: true }).click();
    await expect(page).toHaveURL(/\/user\/order\?id=\d{12}$/);
    if (js) await hydrated(page);
    await expect(page.getByRole("heading", { name: koOrder.sheetTitle })).toBeVisible();

    // Cancelling asks first.
    await page.goto(shopUrl("beauty", "/shop/member_point"));
    if (js) await hydrated(page);
    await page.getByRole("button", { name: koMembership.cancelButton }).click();
    const question = "정말 상점 회원을 해지할까요? 보유 포인트 2,000P가 사라지며 되돌릴 수 없습니다.";
    if (js) {
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText(question);
      await dialog.getByRole("button", { name: koCommon.no }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId("point-balance")).toHaveText("2,000P");
      await page.getByRole("button", { name: koMembership.cancelButton }).click();
      await page.getByRole("dialog").getByRole("button", { name: koCommon.yes }).click();
    } else {
      await expect(page.getByText(question)).toBeVisible();
      await expect(page.getByTestId("point-balance")).toHaveCount(0);
      await page.getByRole("button", { name: koMembership.cancelYes, exact: true }).click();
    }
    await expect(page.getByText(koMembership.canceled)).toBeVisible();
    await expect(page.getByText("아직 뷰티 라운지 회원이 아닙니다")).toBeVisible();
    // The sign-up bonus was given once; joining again would not repeat it.
    await expect(page.getByText("가입 축하 포인트 2,000P를 드립니다.")).toHaveCount(0);

    // The policy pages exist.
    await page.goto(shopUrl("beauty", "/link?type=privacy"));
    await expect(page.getByRole("heading", { name: koFooter.privacy, level: 1 })).toBeVisible();
  });
});
