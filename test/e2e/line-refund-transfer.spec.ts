import type { Page } from "@playwright/test";
import { addToCart, collectErrors, expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { act, fillLogin, payBySheet } from "./order-helpers";
import { koCart, koOrder } from "../../app/shared/messages/cart";
import { koLifecycle } from "../../app/shared/messages/lifecycle";

/**
 * Issue 52 item 5 (decision 179): the owner cancels one line of an order paid by 무통장입금; its
 * money is owed to the buyer, who gives a refund account on their order page; the owner sends it
 * by hand and marks that line 환불완료. With and without scripts, on both sides; the order goes on.
 */

const t = koLifecycle.saleCancel;

/** A guest orders beauty's b0013 and b0014 and pays by transfer; answers the order id, on its page. */
async function transferOfTwo(page: Page, js: boolean): Promise<string> {
  await addToCart(page, shopUrl("beauty", "/shop/view/b0013"), js);
  await addToCart(page, shopUrl("beauty", "/shop/view/b0014"), js);
  await page.goto(shopUrl("beauty", "/user/checkout"));
  await expect(page.getByTestId("cart-row")).toHaveCount(2);
  if (js) await hydrated(page);
  await page.getByRole("button", { name: koCart.order, exact: true }).click();
  await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
  if (js) await hydrated(page);
  await payBySheet(page);
  await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
  const id = new URL(page.url()).searchParams.get("id")!;
  await page.getByRole("link", { name: koOrder.orderDetail }).click();
  await expect(page).toHaveURL(/\/myshop\/order_view\?id=\d{12}/);
  return id;
}

test("a transfer order's line: cancelled, owed, the buyer's account, the owner's 환불완료", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const js = !jsOff(testInfo);
  const id = await transferOfTwo(page, js);

  const context = await browser.newContext({ javaScriptEnabled: js });
  const owner = await context.newPage();
  const errors = collectErrors(owner);
  await owner.goto(shopUrl("beauty", "/user/login?url=%2Fadmin"));
  if (js) await hydrated(owner);
  await fillLogin(owner, "owner@beauty.example.test", "demo1234!");
  await expect(owner).toHaveURL(shopUrl("beauty", "/admin"));
  await owner.goto(shopUrl("beauty", `/admin/order?id=${id}`));
  if (js) await hydrated(owner);
  await act(owner, koLifecycle.actions.confirm_payment, { confirm: true });

  // The first line's 판매취소: a reason, then the page's confirm step, which says the money is owed.
  const lines = owner.getByTestId("order-line");
  await expect(lines).toHaveCount(2);
  const name = (await lines.first().locator("span").first().textContent())!;
  const form = owner.getByRole("form", { name: t.lineForm(name) });
  await form.getByText(t.lineButton).click();
  await form.getByLabel(t.reason).selectOption({ label: t.reasons.stock });
  await form.getByRole("button", { name: koLifecycle.actions.seller_cancel_line }).click();
  await expect(owner.getByRole("alertdialog")).toContainText(koLifecycle.confirms.seller_cancel_line!);
  await owner.getByRole("button", { name: koLifecycle.view.confirmYes }).click();
  await expect(
    owner.getByRole("status").filter({ hasText: koLifecycle.view.done(koLifecycle.actions.seller_cancel_line) }),
  ).toBeVisible();
  const first = owner.getByTestId("order-line").first();
  await expect(first.getByTestId("line-canceled")).toContainText("환불 예정");
  // No account yet: the owner's line says what it waits for.
  await expect(first.getByTestId("line-refund-waiting")).toHaveText(t.lineWaitAccount);
  await expect(owner.getByTestId("order-status")).toHaveText(koOrder.status.CONFIRM_PAYMENT);

  // The buyer reads what is owed and gives the account on the order page.
  await page.reload();
  if (js) await hydrated(page);
  const owed = page.getByTestId("line-refund-owed");
  await expect(owed).toContainText("환불 예정");
  await expect(owed).toContainText(t.lineGiveAccount);
  await expect(page.getByTestId("order-line").first().getByTestId("line-canceled")).toContainText("환불 예정");
  await act(page, koLifecycle.actions.refund_account, {
    fill: async (f) => {
      await f.getByLabel(koLifecycle.view.refundBank).fill("신한은행");
      await f.getByLabel(koLifecycle.view.refundHolder).fill("김구매");
      await f.getByLabel(koLifecycle.view.refundAccountNo).fill("110-123-456789");
    },
  });
  await expect(page.getByTestId("line-refund-owed")).toContainText(t.waitRefund);
  await expect(page.getByTestId("order-status")).toHaveText(koOrder.status.CONFIRM_PAYMENT);

  // The owner sees the account and marks that line's refund sent.
  await owner.reload();
  if (js) await hydrated(owner);
  await expect(owner.getByTestId("refund")).toContainText("110-123-456789");
  const refundForm = owner.getByRole("form", { name: t.lineRefundForm(name) });
  await refundForm.getByRole("button", { name: koLifecycle.actions.line_refund_done }).click();
  await expect(owner.getByRole("alertdialog")).toContainText(koLifecycle.confirms.line_refund_done!);
  await owner.getByRole("button", { name: koLifecycle.view.confirmYes }).click();
  await expect(
    owner.getByRole("status").filter({ hasText: koLifecycle.view.done(koLifecycle.actions.line_refund_done) }),
  ).toBeVisible();
  await expect(owner.getByTestId("order-line").first().getByTestId("line-canceled")).not.toContainText("환불 예정");
  await expect(refundForm).toHaveCount(0);
  await expect(owner.getByTestId("order-status")).toHaveText(koOrder.status.CONFIRM_PAYMENT);

  // The buyer's page: nothing owed now, the line's money back, the order going on.
  await page.reload();
  await expect(page.getByTestId("line-refund-owed")).toHaveCount(0);
  const marked = page.getByTestId("order-line").first().getByTestId("line-canceled");
  await expect(marked).toContainText(t.lineRefund(""));
  await expect(marked).not.toContainText("환불 예정");
  await expect(page.getByTestId("order-status")).toHaveText(koOrder.status.CONFIRM_PAYMENT);
  await context.close();
  expect(errors, "console errors in the owner's browser").toEqual([]);
});
