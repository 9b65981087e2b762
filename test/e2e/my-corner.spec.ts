import type { Page } from "@playwright/test";
import { expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { act, fillLogin, guestOrder } from "./order-helpers";
import { koAdmin } from "../../app/shared/messages/admin";
import { koAuth } from "../../app/shared/messages/auth";
import { koOrder } from "../../app/shared/messages/cart";
import { koDrawer } from "../../app/shared/messages/shop/drawer";
import { koHeader } from "../../app/shared/messages/shop/header";

/** Issue 10: the shopper's own corner, reached from the drawer on a phone (Pixel 7, 412 px). */

async function openDrawer(page: Page, js: boolean) {
  if (js) await hydrated(page);
  await page.getByTitle(koHeader.openMenu).click();
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
    await expect(page.getByTestId("order-status")).toHaveText(koOrder.status.CANCELED);
    const waiting = await guestOrder(page, js);

    await page.goto(shopUrl("beauty", "/"));
    await openDrawer(page, js);
    await expect(badge(page, koAdmin.orders.title)).toHaveText("2");
    await expect(badge(page, koDrawer.payment)).toHaveText("1");
    await expect(badge(page, koDrawer.claims)).toHaveText("1");
    await expect(badge(page, koDrawer.tracking)).toHaveCount(0);
    await expect(page.getByTestId("subscription-box")).toContainText(koDrawer.guestMembership);

    await page
      .getByTestId("my-menu")
      .getByRole("link", { name: /^입금대기/ })
      .click();
    await expect(page).toHaveURL(/\/myshop\/order\?uuid_value=[0-9a-f]{32}$/);
    const rows = page.getByTestId("my-orders").getByRole("link");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("href", new RegExp(`order_view\\?id=${waiting}`));
    await expect(rows.first()).toContainText(koOrder.waitingDeposit);

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
    await drawer.getByRole("link", { name: koAuth.welcomeMyshop }).click();
    await expect(page).toHaveURL(shopUrl("beauty", "/myshop"));
    const summary = page.getByTestId("my-summary");
    await expect(summary.getByRole("heading", { level: 1 })).toContainText("님, 안녕하세요");
    await expect(summary.getByTestId("order-counts").getByRole("link")).toHaveCount(5);
    const tile = summary.getByTestId("summary-payment");
    const waiting = (await tile.locator("strong").textContent()) ?? "";
    // The drawer counts the same orders as the summary.
    await openDrawer(page, js);
    if (waiting === "0") await expect(badge(page, koDrawer.payment)).toHaveCount(0);
    else await expect(badge(page, koDrawer.payment)).toHaveText(waiting);
    await page.getByTestId("subscription-box").getByRole("link").click();
    await expect(page).toHaveURL(shopUrl("beauty", "/shop/member_point"));

    await page.goto(shopUrl("beauty", "/myshop"));
    await summary.getByRole("link", { name: /장바구니/ }).click();
    await expect(page).toHaveURL(shopUrl("beauty", "/myorder/checkout"));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
