import type { Page } from "@playwright/test";
import { collectErrors, expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { fillLogin, payByCard } from "./order-helpers";
import { koOrder } from "../../app/shared/messages/cart";
import { koLifecycle } from "../../app/shared/messages/lifecycle";

/**
 * Issue 52 item 5 (decision 176): the owner cancels one line of a card-paid order from the order's
 * console page (a small form under the line, with and without scripts); the line is marked 판매취소
 * with its reason and refund for the owner and on the buyer's order page, the order goes on.
 */

const t = koLifecycle.saleCancel;

/** A guest pays beauty's b0013 and b0014 by card through the stand-in (scripts on); the order id. */
const payTwoByCard = (page: Page) => payByCard(page, ["b0013", "b0014"]);

test("the owner cancels one line of a card order; both see it marked 판매취소", async ({ page, browser }, testInfo) => {
  test.setTimeout(90_000);
  const js = !jsOff(testInfo);
  // The card payment needs scripts: the buyer pays in a browser of their own with them.
  const buyerContext = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 412, height: 915 } });
  const buyer = await buyerContext.newPage();
  const errors = collectErrors(buyer);
  const id = await payTwoByCard(buyer);

  await page.goto(shopUrl("beauty", "/user/login?url=%2Fadmin"));
  if (js) await hydrated(page);
  await fillLogin(page, "owner@beauty.example.test", "demo1234!");
  await expect(page).toHaveURL(shopUrl("beauty", "/admin"));
  await page.goto(shopUrl("beauty", `/admin/order?id=${id}`));
  if (js) await hydrated(page);
  const lines = page.getByTestId("order-line");
  await expect(lines).toHaveCount(2);
  const first = lines.first();
  const name = (await first.locator("span").first().textContent())!;

  // The first line's form, folded under its button: a reason, then the page's own confirm step.
  const form = first.getByRole("form");
  await form.getByText(t.lineButton).click();
  await form.getByLabel(t.reason).selectOption({ label: t.reasons.stock });
  await form.getByLabel(t.detail).fill("입고가 취소되었습니다");
  await form.getByRole("button", { name: koLifecycle.actions.seller_cancel_line }).click();
  await page.getByRole("button", { name: koLifecycle.view.confirmYes }).click();
  await expect(
    page.getByRole("status").filter({ hasText: koLifecycle.view.done(koLifecycle.actions.seller_cancel_line) }),
  ).toBeVisible();

  // Marked on that line; the order goes on with the other, which keeps its form.
  const reason = t.reasonLine(`${t.reasons.stock} · 입고가 취소되었습니다`);
  await expect(lines.first().getByTestId("line-canceled")).toContainText(reason);
  await expect(lines.nth(1).getByTestId("line-canceled")).toHaveCount(0);
  await expect(lines.nth(1).getByRole("form")).toHaveCount(1);
  await expect(page.getByTestId("order-status")).toHaveText(koOrder.status.CONFIRM_PAYMENT);

  // The buyer's order page shows the line 판매취소 with the reason and the money back.
  await buyer.goto(shopUrl("beauty", `/myshop/order_view?id=${id}`));
  const mine = buyer.getByTestId("order-line").filter({ hasText: name });
  await expect(mine.getByTestId("line-canceled")).toContainText(t.line);
  await expect(mine.getByTestId("line-canceled")).toContainText(reason);
  await expect(buyer.getByTestId("line-canceled")).toHaveCount(1);
  // Nothing overflows a 412 px phone.
  expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  await buyerContext.close();
  expect(errors, "console errors in the buyer's browser").toEqual([]);
});
