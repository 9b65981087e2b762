import { koAuth } from "../../app/shared/messages/auth";
import { koOrder } from "../../app/shared/messages/cart";
import { koSocial } from "../../app/shared/messages/social-login";
import { KAKAO_CONSENT_ITEMS, KAKAO_PERSONAS } from "../../scripts/lib/oauth-standin.mjs";
import { agreeAll, expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { sheetOfOne } from "./order-helpers";

/**
 * Buyers never retype (decision 177), with scripts on and off: a Kakao login that brings the
 * person's phone and shipping address (Kakao Sync's consent items, the stand-in's window) orders
 * with nothing typed but the consents, and the same person joins another shop with one tap,
 * seeing what that shop receives.
 */
test("a Kakao login's address orders untyped, and the next shop is joined with one tap", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const js = !jsOff(testInfo);
  await page.context().addCookies([
    { name: "mkt_consent", value: "denied", url: shopUrl("beauty") },
    { name: "mkt_consent", value: "denied", url: shopUrl("picks") },
  ]);
  await page.goto(shopUrl("beauty", "/user/login?url=%2Fmyshop"));
  await page.getByRole("link", { name: koSocial.startKakao }).click();
  // Kakao's window lists the items the app asks for; the optional ones stay ticked.
  await expect(page.getByRole("checkbox", { name: KAKAO_CONSENT_ITEMS.shipping_address!.label })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: KAKAO_CONSENT_ITEMS.phone_number!.label })).toBeChecked();
  await page.getByRole("button", { name: KAKAO_PERSONAS.sync.label }).click();
  await expect(page).toHaveURL(shopUrl("beauty", "/auth/join?url=%2Fmyshop"));
  if (js) await hydrated(page);
  const form = page.getByRole("form", { name: koSocial.joinTitle });
  await expect(form.getByLabel(koAuth.name)).toHaveValue("김배송");
  await form.getByRole("checkbox", { name: koAuth.agreeAll }).check();
  await form.getByRole("button", { name: koSocial.joinButton }).click();
  await expect(page).toHaveURL(shopUrl("beauty", "/myshop"));

  // The order sheet starts from Kakao's default address and phone: only the consents to give.
  await sheetOfOne(page, js);
  const sheet = page.getByRole("form", { name: koOrder.sheetTitle });
  await expect(sheet.getByLabel(koOrder.receiver)).toHaveValue("김배송");
  await expect(sheet.getByLabel(koOrder.postcode, { exact: true })).toHaveValue("03925");
  await expect(sheet.getByLabel(koOrder.address, { exact: true })).toHaveValue("서울특별시 마포구 월드컵북로 396");
  await expect(sheet.getByRole("region", { name: koOrder.orderer }).getByLabel(koOrder.phone)).toHaveValue(
    "010-2345-6789",
  );
  await agreeAll(sheet);
  await sheet.getByRole("button", { name: /결제하기/ }).click();
  await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
  await expect(page.getByTestId("delivery-info")).toContainText("서울특별시 마포구 월드컵북로 396");

  // Another shop: Kakao again, and one tap of consent to what this shop receives.
  await page.goto(shopUrl("picks", "/user/login?url=%2Fmyshop"));
  await page.getByRole("link", { name: koSocial.startKakao }).click();
  await page.getByRole("button", { name: KAKAO_PERSONAS.sync.label }).click();
  await expect(page).toHaveURL(shopUrl("picks", "/auth/join?url=%2Fmyshop"));
  const details = page.getByTestId("share-details");
  await expect(details).toContainText("김배송");
  await expect(details).toContainText("010-2345-6789");
  await expect(page.getByRole("textbox")).toHaveCount(0);
  if (js) await hydrated(page);
  await page.getByRole("button", { name: koSocial.shareButton }).click();
  await expect(page).toHaveURL(shopUrl("picks", "/myshop"));
  // The same account: its book came along, so this shop's sheet is filled too.
  await page.goto(shopUrl("picks", "/user/info"));
  await expect(page.getByTestId("addresses")).toContainText("월드컵북로 396");
});
