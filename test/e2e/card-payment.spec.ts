import type { Browser, Page } from "@playwright/test";
import { agreeAll, expect, hydrated, jsOff, shopUrl, signUp, test } from "./fixtures";
import { koAuth } from "../../app/shared/messages/auth";
import { koOrder } from "../../app/shared/messages/cart";
import { koCheckout } from "../../app/shared/messages/checkout";
import { tossStandinOrigin } from "../../scripts/lib/e2e-paths.mjs";
import { fillLogin, sheetOfOne } from "./order-helpers";
import { koShopSettings } from "../../app/shared/messages/shop-settings";

/**
 * Issue 35 (decision 102): paying by card, wallet or virtual account through the shop's own Toss
 * keys, with Toss's window played by the local stand-in (scripts/lib/toss-standin.mjs) that the
 * browser tests' server runs. beauty has the demo test keys.
 */

/** A sheet of b0014 on beauty, filled in; the form. */
async function filledSheet(page: Page, js: boolean) {
  await sheetOfOne(page, js);
  const sheet = page.getByRole("form", { name: koOrder.sheetTitle });
  await sheet.getByLabel(koAuth.name).fill("김카드");
  await sheet.getByRole("region", { name: koOrder.orderer }).getByLabel(koOrder.phone).fill("010-3000-5000");
  await sheet.getByRole("checkbox", { name: koOrder.sameAsOrderer }).check();
  await sheet.getByLabel(koOrder.postcode).fill("06236");
  await sheet.getByLabel(koOrder.address, { exact: true }).fill("서울특별시 강남구 테헤란로 1");
  await agreeAll(sheet);
  return sheet;
}

/** 결제하기 with a choice: the page goes to Toss's window (the stand-in's), where `button` is pressed. */
async function payInWindow(page: Page, choice: string, button: "결제 승인" | "카드사 거절" | "결제창 닫기") {
  const sheet = page.getByRole("form", { name: koOrder.sheetTitle });
  await sheet.getByRole("radio", { name: choice, exact: true }).check();
  await sheet.getByRole("button", { name: /결제하기/ }).click();
  await expect(page.getByText("토스페이먼츠 결제 (테스트)")).toBeVisible();
  await page.getByRole("button", { name: button }).click();
}

test.describe("card payments", () => {
  test("a guest pays by card: Toss's window, back to the completion page with the receipt; a refresh pays nothing more", async ({
    page,
  }, testInfo) => {
    test.skip(jsOff(testInfo), "Toss's window needs scripts; without them see the last test");
    await filledSheet(page, true);
    await payInWindow(page, koCheckout.choices.card, "결제 승인");
    await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
    const receipt = page.getByTestId("payment-receipt");
    await expect(receipt.getByTestId("receipt-method")).toHaveText(koCheckout.choices.card);
    await expect(receipt.getByTestId("test-payment")).toContainText(koCheckout.testMode);
    await expect(receipt.getByTestId("receipt-card")).toContainText("****");
    await expect(page.getByTestId("order-status")).toHaveText(koOrder.status.CONFIRM_PAYMENT);
    await expect(page.getByText(koCheckout.completePaid)).toBeVisible();
    await expect(page.getByTestId("header-cart").getByTestId("cart-count")).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("payment-receipt")).toBeVisible();
    const id = new URL(page.url()).searchParams.get("id")!;
    // Read by the page itself (its cookies, its origin), not opened as a document (that also asks
    // for a favicon).
    const order = await page.evaluate(
      async (path) => (await (await fetch(path)).json()) as { events: { action: string }[]; status: string },
      `/api/myshp/get/my/order?id=${id}`,
    );
    expect(order.status).toBe("CONFIRM_PAYMENT");
    expect(order.events.filter((e) => e.action === "pay_provider")).toHaveLength(1);
  });

  for (const [who, choice] of [
    ["a member", koCheckout.choices.card],
    ["a member", koCheckout.choices.kakaopay],
    ["a guest", koCheckout.choices.kakaopay],
  ] as const) {
    test(`${who} pays by ${choice}`, async ({ page }, testInfo) => {
      test.skip(jsOff(testInfo), "Toss's window needs scripts");
      if (who === "a member") {
        await signUp(page, "beauty", {
          email: `e2e-pay-${choice.length}-${testInfo.project.name}-${Date.now()}@example.test`,
          name: "결제 회원",
        });
      }
      await filledSheet(page, true);
      await payInWindow(page, choice, "결제 승인");
      await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
      await expect(page.getByTestId("receipt-method")).toHaveText(choice);
      await expect(page.getByTestId("order-status")).toHaveText(koOrder.status.CONFIRM_PAYMENT);
      await page.getByRole("link", { name: koOrder.orderDetail }).click();
      await expect(page).toHaveURL(/\/myshop\/order_view\?id=\d{12}/);
      await expect(page.getByTestId("payment-receipt")).toContainText(choice);
    });
  }

  test("a declined card comes back to the sheet with the reason, everything typed kept", async ({ page }, testInfo) => {
    test.skip(jsOff(testInfo), "Toss's window needs scripts");
    const sheet = await filledSheet(page, true);
    await payInWindow(page, koCheckout.choices.card, "카드사 거절");
    await expect(page).toHaveURL(/\/user\/order\?id=\d{12}&payment_error=REJECT_CARD_COMPANY/);
    await expect(page.getByTestId("sheet-notice")).toHaveText(koCheckout.failures.REJECT_CARD_COMPANY);
    await hydrated(page);
    await expect(sheet.getByLabel(koAuth.name)).toHaveValue("김카드");
    // Paying again by transfer works on the same sheet.
    await agreeAll(sheet);
    await sheet.getByRole("radio", { name: koCheckout.choices.bank, exact: true }).check();
    await sheet.getByRole("button", { name: /결제하기/ }).click();
    await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
    await expect(page.getByTestId("bank-info")).toBeVisible();
  });

  test("a virtual account is issued, and Toss's deposit (개발자센터's 입금 처리) pays it", async ({
    page,
  }, testInfo) => {
    test.skip(jsOff(testInfo), "Toss's window needs scripts");
    await filledSheet(page, true);
    await payInWindow(page, koCheckout.choices.vbank, "결제 승인");
    await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
    const id = new URL(page.url()).searchParams.get("id")!;
    await expect(page.getByTestId("bank-account")).toHaveText(/^X/);
    await expect(page.getByTestId("order-status")).toHaveText(koOrder.waitingDeposit);
    // The tester plays the shopper's deposit from the stand-in's developer center: Toss calls the
    // shop's deposit webhook, and the order is paid without the owner.
    await page.goto(`${tossStandinOrigin()}/_standin/`);
    await page
      .getByRole("row")
      .filter({ hasText: `${id}-1` })
      .getByRole("button", { name: "입금 처리" })
      .click();
    await page.goto(shopUrl("beauty", `/myshop/order_view?id=${id}`));
    await expect(page.getByTestId("order-status")).toHaveText(koOrder.status.CONFIRM_PAYMENT);
    await expect(page.getByTestId("payment-receipt")).toContainText(koCheckout.choices.vbank);
  });

  test("without scripts the sheet says card payment needs them; a transfer still works", async ({ page }, testInfo) => {
    test.skip(!jsOff(testInfo), "the page without scripts");
    const sheet = await filledSheet(page, false);
    await expect(page.getByTestId("needs-scripts")).toHaveText(koCheckout.needsScripts);
    await expect(sheet.getByRole("radio", { name: koCheckout.choices.card, exact: true })).toBeDisabled();
    await expect(sheet.getByRole("radio", { name: koCheckout.choices.bank, exact: true })).toBeChecked();
    await sheet.getByRole("button", { name: /결제하기/ }).click();
    await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
    await expect(page.getByTestId("bank-info")).toBeVisible();
  });

  test("a card-only shop's sheet offers no transfer, with scripts and without, and says so truthfully", async ({
    page,
    browser,
  }, testInfo) => {
    const js = !jsOff(testInfo);
    // beauty without its bank account: it takes cards through its Toss keys only (issue 52).
    await setBeautyBank(browser, null);
    try {
      const sheet = await filledSheet(page, js);
      await expect(sheet.getByRole("radio", { name: koCheckout.choices.bank, exact: true })).toHaveCount(0);
      await expect(sheet.getByRole("radio", { name: koCheckout.choices.card, exact: true })).toBeVisible();
      if (!js) {
        // Nothing can be paid here without scripts: the sheet says so and promises no transfer.
        await expect(sheet).not.toContainText(koCheckout.choices.bank);
        await expect(page.getByTestId("needs-scripts")).toHaveText(koCheckout.needsScriptsOnly);
        await expect(sheet.getByRole("button", { name: /결제하기/ })).toBeDisabled();
        return;
      }
      await expect(page.getByTestId("needs-scripts")).toHaveCount(0);
      await expect(sheet).not.toContainText(koCheckout.choices.bank);
      await payInWindow(page, koCheckout.choices.card, "결제 승인");
      await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
      await expect(page.getByTestId("receipt-method")).toHaveText(koCheckout.choices.card);
    } finally {
      await setBeautyBank(browser, BEAUTY_BANK);
    }
  });
});

/** beauty's seeded account (functions/seed/demo.ts). */
const BEAUTY_BANK = { bank: "국민은행", account: "123401-04-567890", holder: "(주)뷰티라운지" };

/** The owner sets beauty's 무통장 입금 계좌 in the console, or removes it (null). */
async function setBeautyBank(browser: Browser, bank: typeof BEAUTY_BANK | null) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const owner = await context.newPage();
  await owner.goto(shopUrl("beauty", `/user/login?url=${encodeURIComponent("/admin/settings")}`));
  await fillLogin(owner, "owner@beauty.example.test", "demo1234!");
  await expect(owner).toHaveURL(shopUrl("beauty", "/admin/settings"));
  const form = owner.getByRole("form", { name: koShopSettings.sections.bank });
  await form.locator('[name="bank_name"]').selectOption(bank?.bank ?? "");
  await form.locator('[name="bank_account"]').fill(bank?.account ?? "");
  await form.locator('[name="bank_holder"]').fill(bank?.holder ?? "");
  await form.getByRole("button", { name: koShopSettings.save }).click();
  await expect(owner.getByText(koShopSettings.done.bank)).toBeVisible();
  await context.close();
}
