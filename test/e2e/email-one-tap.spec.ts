import { koCart, koOrder } from "../../app/shared/messages/cart";
import { koSettings } from "../../app/shared/messages/settings";
import { koSocial } from "../../app/shared/messages/social-login";
import { addToCart, expect, hydrated, jsOff, shopUrl, signUp, test } from "./fixtures";
import { fillLogin, joinBeauty } from "./order-helpers";

// Without scripts the refused phone comes back as a 400 page, which the browser logs.
test.use({ expectedConsoleErrors: [/status of 400 /] });

/**
 * One account across shops for an e-mail account (decision 180), with scripts on and off: a member
 * of beauty who logs in at picks from its cart is asked once what picks receives, joins with one
 * tap and keeps the cart; the phone they saved on /user/info starts picks' order sheet; the next
 * login is not asked again.
 */
test("an e-mail account joins a second shop with one tap and its phone fills the sheet", async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const js = !jsOff(testInfo);
  const email = `e2e-onetap-${testInfo.project.name}-${Date.now()}@example.test`;
  await page.context().addCookies([
    { name: "mkt_consent", value: "denied", url: shopUrl("beauty") },
    { name: "mkt_consent", value: "denied", url: shopUrl("picks") },
  ]);
  await signUp(page, "beauty", { email, name: "한번 회원" });
  await joinBeauty(page);

  // The account's own phone, on /user/info: refused when it is no mobile number, then saved.
  await page.goto(shopUrl("beauty", "/user/info"));
  if (js) await hydrated(page);
  const phoneForm = page.getByRole("form", { name: koSettings.phoneTitle });
  await phoneForm.getByLabel(koSettings.phoneLabel).fill("02-123-4567");
  await phoneForm.getByRole("button", { name: koSettings.phoneSave }).click();
  await expect(page.getByText(koSettings.phoneNotMobile)).toBeVisible();
  await page.getByRole("form", { name: koSettings.phoneTitle }).getByLabel(koSettings.phoneLabel).fill("010 3456 7890");
  await page
    .getByRole("form", { name: koSettings.phoneTitle })
    .getByRole("button", { name: koSettings.phoneSave })
    .click();
  await expect(page.getByText(koSettings.phoneSaved)).toBeVisible();
  await expect(page.getByRole("form", { name: koSettings.phoneTitle }).getByLabel(koSettings.phoneLabel)).toHaveValue(
    "010-3456-7890",
  );

  // picks, as a guest with a cart, then the login: the one question first, the cart kept.
  await addToCart(page, shopUrl("picks", "/shop/view/p0002"), js, { option: "50ml" });
  await page.goto(shopUrl("picks", "/user/login?url=%2Fuser%2Fcheckout"));
  await fillLogin(page, email, "e2e-pass-1234");
  await expect(page).toHaveURL(shopUrl("picks", "/auth/join?url=%2Fuser%2Fcheckout"));
  const details = page.getByTestId("share-details");
  await expect(details).toContainText("한번 회원");
  await expect(details).toContainText("010-3456-7890");
  await expect(details).toContainText(email);
  await expect(page.getByText(koSocial.shareRefuseAccount)).toBeVisible();
  await expect(page.getByRole("button", { name: koSocial.shareDecline })).toBeVisible();
  if (js) await hydrated(page);
  await page.getByRole("button", { name: koSocial.shareButton }).click();
  await expect(page).toHaveURL(shopUrl("picks", "/user/checkout"));
  await expect(page.getByTestId("cart-row")).toHaveCount(1);

  // The sheet starts with the account's phone.
  if (js) await hydrated(page);
  await page.getByRole("button", { name: koCart.order, exact: true }).click();
  await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
  const sheet = page.getByRole("form", { name: koOrder.sheetTitle });
  await expect(sheet.getByRole("region", { name: koOrder.orderer }).getByLabel(koOrder.phone)).toHaveValue(
    "010-3456-7890",
  );

  // picks' member now: its page says so, and the next login goes straight on.
  await page.goto(shopUrl("picks", "/shop/member_point"));
  await expect(page.getByText("에디터 픽 회원입니다")).toBeVisible();
  await page.goto(shopUrl("picks", "/api/user/logout/v2?url=%2F"));
  await page.goto(shopUrl("picks", "/user/login?url=%2Fuser%2Fcheckout"));
  await fillLogin(page, email, "e2e-pass-1234");
  await expect(page).toHaveURL(shopUrl("picks", "/user/checkout"));
});

test("saying no keeps the account logged in at the second shop, and it is not asked again", async ({
  page,
}, testInfo) => {
  const js = !jsOff(testInfo);
  const email = `e2e-onetap-no-${testInfo.project.name}-${Date.now()}@example.test`;
  await signUp(page, "beauty", { email, name: "거절 회원" });
  await joinBeauty(page);

  await page.goto(shopUrl("picks", "/user/login?url=%2Fmyshop"));
  await fillLogin(page, email, "e2e-pass-1234");
  await expect(page).toHaveURL(shopUrl("picks", "/auth/join?url=%2Fmyshop"));
  if (js) await hydrated(page);
  await page.getByRole("button", { name: koSocial.shareDecline }).click();
  await expect(page).toHaveURL(shopUrl("picks", "/myshop"));
  await page.goto(shopUrl("picks", "/shop/member_point"));
  // Logged in, not a member; joining stays open, with what picks would receive.
  await expect(page.getByText("아직 에디터 픽 회원이 아닙니다")).toBeVisible();
  await expect(page.getByTestId("share-details")).toContainText("거절 회원");

  await page.goto(shopUrl("picks", "/api/user/logout/v2?url=%2F"));
  await page.goto(shopUrl("picks", "/user/login?url=%2Fmyshop"));
  await fillLogin(page, email, "e2e-pass-1234");
  await expect(page).toHaveURL(shopUrl("picks", "/myshop"));
});
