import type { Browser, Page } from "@playwright/test";
import { collectErrors, expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { act, fillLogin, guestOrder, payByCard } from "./order-helpers";
import { koOrder } from "../../app/shared/messages/cart";
import { koCheckout } from "../../app/shared/messages/checkout";
import { koLifecycle } from "../../app/shared/messages/lifecycle";
import { tossStandinOrigin } from "../../scripts/lib/e2e-paths.mjs";

/**
 * Issue 40 item 6 (decision 126): the owner's 판매취소 of a paid order from the console, with a
 * reason from the list; the buyer's order page shows it with the reason: at once while it is open
 * (the live event) with scripts, on the next load without. A transfer waits for the account the
 * buyer gives; a card is refunded through Toss (the stand-in) in the same press.
 */

const t = koLifecycle.saleCancel;
/** 판매취소 pressed without a reason is answered 400 beside the field: the browser logs the status. */
const REFUSED = [/status of 400 /];
test.use({ expectedConsoleErrors: REFUSED });
const SALE = koLifecycle.actions.seller_cancel;

/** The owner of beauty on one order's console page, in a browser of their own. */
async function ownerConsole(browser: Browser, js: boolean, id: string) {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 412, height: 915 } });
  const owner = await context.newPage();
  const errors = collectErrors(owner, REFUSED);
  await owner.goto(shopUrl("beauty", "/user/login?url=%2Fadmin"));
  if (js) await hydrated(owner);
  await fillLogin(owner, "owner@beauty.example.test", "demo1234!");
  await expect(owner).toHaveURL(shopUrl("beauty", "/admin"));
  await owner.goto(shopUrl("beauty", `/admin/order?id=${id}`));
  if (js) await hydrated(owner);
  const close = async () => {
    await context.close();
    expect(errors, "console errors in the owner's browser").toEqual([]);
  };
  return { owner, close };
}

/** 판매취소 in the console: first without a reason (refused beside the field), then with one. */
async function saleCancel(owner: Page, reason: string, detail: string) {
  const form = owner.getByRole("form", { name: SALE });
  await form.getByRole("button", { name: SALE }).click();
  await expect(owner.getByRole("form", { name: SALE })).toContainText(koLifecycle.fieldErrors.saleCancelReason);
  await act(owner, SALE, {
    fill: async (f) => {
      await f.getByLabel(t.reason).selectOption({ label: reason });
      await f.getByLabel(t.detail).fill(detail);
    },
    confirm: true,
  });
}

test.describe("판매취소", () => {
  test("a transfer-paid order: the buyer sees why and gives the account for the refund", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const js = !jsOff(testInfo);
    const id = await guestOrder(page, js);
    const { owner, close } = await ownerConsole(browser, js, id);
    await act(owner, koLifecycle.actions.confirm_payment, { confirm: true });

    // With scripts the buyer's page stays open and follows the order; without, it is loaded again.
    await page.reload();
    if (js) await expect(page.locator("html")).toHaveAttribute("data-live", "on");
    await expect(page.getByTestId("order-status")).toHaveText(koOrder.status.CONFIRM_PAYMENT);
    await expect(page.getByTestId("sale-cancel")).toHaveCount(0);

    await saleCancel(owner, t.reasons.stock, "다음 입고가 취소되었습니다");
    await expect(owner.getByTestId("order-status")).toHaveText(koOrder.status.REQ_BANK_REFUND);
    await expect(owner.getByTestId("sale-cancel")).toContainText(t.reasons.stock);
    await close();

    if (!js) await page.reload();
    const notice = page.getByTestId("sale-cancel");
    await expect(notice).toContainText(t.title);
    await expect(notice).toContainText(t.reasonLine(`${t.reasons.stock} · 다음 입고가 취소되었습니다`));
    await expect(notice).toContainText(t.giveAccount);
    await expect(page.getByTestId("order-status")).toHaveText(koOrder.status.REQ_BANK_REFUND);
    await act(page, koLifecycle.actions.refund_account, {
      fill: async (form) => {
        await form.getByLabel(koLifecycle.view.refundBank).fill("국민은행");
        await form.getByLabel(koOrder.bankHolder).fill("김구매");
        await form.getByLabel(koLifecycle.view.refundAccountNo).fill("123-45-6789012");
      },
    });
    await expect(page.getByTestId("sale-cancel")).toContainText(t.waitRefund);
    // Nothing overflows a 412 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  });

  test("a card-paid order: refunded through Toss in the same press, the buyer's open page shows it", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const js = !jsOff(testInfo);
    // The card payment needs scripts: the buyer pays in a browser of their own with them, and
    // keeps the order page open; the owner's console runs with scripts on and off.
    const buyerContext = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 412, height: 915 } });
    const buyer = await buyerContext.newPage();
    const errors = collectErrors(buyer);
    const id = await payByCard(buyer);
    await buyer.goto(shopUrl("beauty", `/myshop/order_view?id=${id}`));
    await hydrated(buyer);
    await expect(buyer.locator("html")).toHaveAttribute("data-live", "on");

    await page.goto(shopUrl("beauty", "/user/login?url=%2Fadmin"));
    await fillLogin(page, "owner@beauty.example.test", "demo1234!");
    await expect(page).toHaveURL(shopUrl("beauty", "/admin"));
    await page.goto(shopUrl("beauty", `/admin/order?id=${id}`));
    if (js) await hydrated(page);
    await saleCancel(page, t.reasons.discontinued, "제조사가 생산을 멈췄습니다");
    await expect(page.getByTestId("order-status")).toHaveText(koOrder.status.REFUNDED);
    await expect(page.getByTestId("receipt-cancels")).toContainText(koCheckout.receipt.balance("0원"));

    // The buyer's page, open all along, follows the order.
    await expect(buyer.getByTestId("order-status")).toHaveText(koOrder.status.REFUNDED);
    await expect(buyer.getByTestId("sale-cancel")).toContainText(
      t.reasonLine(`${t.reasons.discontinued} · 제조사가 생산을 멈췄습니다`),
    );
    await buyerContext.close();
    expect(errors, "console errors in the buyer's browser").toEqual([]);

    // Toss (the stand-in's 개발자센터) has the payment cancelled once, with the shop's reason.
    const standin = await browser.newPage();
    await standin.goto(`${tossStandinOrigin()}/_standin/`);
    const row = standin.getByRole("row").filter({ hasText: `${id}-1` });
    await expect(row).toContainText("CANCELED");
    await expect(row).toContainText("제조사가 생산을 멈췄습니다");
    await standin.close();
  });
});
