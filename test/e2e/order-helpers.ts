import type { Locator, Page } from "@playwright/test";
import { addToCart, expect, hydrated, shopUrl, agreeAll } from "./fixtures";

/** Steps the order journeys share (issue 9's order life, issue 10's account area). */

export async function fillLogin(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "로그인" });
  await form.getByLabel("이메일").fill(email);
  await form.getByLabel("비밀번호").fill(password);
  await form.getByRole("button", { name: "로그인" }).click();
}

/** A guest's bank-transfer order on beauty; answers its id, on its order page. */
export async function guestOrder(page: Page, js: boolean): Promise<string> {
  await addToCart(page, shopUrl("beauty", "/shop/view/b0014"), js);
  await page.getByTestId("header-cart").click();
  await expect(page.getByTestId("cart-row")).toHaveCount(1);
  if (js) await hydrated(page);
  await page.getByRole("button", { name: "주문하기", exact: true }).click();
  await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
  await payBySheet(page);
  await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
  const id = new URL(page.url()).searchParams.get("id")!;
  await page.getByRole("link", { name: "주문 상세 보기" }).click();
  await expect(page).toHaveURL(/\/myshop\/order_view\?id=\d{12}/);
  await expect(page.getByTestId("order-status")).toHaveText("입금 대기");
  return id;
}

/** Fills the order sheet (orderer, address, consents) and pays by bank transfer. */
export async function payBySheet(page: Page): Promise<void> {
  const sheet = page.getByRole("form", { name: "주문서" });
  await sheet.getByLabel("이름").fill("김구매");
  await sheet.getByRole("region", { name: "주문자" }).getByLabel("휴대폰 번호").fill("010-3000-4000");
  await sheet.getByLabel("받는 분").fill("김구매");
  await sheet.getByRole("region", { name: "배송지" }).getByLabel("휴대폰 번호").fill("010-3000-4000");
  await sheet.getByLabel("우편번호").fill("06236");
  await sheet.getByLabel("주소", { exact: true }).fill("서울특별시 강남구 테헤란로 1");
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
  if (opts.confirm) await page.getByRole("button", { name: "네, 진행합니다" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${name} 완료` })).toBeVisible();
}
