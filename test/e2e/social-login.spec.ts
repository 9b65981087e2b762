import { koAuth } from "../../app/shared/messages/auth";
import { koSocial } from "../../app/shared/messages/social-login";
import { KAKAO_PERSONAS } from "../../scripts/lib/oauth-standin.mjs";
import { customUrl, expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { fillLogin } from "./order-helpers";

/**
 * Kakao login through the platform's one callback (decision 115), with scripts on and off: a plain
 * link leaves for the Kakao stand-in, the platform's host answers, and the shop's own host ends
 * logged in.
 */

test("a new shopper starts with Kakao on the custom domain, agrees on our form and lands logged in there", async ({
  page,
}, testInfo) => {
  await page.context().addCookies([{ name: "mkt_consent", value: "denied", url: customUrl() }]);
  await page.goto(customUrl("/user/login?url=%2Fmyshop"));
  await page.getByRole("link", { name: koSocial.startKakao }).click();
  await page.getByRole("button", { name: KAKAO_PERSONAS.noEmail.label }).click();
  await expect(page).toHaveURL(customUrl("/auth/join?url=%2Fmyshop"));
  // Reached by a redirect, not a goto: with scripts, its form is used once it has hydrated (a post
  // in the middle of hydration once ended in React's #345).
  if (!jsOff(testInfo)) await hydrated(page);
  const form = page.getByRole("form", { name: koSocial.joinTitle });
  await form.getByRole("checkbox", { name: koAuth.agreeAll }).check();
  await form.getByRole("button", { name: koSocial.joinButton }).click();
  await expect(page).toHaveURL(customUrl("/myshop"));
  // /user/info needs a login: it shows the new member's Kakao link instead of the login page.
  await page.goto(customUrl("/user/info"));
  const links = page.getByTestId("social-links");
  await expect(links.locator('li[data-provider="kakao"]')).toContainText(koSocial.provider.kakao);
  await expect(links.locator('li[data-provider="kakao"]').getByRole("button", { name: koSocial.unlink })).toBeVisible();
});

test("an e-mail account links Kakao from 내 정보 after its password, then logs in with Kakao", async ({ page }) => {
  await page.goto(shopUrl("beauty", "/user/login?url=%2Fuser%2Finfo"));
  await fillLogin(page, "shopper@example.test", "demo1234!");
  await expect(page).toHaveURL(shopUrl("beauty", "/user/info"));
  const kakao = page.getByTestId("social-links").locator('li[data-provider="kakao"]');
  await kakao.getByRole("button", { name: koSocial.link }).click();
  await page.getByRole("button", { name: KAKAO_PERSONAS.unverified.label }).click();
  await expect(page).toHaveURL(shopUrl("beauty", "/user/info?social=linked-kakao"));
  await expect(page.getByText(koSocial.linked(koSocial.provider.kakao))).toBeVisible();
  await expect(kakao.getByRole("button", { name: koSocial.unlink })).toBeVisible();

  // Logged out, then back in with Kakao alone: the same account.
  await page.goto(shopUrl("beauty", "/api/user/logout/v2?url=%2Fuser%2Flogin%3Furl%3D%252Fuser%252Finfo"));
  await expect(page).toHaveURL(/\/user\/login/);
  await page.getByRole("link", { name: koSocial.startKakao }).click();
  await page.getByRole("button", { name: KAKAO_PERSONAS.unverified.label }).click();
  await expect(page).toHaveURL(shopUrl("beauty", "/user/info"));
  await expect(page.getByText("shopper@example.test")).toBeVisible();
});
