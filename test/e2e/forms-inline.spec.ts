import type { Page } from "@playwright/test";
import { addToCart, expect, hydrated, jsOff, shopUrl, signUp, test } from "./fixtures";
import { fillLogin } from "./order-helpers";
import { koAdmin } from "../../app/shared/messages/admin";
import { koAuth } from "../../app/shared/messages/auth";
import { koCart, koOrder } from "../../app/shared/messages/cart";
import { koSettings } from "../../app/shared/messages/settings";
import { koCartButton } from "../../app/shared/messages/shop/cart";
import { koBuyRefused, koProduct } from "../../app/shared/messages/shop/product";

/**
 * Issue 40, point 3: quantities and forms that never lie. Every check is our own message beside
 * its field (no browser bubble), gone as soon as the field is right (with scripts).
 */
test.describe("quantities and forms", () => {
  // A refused post answers 400; the browser logs the status.
  test.use({ expectedConsoleErrors: [/status of 400 /] });

  for (const qty of ["0", "9999"]) {
    test(`a quantity of ${qty} is refused beside the field and nothing is added`, async ({ page }, testInfo) => {
      const js = !jsOff(testInfo);
      await page.goto(shopUrl("beauty", "/shop/view/b0013"));
      if (js) await hydrated(page);
      const form = page.getByRole("form", { name: koProduct.addToCart });
      const field = form.getByRole("spinbutton", { name: koCart.quantity });
      await field.fill(qty);
      await form.getByRole("button", { name: koProduct.addToCart }).click();
      const message = page.locator("#buy-qty-error");
      await expect(message).toHaveText(koBuyRefused.qtyRange(999));
      await expect(field).toHaveAttribute("aria-invalid", "true");
      // What was typed is kept, never changed to 1; no confirmation says it was added.
      await expect(field).toHaveValue(qty);
      await expect(page.getByText(koCartButton.added)).toHaveCount(0);
      if (js) {
        // Right again: the message goes at once, before any post.
        await field.fill("2");
        await expect(message).toHaveCount(0);
        await expect(field).not.toHaveAttribute("aria-invalid", "true");
      }
      await page.goto(shopUrl("beauty", "/user/checkout"));
      await expect(page.getByText(koCart.empty)).toBeVisible();
    });
  }

  test("a missing option gets our message beside the options, not the browser's bubble", async ({ page }, testInfo) => {
    const js = !jsOff(testInfo);
    await page.goto(shopUrl("beauty", "/shop/view/b0017"));
    if (js) await hydrated(page);
    const form = page.getByRole("form", { name: koProduct.addToCart });
    // The browser would stop a required radio group with its bubble: the form must not ask it to.
    expect(await form.evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true);
    await form.getByRole("button", { name: koProduct.addToCart }).click();
    const message = page.locator("#buy-option-error");
    await expect(message).toHaveText(koProduct.chooseOption);
    if (js) {
      await form.getByRole("radio").first().check();
      await expect(message).toHaveCount(0);
    }
    await page.goto(shopUrl("beauty", "/user/checkout"));
    await expect(page.getByText(koCart.empty)).toBeVisible();
  });

  test("12345678 is refused on the order sheet; 010 2222 3333 is stored and shown as 010-2222-3333", async ({
    page,
  }, testInfo) => {
    const js = !jsOff(testInfo);
    const sheet = await openSheet(page, js);
    const phone = sheet.getByRole("region", { name: koOrder.orderer }).getByLabel(koOrder.phone);
    await phone.fill("12345678");
    await sheet.getByRole("button", { name: /결제하기/ }).click();
    const message = sheet.locator("#orderer_phone-error");
    await expect(message).toHaveText(koOrder.fieldErrors.pattern.orderer_phone!);
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveValue("12345678");
    await phone.fill("010 2222 3333");
    if (js) {
      // Fixed: the message goes as soon as the number is one, not at the next post; so does the
      // receiver's, which 주문자 정보와 동일 took from it.
      await expect(message).toHaveCount(0);
      await expect(phone).not.toHaveAttribute("aria-invalid", "true");
      await expect(sheet.locator("#receiver_phone-error")).toHaveCount(0);
    }
    await sheet.getByRole("button", { name: /결제하기/ }).click();
    await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
    await expect(page.getByTestId("delivery-info")).toContainText("김번호 · 010-2222-3333");
  });

  test("an order sheet error clears as soon as the field is fixed", async ({ page }, testInfo) => {
    test.skip(jsOff(testInfo), "with scripts: without them the next post decides");
    const sheet = await openSheet(page, true);
    const phone = sheet.getByRole("region", { name: koOrder.orderer }).getByLabel(koOrder.phone);
    // A number the browser's own pattern took: only our rule knows it is none.
    await phone.fill("1234-5678");
    await sheet.getByRole("button", { name: /결제하기/ }).click();
    const message = sheet.locator("#orderer_phone-error");
    await expect(message).toHaveText(koOrder.fieldErrors.pattern.orderer_phone!);
    // Still no number: the message stays while typing one that is not yet right.
    await phone.fill("010-2222-333");
    await expect(message).toBeVisible();
    await phone.fill("010-2222-3333");
    await expect(message).toHaveCount(0);
  });

  test("the address book refuses 12345678 beside the field and shows a saved number with hyphens", async ({
    page,
  }, testInfo) => {
    const js = !jsOff(testInfo);
    const email = `e2e-forms-${testInfo.project.name}-${Date.now()}@example.test`;
    await signUp(page, "beauty", { email, name: "번호 회원", url: "/user/info" });
    if (js) await hydrated(page);
    const form = page.getByRole("form", { name: koSettings.addAddress });
    await form.getByLabel(koOrder.receiver).fill("정번호");
    const phone = form.getByLabel(koOrder.phone);
    await phone.fill("12345678");
    await form.getByLabel(koOrder.postcode).fill("48058");
    await form.getByLabel(koOrder.address, { exact: true }).fill("부산광역시 해운대구 센텀중앙로 79");
    await form.getByRole("button", { name: koSettings.addAddress }).click();
    const message = page.locator("#field-receiver_phone-error");
    await expect(message).toHaveText(koOrder.fieldErrors.pattern.receiver_phone!);
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await phone.fill("010 4444 5555");
    if (js) await expect(message).toHaveCount(0);
    await form.getByRole("button", { name: koSettings.addAddress }).click();
    await expect(page.getByText(koSettings.addressSaved)).toBeVisible();
    await expect(page.getByTestId("addresses")).toContainText("010-4444-5555");
  });

  test("on the join page a wrong e-mail's message goes as soon as it is fixed, before any post", async ({
    page,
  }, testInfo) => {
    test.skip(jsOff(testInfo), "a message that goes while typing needs scripts");
    await page.goto(shopUrl("beauty", "/user/join"));
    await hydrated(page);
    const form = page.getByRole("form", { name: koAuth.joinTitle });
    const email = form.getByRole("textbox", { name: koAuth.email });
    await email.fill("someone@example");
    await form.getByRole("button", { name: koAuth.joinButton }).click();
    const message = page.locator("#field-email-error");
    await expect(message).toHaveText(koAuth.emailInvalid);
    await expect(email).toHaveAttribute("aria-invalid", "true");
    // Still wrong: the message stays. Right: it goes at once, nothing posted.
    await email.fill("someone@example.");
    await expect(message).toHaveText(koAuth.emailInvalid);
    await email.fill("someone@example.com");
    await expect(message).toHaveCount(0);
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(shopUrl("beauty", "/user/join"));
  });

  test("the console's notice form posted empty shows our message, not the browser's bubble", async ({
    page,
  }, testInfo) => {
    const js = !jsOff(testInfo);
    await page.goto(shopUrl("beauty", `/user/login?url=${encodeURIComponent("/admin/notices")}`));
    if (js) await hydrated(page);
    await fillLogin(page, "owner@beauty.example.test", "demo1234!");
    await expect(page).toHaveURL(shopUrl("beauty", "/admin/notices"));
    if (js) await hydrated(page);
    await page.getByText(koAdmin.notices.add, { exact: true }).click();
    const form = page.getByRole("form", { name: koAdmin.notices.add });
    const title = form.getByLabel(koAdmin.notices.titleLabel);
    // The browser would stop the post with its bubble and Playwright would wait on it: the page
    // must have posted for our message to show.
    await form.getByRole("button", { name: koAdmin.notices.save }).click();
    await expect(form.getByText(koAdmin.errors.noticeTitle)).toBeVisible();
    await expect(form.getByText(koAdmin.errors.noticeBody)).toBeVisible();
    await expect(title).toHaveAttribute("required", "");
    await expect(title).toHaveValue("");
  });
});

/** A fresh sheet of one b0013 with everything but the orderer's phone filled in. */
async function openSheet(page: Page, js: boolean) {
  await addToCart(page, shopUrl("beauty", "/shop/view/b0013"), js);
  await page.goto(shopUrl("beauty", "/user/checkout"));
  if (js) await hydrated(page);
  await page.getByRole("button", { name: koCart.order, exact: true }).click();
  await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
  if (js) await hydrated(page);
  const sheet = page.getByRole("form", { name: koOrder.sheetTitle });
  await sheet.getByLabel(koAuth.name).fill("김번호");
  await sheet.getByRole("checkbox", { name: koOrder.sameAsOrderer }).check();
  await sheet.getByLabel("우편번호").fill("06236");
  await sheet.getByLabel("주소", { exact: true }).fill("서울특별시 강남구 테헤란로 1");
  await sheet.getByRole("checkbox", { name: /\[필수\] 주문 내용/ }).check();
  return sheet;
}
