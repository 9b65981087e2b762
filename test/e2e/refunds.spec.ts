import { devices, type Browser } from "@playwright/test";
import { collectErrors, expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { act, fillLogin, payByCard } from "./order-helpers";
import { koOrder } from "../../app/shared/messages/cart";
import { koCheckout } from "../../app/shared/messages/checkout";
import { koLifecycle } from "../../app/shared/messages/lifecycle";
import { tossStandinOrigin } from "../../scripts/lib/e2e-paths.mjs";

/**
 * Issue 35 item 4 (decision 104): the owner cancels a card-paid order in the console and Toss
 * (the stand-in) gives the money back; the receipt and the timeline show the refund. The card
 * payment needs scripts, so the shopper pays in a browser with them; the owner's console runs
 * with scripts on and off, on a 412 px phone.
 */

/** A guest pays for one product by card through the stand-in's window; answers the order id. */
async function cardPaidOrder(browser: Browser): Promise<string> {
  const context = await browser.newContext({ ...devices["Pixel 7"], javaScriptEnabled: true });
  const page = await context.newPage();
  const errors = collectErrors(page);
  // A context of its own is not the fixture's page: each load waits for hydration here.
  const id = await payByCard(page);
  // The buyer asks to cancel it (취소요청) on the order page.
  await page.goto(shopUrl("beauty", `/myshop/order_view?id=${id}`));
  await hydrated(page);
  await act(page, koLifecycle.actions.request_cancel, {
    fill: (form) => form.getByLabel(koLifecycle.view.reason).fill("마음이 바뀌었어요"),
    confirm: true,
  });
  await context.close();
  expect(errors, "console errors in the shopper's browser").toEqual([]);
  return id;
}

test.describe("money back through Toss", () => {
  test("the owner cancels a card-paid order; the receipt shows the refund", async ({ page, browser }, testInfo) => {
    // Two journeys in one test: the shopper's payment and the owner's cancel.
    test.setTimeout(90_000);
    const js = !jsOff(testInfo);
    const id = await cardPaidOrder(browser);
    await page.goto(shopUrl("beauty", "/user/login?url=%2Fadmin"));
    await fillLogin(page, "owner@beauty.example.test", "demo1234!");
    await expect(page).toHaveURL(shopUrl("beauty", "/admin"));
    await page.goto(shopUrl("beauty", `/admin/order?id=${id}`));
    if (js) await hydrated(page);
    await act(page, koLifecycle.actions.accept_cancel, { confirm: true });
    await expect(page.getByTestId("order-status")).toHaveText(koOrder.status.CANCELED);
    const cancels = page.getByTestId("receipt-cancels");
    await expect(cancels).toContainText("마음이 바뀌었어요");
    await expect(cancels).toContainText(koCheckout.receipt.balance("0원"));
    await expect(page.getByTestId("timeline-cancel")).toHaveCount(1);
    // Toss (the stand-in's 개발자센터) shows the payment cancelled, nothing left.
    const standin = await browser.newPage();
    await standin.goto(`${tossStandinOrigin()}/_standin/`);
    const row = standin.getByRole("row").filter({ hasText: `${id}-1` });
    await expect(row).toContainText("CANCELED");
    await expect(row).toContainText("마음이 바뀌었어요");
    await standin.close();
    // Nothing overflows a 412 px phone.
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(412);
  });
});
