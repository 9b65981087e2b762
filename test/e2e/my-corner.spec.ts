import type { Page } from "@playwright/test";
import { expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { act, fillLogin, guestOrder } from "./order-helpers";

/** Issue 10: the shopper's own corner, reached from the drawer on a phone (Pixel 7, 412 px). */

async function openDrawer(page: Page, js: boolean) {
  if (js) await hydrated(page);
  await page.getByTitle("메뉴 열기").click();
  const drawer = page.getByTestId("drawer");
  await expect(drawer).toBeVisible();
  return drawer;
}

/** The count badge of a my menu row (none when zero). */
const badge = (page: Page, name: string) =>
  page
    .getByTestId("my-menu")
    .getByRole("link", { name: new RegExp(`^${name}`) })
    .getByTestId("menu-count");

test.describe("the shopper's own corner", () => {
  test("two orders land in the right lists, and the drawer's badges say so", async ({ page }, testInfo) => {
    const js = !jsOff(testInfo);
    const cancelled = await guestOrder(page, js);
    if (js) await hydrated(page);
    await act(page, "주문취소", { confirm: true });
    await expect(page.getByTestId("order-status")).toHaveText("주문 취소");
    const waiting = await guestOrder(page, js);

    await page.goto(shopUrl("beauty", "/"));
    await openDrawer(page, js);
    await expect(badge(page, "주문 관리")).toHaveText("2");
    await expect(badge(page, "입금대기")).toHaveText("1");
    await expect(badge(page, "교환/반품")).toHaveText("1");
    await expect(badge(page, "배송조회")).toHaveCount(0);
    await expect(page.getByTestId("subscription-box")).toContainText("로그인하고 상점 회원이 되어 보세요");

    await page
      .getByTestId("my-menu")
      .getByRole("link", { name: /^입금대기/ })
      .click();
    await expect(page).toHaveURL(/\/myshop\/order\?uuid_value=[0-9a-f]{32}$/);
    const rows = page.getByTestId("my-orders").getByRole("link");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("href", new RegExp(`order_view\\?id=${waiting}`));
    await expect(rows.first()).toContainText("입금 대기");

    await openDrawer(page, js);
    await page
      .getByTestId("my-menu")
      .getByRole("link", { name: /^교환\/반품/ })
      .click();
    await expect(page).toHaveURL(/\/myshop\/order_refund/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("href", new RegExp(`order_view\\?id=${cancelled}`));
    // On a phone the account area's side menu gives way to the drawer.
    await expect(page.getByTestId("side-menu")).toBeHidden();
  });

  test("a member finds the summary, points and the purchase pages from the drawer", async ({ page }, testInfo) => {
    const js = !jsOff(testInfo);
    await page.goto(shopUrl("beauty", "/user/login?url=%2F"));
    if (js) await hydrated(page);
    await fillLogin(page, "shopper@example.test", "demo1234!");
    await expect(page).toHaveURL(shopUrl("beauty", "/"));

    const drawer = await openDrawer(page, js);
    await drawer.getByRole("link", { name: "마이페이지" }).click();
    await expect(page).toHaveURL(shopUrl("beauty", "/myshop"));
    const summary = page.getByTestId("my-summary");
    await expect(summary.getByRole("heading", { level: 1 })).toContainText("님, 안녕하세요");
    await expect(summary.getByTestId("order-counts").getByRole("link")).toHaveCount(5);
    const tile = summary.getByTestId("summary-payment");
    const waiting = (await tile.locator("strong").textContent()) ?? "";
    // The drawer counts the same orders as the summary.
    await openDrawer(page, js);
    if (waiting === "0") await expect(badge(page, "입금대기")).toHaveCount(0);
    else await expect(badge(page, "입금대기")).toHaveText(waiting);
    await page.getByTestId("subscription-box").getByRole("link").click();
    await expect(page).toHaveURL(shopUrl("beauty", "/shop/member_point"));

    await page.goto(shopUrl("beauty", "/myshop"));
    await summary.getByRole("link", { name: /장바구니/ }).click();
    await expect(page).toHaveURL(shopUrl("beauty", "/myorder/checkout"));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
