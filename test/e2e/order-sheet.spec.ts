import type { Page } from "@playwright/test";
import { addToCart, agreeAll, expect, hydrated, jsOff, shopUrl, signUp, test } from "./fixtures";
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
    if (js) await hydrated(page);
    const sheet = page.url();
    // Nothing is ordered yet: no order number and no "결제 대기" (issue 40), what to do instead.
    await expect(page.getByText(koOrder.sheetHint)).toBeVisible();
    await expect(page.getByText(/주문번호/)).toHaveCount(0);
    await expect(page.getByTestId("order-status")).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/user\/checkout/);
    await expect(page.getByTestId("cart-row")).toHaveCount(1);
    await expect(page.getByTestId("header-cart").getByTestId("cart-count")).toHaveText("1");
    await page.reload();
    await expect(page.getByTestId("cart-row")).toHaveCount(1);
    if (js) await hydrated(page);
    await page.getByRole("button", { name: koCart.order, exact: true }).click();
    await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
    if (js) await hydrated(page);
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
    if (js) await hydrated(page);
    // The sheet is a document load of its own (decision 102): 주문자 정보와 동일 copies with scripts.
    if (js) await hydrated(page);
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

/** A new member of beauty with its 2,000 sign-up points, on a fresh sheet of b0014 (24,000원). */
async function memberSheet(page: Page, js: boolean, project: string) {
  await signUp(page, "beauty", {
    email: `e2e-sheet-points-${project}-${Date.now()}@example.test`,
    name: "적립 회원",
  });
  await page.goto(shopUrl("beauty", "/shop/member_point"));
  await page.getByRole("checkbox", { name: "개인정보 수집·이용에 동의합니다" }).check();
  await page.getByRole("button", { name: "상점 회원 가입하기" }).click();
  await expect(page.getByTestId("point-balance")).toHaveText("2,000P");
  await addToCart(page, shopUrl("beauty", "/shop/view/b0014"), js);
  await page.goto(shopUrl("beauty", "/user/checkout"));
  if (js) await hydrated(page);
  await page.getByRole("button", { name: "주문하기", exact: true }).click();
  await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
  if (js) await hydrated(page);
  const sheet = page.getByRole("form", { name: "주문서" });
  await sheet.getByLabel("이름").fill("적립 회원");
  await sheet.getByRole("region", { name: "주문자" }).getByLabel("휴대폰 번호").fill("010-5000-6000");
  await sheet.getByRole("checkbox", { name: "주문자 정보와 동일" }).check();
  await sheet.getByLabel("우편번호").fill("06236");
  await sheet.getByLabel("주소", { exact: true }).fill("서울특별시 강남구 테헤란로 1");
  await expect(sheet.getByRole("button", { name: /결제하기/ })).toHaveText("결제하기 · 24,000원");
  return sheet;
}

/**
 * What the API says the order asks for, read from the created order itself (opened in the
 * browser: the shop's host names resolve there, and its cookies go with it).
 */
async function charged(page: Page, id: string) {
  const res = await page.goto(shopUrl("beauty", `/api/myshp/get/my/order?id=${id}`));
  expect(res?.status()).toBe(200);
  return JSON.parse(await res!.text()) as { amount_due: number; points_used: number; payment: { amount: number } };
}

/** Issue 34, point 3: the sheet says what is charged after points, as they are entered. */
test.describe("order sheet points", () => {
  // The refused post answers 400; the browser logs the status.
  test.use({ expectedConsoleErrors: [/status of 400 /] });

  test("the total and the button follow the points typed, and are what is charged", async ({ page }, testInfo) => {
    test.skip(jsOff(testInfo), "the live amount needs scripts; without them, see the next test");
    const sheet = await memberSheet(page, true, testInfo.project.name);
    await expect(page.getByTestId("points-to-earn")).toHaveText("구매확정 시 240원 적립 예정");

    // Not in the shop's unit: the server says so by the field...
    await sheet.getByLabel("적립금 사용").fill("1,005");
    await agreeAll(sheet);
    await sheet.getByRole("button", { name: /결제하기/ }).click();
    const unitError = sheet.getByText("적립금은 10원 단위로 사용할 수 있습니다.");
    await expect(unitError).toBeVisible();
    await expect(sheet.getByRole("button", { name: /결제하기/ })).toHaveText("결제하기 · 24,000원");

    // ...and the message goes once the value is right; the totals follow at once.
    await sheet.getByLabel("적립금 사용").fill("1,000");
    await expect(unitError).toHaveCount(0);
    await expect(sheet.getByLabel("적립금 사용")).not.toHaveAttribute("aria-invalid", "true");
    const button = sheet.getByRole("button", { name: /결제하기/ });
    await expect(button).toHaveText("결제하기 · 23,000원");
    await expect(page.getByTestId("order-due")).toHaveText("23,000원");
    await expect(page.getByTestId("points-to-earn")).toHaveText("구매확정 시 230원 적립 예정");
    const shown = Number((await button.textContent())!.replace(/\D/g, ""));

    await button.click();
    await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
    const order = await charged(page, new URL(page.url()).searchParams.get("id")!);
    expect(order.points_used).toBe(1_000);
    expect(order.amount_due).toBe(shown);
    expect(order.payment.amount).toBe(shown);
  });

  test("적용 recalculates the sheet without scripts, keeping everything typed", async ({ page }, testInfo) => {
    test.skip(!jsOff(testInfo), "the recalculating post is the way without scripts");
    const sheet = await memberSheet(page, false, testInfo.project.name);
    await sheet.getByLabel("적립금 사용").fill("1,000");
    await sheet.getByRole("button", { name: "적용" }).click();

    await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
    await expect(sheet.getByRole("button", { name: /결제하기/ })).toHaveText("결제하기 · 23,000원");
    await expect(page.getByTestId("order-due")).toHaveText("23,000원");
    await expect(page.getByTestId("points-to-earn")).toHaveText("구매확정 시 230원 적립 예정");
    await expect(sheet.getByLabel("이름")).toHaveValue("적립 회원");
    await expect(sheet.getByLabel("주소", { exact: true })).toHaveValue("서울특별시 강남구 테헤란로 1");
    await expect(sheet.getByLabel("적립금 사용")).toHaveValue("1,000");
    await expect(sheet.getByRole("alert")).toHaveCount(0);

    await agreeAll(sheet);
    await sheet.getByRole("button", { name: /결제하기/ }).click();
    await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
    const order = await charged(page, new URL(page.url()).searchParams.get("id")!);
    expect(order.amount_due).toBe(23_000);
    expect(order.payment.amount).toBe(23_000);
  });
});
