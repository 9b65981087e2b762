import type { Page } from "@playwright/test";
import { addToCart, expect, hydrated, jsOff, shopUrl, signUp, test, agreeAll } from "./fixtures";

const unique = (tag: string) => `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

/** Adds the product at `path` from its page (as in checkout.spec.ts). */
async function fillLogin(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "로그인" });
  await form.getByLabel("이메일").fill(email);
  await form.getByLabel("비밀번호").fill(password);
  await form.getByRole("button", { name: "로그인" }).click();
}

const row = (page: Page, name: string) => page.getByTestId("cart-row").filter({ hasText: name });

async function payByBankTransfer(page: Page) {
  const sheet = page.getByRole("form", { name: "주문서" });
  await sheet.getByLabel("이름").fill("김쇼퍼");
  await sheet.getByRole("region", { name: "주문자" }).getByLabel("휴대폰 번호").fill("010-2000-1000");
  await sheet.getByLabel("받는 분").fill("김쇼퍼");
  await sheet.getByRole("region", { name: "배송지" }).getByLabel("휴대폰 번호").fill("010-2000-1000");
  await sheet.getByLabel("우편번호").fill("06236");
  await sheet.getByLabel("주소", { exact: true }).fill("서울특별시 강남구 테헤란로 1");
  await sheet.getByLabel("입금자명").fill("김쇼퍼");
  await agreeAll(sheet);
  await sheet.getByRole("button", { name: /결제하기/ }).click();
}

test.describe("member", () => {
  // Without scripts a refused post comes back as a 400/409 page, which the browser logs.
  test.use({ expectedConsoleErrors: [/status of 40[09] /] });

  test("the guest cart merges at login; the member orders by bank transfer", async ({ page }, testInfo) => {
    const js = !jsOff(testInfo);
    // The demo shopper's own cart on beauty already holds the green-tea skin.
    await page.goto(shopUrl("beauty", "/user/login"));
    await fillLogin(page, "shopper@example.test", "demo1234!");
    await expect(page).toHaveURL(shopUrl("beauty", "/"));
    await addToCart(page, shopUrl("beauty", "/shop/view/b0002"), js);
    await page.goto(shopUrl("beauty", "/api/user/logout/v2?url=%2F"));
    await expect(page).toHaveURL(shopUrl("beauty", "/"));

    // As a guest: the same skin and a vitamin ampoule.
    await addToCart(page, shopUrl("beauty", "/shop/view/b0002"), js);
    await addToCart(page, shopUrl("beauty", "/shop/view/b0006"), js);
    await page.getByTestId("header-cart").click();
    await expect(page).toHaveURL(/\/user\/checkout\?uuid_value=[0-9a-f]{32}$/);
    await expect(page.getByTestId("cart-row")).toHaveCount(2);

    // Log in from the cart: back to the cart, now the member's, with the guest's lines merged.
    await page.getByTitle("메뉴 열기").click();
    await page.getByTestId("account-prompt").getByRole("link", { name: "로그인" }).click();
    await fillLogin(page, "shopper@example.test", "demo1234!");
    await expect(page).toHaveURL(shopUrl("beauty", "/user/checkout"));
    await expect(page.getByTestId("cart-row")).toHaveCount(2);
    await expect(row(page, "녹차 수분 스킨").getByRole("textbox", { name: "수량" })).toHaveValue("2");
    await expect(row(page, "비타민C 잡티 앰플").getByRole("textbox", { name: "수량" })).toHaveValue("1");
    await expect(page.getByTestId("header-cart").getByTestId("cart-count")).toHaveText("2");
    await expect(page.getByTestId("grand-total")).toHaveText("59,000원"); // 15,000 × 2 + 29,000, free delivery

    // Member links carry no device id.
    await page.getByRole("button", { name: "주문하기", exact: true }).click();
    await expect(page).toHaveURL(/\/user\/order\?id=\d{12}$/);
    await expect(page.getByTestId("order-total")).toHaveText("59,000원");
    await payByBankTransfer(page);
    await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}$/);
    await expect(page.getByRole("heading", { name: "주문이 접수되었습니다" })).toBeVisible();
    await expect(page.getByTestId("bank-info")).toContainText("59,000원");
    await expect(page.getByTestId("header-cart").getByTestId("cart-count")).toHaveCount(0);
  });

  test("members-only goods: join the shop with the privacy agreement, order, see points, cancel", async ({
    page,
  }, testInfo) => {
    const js = !jsOff(testInfo);
    await signUp(page, "beauty", { email: unique(`shopmember-${testInfo.project.name}`), name: "상점 회원" });

    await addToCart(page, shopUrl("beauty", "/shop/view/b0041"), js);
    await page.goto(shopUrl("beauty", "/user/checkout"));
    if (js) await hydrated(page);
    await page.getByRole("button", { name: "주문하기", exact: true }).click();
    // Only this shop's members may order it: the way forward is this shop's membership.
    if (js) {
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText("이 상점의 회원으로 가입할까요?");
      await dialog.getByRole("button", { name: "예" }).click();
    } else {
      await expect(page.getByRole("alert")).toContainText("이 상점의 회원으로 가입한 뒤 주문해 주세요.");
      await page.getByRole("link", { name: "상점 회원 가입하기" }).click();
    }
    await expect(page).toHaveURL(shopUrl("beauty", "/shop/member_point?url=%2Fuser%2Fcheckout"));
    await expect(page.getByRole("heading", { name: "상점 회원", level: 1 })).toBeVisible();
    await expect(page.getByText("가입 축하 포인트 2,000P를 드립니다.")).toBeVisible();
    const form = page.getByRole("form", { name: "상점 회원 가입" });
    await expect(form.getByRole("link", { name: "개인정보처리방침" })).toHaveAttribute("href", "/link?type=privacy");
    await expect(form.getByRole("link", { name: "이용약관" })).toHaveAttribute("href", "/link?type=terms");

    // Not without agreeing.
    if (js) await hydrated(page);
    await form.getByRole("button", { name: "상점 회원 가입하기" }).click();
    await expect(page.getByText("개인정보 수집·이용에 동의해 주세요.")).toBeVisible();
    await page.getByRole("checkbox", { name: "개인정보 수집·이용에 동의합니다" }).check();
    await page.getByRole("button", { name: "상점 회원 가입하기" }).click();

    await expect(page.getByText("가입 축하 포인트 2,000P가 적립되었습니다.")).toBeVisible();
    await expect(page.getByText("뷰티 라운지 회원입니다")).toBeVisible();
    await expect(page.getByTestId("point-balance")).toHaveText("2,000P");
    const entry = page.getByTestId("point-entry");
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText("가입 축하 포인트");
    await expect(entry).toContainText("+2,000P");
    await expect(entry).toContainText("소멸 예정 2,000P");

    // Back to the cart: now it orders.
    await page.getByRole("link", { name: "주문 계속하기" }).click();
    await expect(page).toHaveURL(shopUrl("beauty", "/user/checkout"));
    if (js) await hydrated(page);
    await page.getByRole("button", { name: "주문하기", exact: true }).click();
    await expect(page).toHaveURL(/\/user\/order\?id=\d{12}$/);
    await expect(page.getByRole("heading", { name: "주문서" })).toBeVisible();

    // Cancelling asks first.
    await page.goto(shopUrl("beauty", "/shop/member_point"));
    if (js) await hydrated(page);
    await page.getByRole("button", { name: "회원 해지하기" }).click();
    const question = "정말 상점 회원을 해지할까요? 보유 포인트 2,000P가 사라지며 되돌릴 수 없습니다.";
    if (js) {
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText(question);
      await dialog.getByRole("button", { name: "아니오" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId("point-balance")).toHaveText("2,000P");
      await page.getByRole("button", { name: "회원 해지하기" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "예" }).click();
    } else {
      await expect(page.getByText(question)).toBeVisible();
      await expect(page.getByTestId("point-balance")).toHaveCount(0);
      await page.getByRole("button", { name: "해지하기", exact: true }).click();
    }
    await expect(page.getByText("상점 회원을 해지했습니다.")).toBeVisible();
    await expect(page.getByText("아직 뷰티 라운지 회원이 아닙니다")).toBeVisible();
    // The sign-up bonus was given once; joining again would not repeat it.
    await expect(page.getByText("가입 축하 포인트 2,000P를 드립니다.")).toHaveCount(0);

    // The policy pages exist.
    await page.goto(shopUrl("beauty", "/link?type=privacy"));
    await expect(page.getByRole("heading", { name: "개인정보처리방침", level: 1 })).toBeVisible();
  });
});
