import type { Browser, Page } from "@playwright/test";
import { BISTRO_TABLES } from "../../functions/seed/demo";
import { expect, jsOff, shopUrl, test } from "./fixtures";
import { fillLogin } from "./order-helpers";
import { koCart, koOrder } from "../../app/shared/messages/cart";
import { koProduct } from "../../app/shared/messages/shop/product";
import { koSmart } from "../../app/shared/messages/smart";

/** Issue 13: ordering at a restaurant's table from its QR code, JavaScript on and off. */

const PHONE = { width: 412, height: 915 };

async function phoneAt(browser: Browser, js: boolean, table: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(shopUrl("bistro", `/smartorder/${table}`));
  if (js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return page;
}

async function kitchen(browser: Browser, js: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: PHONE });
  const page = await context.newPage();
  await page.goto(shopUrl("bistro", "/user/login?url=%2Fadmin%2Fkitchen"));
  await fillLogin(page, "owner@bistro.example.test", "demo1234!");
  await expect(page).toHaveURL(shopUrl("bistro", "/admin/kitchen"));
  if (js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return page;
}

test("two diners at one table order together; the kitchen cooks and completes it", async ({
  page,
  browser,
}, testInfo) => {
  const js = !jsOff(testInfo);
  await page.setViewportSize(PHONE);
  await page.goto(shopUrl("bistro", `/smartorder/${BISTRO_TABLES[2]}`));
  await expect(page).toHaveURL(shopUrl("bistro", "/smartorder/start"));
  await expect(page.getByRole("heading", { name: "한끼 식당 · 테이블 3" })).toBeVisible();
  await expect(page.getByTestId("menu-item").filter({ hasText: "오늘의 특선" })).toContainText(koProduct.soldOut);

  // Diner A: 김치찌개, 매운맛 with cheese, two of them.
  await page.getByRole("link", { name: "김치찌개 선택" }).click();
  await page.getByRole("radio", { name: "매운맛" }).check();
  await page.getByRole("checkbox", { name: "치즈" }).check();
  await page.getByRole("combobox", { name: koCart.quantity }).selectOption("2");
  if (js) await expect(page.getByTestId("add-to-table")).toHaveText("20,000원 담기");
  await page.getByTestId("add-to-table").click();
  await expect(page.getByRole("status")).toHaveText("장바구니에 담았습니다 · 김치찌개");

  // Diner B scans the same code and adds a cola from the menu.
  const b = await phoneAt(browser, js, BISTRO_TABLES[2]);
  await b.getByRole("button", { name: "콜라 담기" }).click();
  await expect(b.getByRole("status")).toHaveText("장바구니에 담았습니다 · 콜라");
  await expect(b.getByTestId("cart-bar")).toContainText("담은 메뉴 3개 · 22,000원");

  // A checks the table's cart: both diners' dishes.
  await page.goto(shopUrl("bistro", "/smartorder/order_check"));
  await expect(page.getByTestId("table-line")).toHaveCount(2);
  await expect(page.getByTestId("table-line").first()).toContainText("매운맛 · 치즈");
  await page.getByRole("textbox", { name: koSmart.memo }).fill("앞접시 2개 주세요");
  await page.getByTestId("place-table-order").click();
  await expect(page).toHaveURL(/\/smartorder\/order_complete\?id=\d+/);
  await expect(page.getByTestId("table-order-status")).toHaveText(koOrder.smartStatus.CONFIRM_PAYMENT!);
  const id = new URL(page.url()).searchParams.get("id")!;

  // B follows the same order.
  await b.goto(shopUrl("bistro", "/smartorder/order_complete"));
  await expect(b).toHaveURL(shopUrl("bistro", `/smartorder/order_complete?id=${id}`));
  if (js) await expect(page.locator("html")).toHaveAttribute("data-live", "on");

  // The kitchen: the new order stands out; 조리 시작, then 완료.
  const owner = await kitchen(browser, js);
  const card = owner.getByTestId("kitchen-order").filter({ hasText: `#${id}` });
  await expect(card).toContainText(koSmart.admin.newOrder);
  await expect(card).toContainText("앞접시 2개 주세요");
  await card.getByRole("button", { name: koSmart.admin.start }).click();
  await expect(card).toHaveAttribute("data-status", "READY_FOR_DELIVERY");
  // With scripts the diners' page changes by itself; without, it looks again (meta refresh).
  if (!js) await page.reload();
  await expect(page.getByTestId("table-order-status")).toHaveText(koOrder.cooking);
  await card.getByRole("button", { name: koSmart.admin.serve }).click();
  await expect(card).toHaveAttribute("data-status", "DONE");
  if (!js) await b.reload();
  await expect(b.getByTestId("table-order-status")).toHaveText(koSmart.admin.serve);

  // One more for the table: it reaches the open kitchen board by itself (with scripts).
  await b.goto(shopUrl("bistro", "/smartorder/start"));
  await b.getByRole("button", { name: "사이다 담기" }).click();
  await expect(b.getByRole("status")).toHaveText("장바구니에 담았습니다 · 사이다");
  await b.getByTestId("cart-bar").click();
  await b.getByTestId("place-table-order").click();
  await expect(b).toHaveURL(/\/smartorder\/order_complete\?id=\d+/);
  const more = new URL(b.url()).searchParams.get("id")!;
  if (!js) await owner.reload();
  await expect(owner.getByTestId("kitchen-order").filter({ hasText: `#${more}` })).toContainText("사이다");
  await expect(b.getByRole("link", { name: /주문번호/ })).toHaveCount(2);
  await owner.context().close();
  await b.context().close();
});

test.describe("codes", () => {
  // An unknown code's page answers 404; the browser logs the status.
  test.use({ expectedConsoleErrors: [/status of 404 /] });

  test("an unknown table code says so, and the owner prints the tables' QR codes", async ({
    page,
    browser,
  }, testInfo) => {
    await page.goto(shopUrl("bistro", `/smartorder/${"0".repeat(32)}`));
    await expect(page.getByRole("heading", { name: koSmart.tableNotFound })).toBeVisible();
    const owner = await kitchen(browser, !jsOff(testInfo));
    await owner.goto(shopUrl("bistro", "/admin/tables"));
    await expect(owner.getByTestId("shop-table")).toHaveCount(8);
    await owner.getByRole("link", { name: koSmart.admin.print }).click();
    await expect(owner.getByTestId("table-qr")).toHaveCount(8);
    await expect(owner.getByTestId("table-qr").first().locator("svg")).toBeVisible();
    await owner.context().close();
  });
});
