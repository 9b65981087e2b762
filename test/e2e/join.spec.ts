import { expect, jsOff, shopUrl, test } from "./fixtures";
import { koAuth } from "../../app/shared/messages/auth";
import { koCart } from "../../app/shared/messages/cart";
import { koMembership } from "../../app/shared/messages/membership";
import { koDrawer } from "../../app/shared/messages/shop/drawer";

/** Issue 11, point 5: sign-up consents and the welcome, with JavaScript on and off, on a phone. */

const unique = (tag: string) => `e2e-join-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
const PRODUCT = "/shop/view/b0011";

test.describe("sign-up", () => {
  // A refused form post answers 400; the browser logs the status.
  test.use({ expectedConsoleErrors: [/status of 400 /] });

  test("consents named one by one, then a welcome with the shop's join points, back to the product", async ({
    page,
  }, testInfo) => {
    const js = !jsOff(testInfo);
    await page.goto(shopUrl("beauty", `/user/join?url=${encodeURIComponent(PRODUCT)}`));
    const form = page.getByRole("form", { name: koAuth.joinTitle });
    await form.getByLabel(koAuth.email, { exact: true }).fill(unique(testInfo.project.name));
    await form.getByLabel(koAuth.name).fill("가입 회원");
    await form.getByLabel(koAuth.password, { exact: true }).fill("e2e-pass-1234");
    await form.getByLabel(koAuth.passwordConfirm).fill("e2e-pass-1234");
    const all = form.getByRole("checkbox", { name: koAuth.agreeAll });
    const terms = form.getByRole("checkbox", { name: koAuth.agreeTerms });
    const privacy = form.getByRole("checkbox", { name: koAuth.agreePrivacy });
    const age = form.getByRole("checkbox", { name: koAuth.agreeAge });
    const marketing = form.getByRole("checkbox", { name: koAuth.agreeMarketing });
    await expect(form.getByRole("link", { name: "보기 [필수] 이용약관 동의" })).toHaveAttribute(
      "href",
      "/link?type=terms",
    );

    // Without 만 14세 이상 the form says so next to that box, and keeps the others.
    await terms.check();
    await privacy.check();
    await form.getByRole("button", { name: koAuth.joinButton }).click();
    await expect(form.getByText(koAuth.agreeAgeRequired)).toBeVisible();
    await expect(age).toHaveAttribute("aria-invalid", "true");
    await expect(terms).toBeChecked();
    if (js) {
      // 전체 동의 ticks every box and follows them.
      await all.check();
      for (const box of [terms, privacy, age, marketing]) await expect(box).toBeChecked();
      await marketing.uncheck();
      await expect(all).not.toBeChecked();
    } else {
      // The server's answer has no password in it.
      await form.getByLabel(koAuth.password, { exact: true }).fill("e2e-pass-1234");
      await form.getByLabel(koAuth.passwordConfirm).fill("e2e-pass-1234");
      await age.check();
    }
    await form.getByRole("button", { name: koAuth.joinButton }).click();

    await expect(page.getByRole("heading", { name: koAuth.welcomeTitle })).toBeVisible();
    await expect(page.getByText("가입 회원님, 가입이 완료되었습니다.")).toBeVisible();
    const offer = page.getByTestId("welcome-offer");
    await expect(offer).toContainText("뷰티 라운지의 회원이 되면 가입 축하 포인트 2,000P를 바로 드립니다.");
    await offer.getByRole("link", { name: "상점 회원 가입하고 2,000P 받기" }).click();
    await page.getByRole("checkbox", { name: koMembership.agree }).check();
    await page.getByRole("button", { name: koDrawer.joinPrompt }).click();
    await expect(page.getByRole("status")).toContainText("2,000P");
    await page.getByRole("link", { name: koCart.goShopping }).click();
    await expect(page).toHaveURL(shopUrl("beauty", PRODUCT));
  });

  test("전체 동의 alone is enough, and the welcome goes straight back", async ({ page }, testInfo) => {
    await page.goto(shopUrl("beauty", "/user/join?url=%2Fshop%2Flist"));
    const form = page.getByRole("form", { name: koAuth.joinTitle });
    await form.getByLabel(koAuth.email, { exact: true }).fill(unique(`all-${testInfo.project.name}`));
    await form.getByLabel(koAuth.name).fill("전체 동의");
    await form.getByLabel(koAuth.password, { exact: true }).fill("e2e-pass-1234");
    await form.getByLabel(koAuth.passwordConfirm).fill("e2e-pass-1234");
    await form.getByRole("checkbox", { name: koAuth.agreeAll }).check();
    await form.getByRole("button", { name: koAuth.joinButton }).click();
    await expect(page).toHaveURL(/\/user\/succ\?url=%2Fshop%2Flist$/);
    await page.getByRole("link", { name: koCart.goShopping }).click();
    await expect(page).toHaveURL(shopUrl("beauty", "/shop/list"));
  });
});
