import type { Page } from "@playwright/test";
import { expect, shopUrl, signUp, test } from "./fixtures";
import { latestMail } from "./outbox";
import { koAdmin } from "../../app/shared/messages/admin";
import { koAuth } from "../../app/shared/messages/auth";
import { koCart } from "../../app/shared/messages/cart";
import { koMemberBox } from "../../app/shared/messages/shop/account";
import { koHeader } from "../../app/shared/messages/shop/header";

const unique = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

async function openDrawer(page: Page) {
  await page.getByTitle(koHeader.openMenu).click();
  return page.getByTestId("drawer");
}

async function fillLogin(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: koAuth.loginTitle });
  await form.getByLabel(koAuth.email).fill(email);
  await form.getByLabel(koAuth.password).fill(password);
  await form.getByRole("button", { name: koAuth.loginTitle }).click();
}

test.describe("accounts", () => {
  // Refused form posts answer 400/401 (with the form and its errors); the browser logs the status.
  test.use({ expectedConsoleErrors: [/status of 40[01] /] });

  test("join, log out, log in again and reach a protected page", async ({ page }, testInfo) => {
    const email = unique(testInfo.project.name);
    const name = "테스트 회원 🌟";

    // A protected page sends the guest to login, with the way back.
    await page.goto(shopUrl("beauty", "/myshop"));
    await expect(page).toHaveURL(/\/user\/login\?url=%2Fmyshop&dom=beauty$/);
    await expect(page.getByText(koAuth.loginRequired)).toBeVisible();
    await expect(page.getByTestId("footer")).toHaveCount(0);

    // Sign up from there.
    await page.getByRole("link", { name: koAuth.joinTitle }).click();
    await expect(page).toHaveURL(/\/user\/join\?url=%2Fmyshop$/);
    const join = page.getByRole("form", { name: koAuth.joinTitle });
    await join.getByLabel(koAuth.email, { exact: true }).fill(email);
    await join.getByLabel(koAuth.name).fill(name);
    await join.getByLabel(koAuth.password, { exact: true }).fill("e2e-pass-1234");
    await join.getByLabel(koAuth.passwordConfirm).fill("e2e-pass-9999");
    await join.getByRole("checkbox", { name: koAuth.agreeAll }).check();
    await join.getByRole("button", { name: koAuth.joinButton }).click();
    // A mistake is shown next to its field, the other values stay.
    await expect(join.getByText(koAuth.passwordMismatch)).toBeVisible();
    await expect(join.getByLabel(koAuth.email, { exact: true })).toHaveValue(email);
    await expect(join.getByLabel(koAuth.name)).toHaveValue(name);
    await join.getByLabel(koAuth.password, { exact: true }).fill("e2e-pass-1234");
    await join.getByLabel(koAuth.passwordConfirm).fill("e2e-pass-1234");
    await expect(join.getByRole("checkbox", { name: koAuth.agreeTerms })).toBeChecked();
    await join.getByRole("button", { name: koAuth.joinButton }).click();

    // The welcome, then on to where the shopper was going.
    await expect(page.getByRole("heading", { name: koAuth.welcomeTitle })).toBeVisible();
    await page.getByRole("link", { name: koCart.goShopping }).click();
    await expect(page).toHaveURL(shopUrl("beauty", "/myshop"));
    await expect(page.getByRole("heading", { name: `${name}님, 안녕하세요` })).toBeVisible();

    // Log out: back home, a guest again.
    await page.getByRole("link", { name: koMemberBox.logout }).click();
    await expect(page).toHaveURL(shopUrl("beauty", "/"));
    await expect((await openDrawer(page)).getByTestId("account-prompt")).toBeVisible();
    await page.goto(shopUrl("beauty", "/myshop"));
    await expect(page).toHaveURL(/\/user\/login\?url=%2Fmyshop/);

    // Wrong password: one message for everything, the e-mail stays, the password does not.
    await fillLogin(page, email, "not-the-password");
    await expect(page.getByText(koAuth.loginFailed)).toBeVisible();
    await expect(page.getByLabel(koAuth.email)).toHaveValue(email);
    await expect(page.getByLabel(koAuth.password)).toHaveValue("");

    await fillLogin(page, email, "e2e-pass-1234");
    await expect(page).toHaveURL(shopUrl("beauty", "/myshop"));
    await expect(page.getByRole("heading", { name: `${name}님, 안녕하세요` })).toBeVisible();

    // The shop's header and drawer know the member now.
    await page.goto(shopUrl("beauty", "/"));
    const drawer = await openDrawer(page);
    await expect(drawer.getByText(`${name}님, 안녕하세요`)).toBeVisible();
    await expect(drawer.getByTestId("avatar-initial")).toHaveText("테");
    await drawer.getByRole("link", { name: koMemberBox.settings }).click();
    await expect(page).toHaveURL(shopUrl("beauty", "/user/info"));
    await expect(page.getByRole("heading", { name: koAuth.infoTitle })).toBeVisible();
  });

  test("forgotten password: reset through the mailed link, once", async ({ page }, testInfo) => {
    const email = unique(`reset-${testInfo.project.name}`);
    await signUp(page, "beauty", { email, name: "재설정", password: "old-pass-1234" });
    await page.context().clearCookies();

    await page.goto(shopUrl("beauty", "/user/login"));
    await page.getByRole("link", { name: koAuth.forgot }).click();
    await expect(page.getByRole("heading", { name: koAuth.forgetTitle })).toBeVisible();
    await page.getByLabel(koAuth.email).fill(email);
    await page.getByRole("button", { name: koAuth.forgetButton }).click();
    await expect(page.getByText("입력하신 이메일로 가입된 계정이 있다면")).toBeVisible();

    const mail = latestMail(email);
    expect(mail?.subject).toBe("[뷰티 라운지] 비밀번호 재설정 안내");
    const link = /http:\/\/beauty\.localhost:\d+\/user\/forget\?token=[\w-]+/.exec(mail!.body)?.[0];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await page.getByLabel(koAuth.passwordNew, { exact: true }).fill("new-pass-5678");
    await page.getByLabel(koAuth.passwordConfirm).fill("new-pass-5678");
    await page.getByRole("button", { name: koAuth.resetButton }).click();
    await expect(page).toHaveURL(/\/user\/login\?reset=done/);
    await expect(page.getByText("비밀번호를 변경했습니다.")).toBeVisible();

    await fillLogin(page, email, "new-pass-5678");
    await expect(page).toHaveURL(shopUrl("beauty", "/"));

    // The link is spent.
    await page.goto(link!);
    await expect(page.getByText("재설정 링크가 만료되었거나 이미 사용되었습니다.")).toBeVisible();
  });

  test("field errors in Korean before anything is sent (or from the server without scripts)", async ({ page }) => {
    await page.goto(shopUrl("picks", "/user/login"));
    await page.getByRole("button", { name: koAuth.loginTitle }).click();
    const form = page.getByRole("form", { name: koAuth.loginTitle });
    await expect(form.locator("#field-email-error")).toHaveText(koAuth.required);
    await expect(form.locator("#field-password-error")).toHaveText(koAuth.required);
    await expect(form.getByLabel(koAuth.email)).toHaveAttribute("aria-invalid", "true");
  });

  test("the owner of beauty sees the admin button there and not on picks", async ({ page }) => {
    for (const [dom, admin] of [
      ["beauty", true],
      ["picks", false],
    ] as const) {
      await page.goto(shopUrl(dom, "/user/login"));
      await fillLogin(page, "owner@beauty.example.test", "demo1234!");
      await expect(page).toHaveURL(shopUrl(dom, "/"));
      const header = page.locator("header");
      if (admin) {
        await expect(header.getByRole("link", { name: koAdmin.title })).toHaveAttribute("href", "/admin");
        await expect(header.getByRole("link", { name: koHeader.message })).toHaveCount(0);
      } else {
        await expect(header.getByRole("link", { name: koAdmin.title })).toHaveCount(0);
        await expect(header.getByRole("link", { name: koHeader.message })).toBeVisible();
      }
    }
  });
});

test.describe("accounts with scripts", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "session storage and the app bridge need JavaScript");

  test("keeps the return address and shop in session storage across a detour", async ({ page }) => {
    await page.goto(shopUrl("beauty", "/user/login?url=%2Fmessage&dom=beauty"));
    await expect
      .poll(() => page.evaluate(() => JSON.parse(sessionStorage.getItem("myshop.login.return") ?? "null")))
      .toMatchObject({ url: "/message", shopid: 1 });
    // The password page has no url parameter; coming back to login without one restores it.
    await page.goto(shopUrl("beauty", "/user/login"));
    await expect(page.locator('input[name="url"]')).toHaveValue("/message");
    await fillLogin(page, "shopper@example.test", "demo1234!");
    await expect(page).toHaveURL(shopUrl("beauty", "/message"));
    // Another shop does not use beauty's address.
    await page.goto(shopUrl("picks", "/user/login"));
    await expect(page.locator('input[name="url"]')).toHaveValue("");
  });

  test("inside the native app, login success goes to the app", async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { appMessages: string[]; ReactNativeWebView: unknown };
      w.appMessages = [];
      w.ReactNativeWebView = { postMessage: (m: string) => w.appMessages.push(m) };
    });
    await page.goto(shopUrl("bistro", "/user/login?url=%2Fmyshop"));
    await expect(page.locator('input[name="app"]')).toHaveValue("1");
    await fillLogin(page, "shopper@example.test", "demo1234!");
    await expect(page.getByText(koAuth.appLoggedIn)).toBeVisible();
    // The page must stay (no revalidation moving on to the return address) once all is settled.
    await page.waitForLoadState("networkidle");
    await expect(page).toHaveURL(/\/user\/login/);
    await expect(page.getByText(koAuth.appLoggedIn)).toBeVisible();
    const messages = await page.evaluate(() => (window as unknown as { appMessages: string[] }).appMessages);
    expect(messages.map((m) => JSON.parse(m))).toEqual([{ type: "login", uid: 2001, url: "/myshop" }]);
  });
});
