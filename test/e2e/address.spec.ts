import type { Page } from "@playwright/test";
import { addToCart, agreeAll, expect, hydrated, jsOff, shopUrl, signUp, test } from "./fixtures";
import { payBySheet, sheetOfOne } from "./order-helpers";
import { koCart, koOrder } from "../../app/shared/messages/cart";
import { koCheckout } from "../../app/shared/messages/checkout";
import { koSettings } from "../../app/shared/messages/settings";
import { koPostcode } from "../../app/shared/messages/shop/postcode";

/** Issue 11, point 3: saved addresses on the order sheet, and 우편번호 찾기, with JavaScript on and off. */

const unique = (tag: string) => `e2e-addr-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
const KAKAO_SCRIPT = "https://t1.kakaocdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js";

/**
 * Kakao's widget as its API is documented (`new daum.Postcode({ oncomplete }).embed(el)`): one
 * result to choose. The real one cannot be reached from the test machine.
 */
const FAKE_WIDGET = `window.daum = { Postcode: function (o) { this.embed = function (el) {
  var b = document.createElement("button"); b.type = "button"; b.textContent = "테헤란로 152 선택";
  b.addEventListener("click", function () { o.oncomplete({ zonecode: "06236", roadAddress: "서울 강남구 테헤란로 152",
    jibunAddress: "서울 강남구 역삼동 737", userSelectedType: "R", bname: "역삼동", buildingName: "강남파이낸스센터",
    apartment: "N" }); });
  el.appendChild(b); }; } };`;

async function addAddress(page: Page, a: { name: string; phone: string; postcode: string; address: string }) {
  const form = page.getByRole("form", { name: koSettings.addAddress });
  await form.getByLabel(koOrder.receiver).fill(a.name);
  await form.getByLabel(koOrder.phone).fill(a.phone);
  await form.getByLabel(koOrder.postcode, { exact: true }).fill(a.postcode);
  await form.getByLabel(koOrder.address, { exact: true }).fill(a.address);
  await form.getByRole("button", { name: koSettings.addAddress }).click();
  await expect(page.getByTestId("addresses")).toContainText(a.name);
}

test.describe("addresses on the order sheet", () => {
  test("a member picks another saved address; the order ships there", async ({ page }, testInfo) => {
    const js = !jsOff(testInfo);
    await signUp(page, "beauty", { email: unique(testInfo.project.name), name: "주소 회원", url: "/user/info" });
    await addAddress(page, {
      name: "집",
      phone: "010-1111-2222",
      postcode: "48058",
      address: "부산광역시 해운대구 센텀중앙로 79",
    });
    await addAddress(page, {
      name: "회사",
      phone: "010-3333-4444",
      postcode: "06236",
      address: "서울특별시 강남구 테헤란로 152",
    });

    await addToCart(page, shopUrl("beauty", "/shop/view/b0014"), js);
    await page.goto(shopUrl("beauty", "/user/checkout"));
    await page.getByRole("button", { name: koCart.order, exact: true }).click();
    await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
    if (js) await hydrated(page);
    const sheet = page.getByRole("form", { name: koOrder.sheetTitle });
    // The default (the first saved) is filled in; the book is offered.
    await expect(sheet.getByLabel(koOrder.receiver)).toHaveValue("집");
    const picker = sheet.getByRole("group").filter({ hasText: "저장된 배송지에서 선택 (2)" });
    await picker.getByRole("link", { name: /회사/ }).click();
    await expect(sheet.getByLabel(koOrder.receiver)).toHaveValue("회사");
    await expect(sheet.getByLabel(koOrder.postcode, { exact: true })).toHaveValue("06236");
    await expect(sheet.getByLabel(koOrder.address, { exact: true })).toHaveValue("서울특별시 강남구 테헤란로 152");
    await expect(picker.getByRole("link", { name: /회사/ })).toHaveAttribute("aria-current", "true");
    await sheet.getByLabel(koOrder.addressDetail).fill("12층");
    await sheet.getByRole("region", { name: koOrder.orderer }).getByLabel(koOrder.phone).fill("010-1111-2222");
    await agreeAll(sheet);
    await sheet.getByRole("button", { name: /결제하기/ }).click();
    await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
    await expect(page.getByTestId("delivery-info")).toContainText("서울특별시 강남구 테헤란로 152 12층");
    await expect(page.getByTestId("delivery-info")).toContainText("회사");
  });
});

test.describe("a member's second order", () => {
  test("needs no typing: the first order's address was kept, and fills the next sheet", async ({ page }, testInfo) => {
    const js = !jsOff(testInfo);
    await signUp(page, "beauty", { email: unique(`again-${testInfo.project.name}`), name: "다시 회원" });
    await sheetOfOne(page, js);
    const sheet = page.getByRole("form", { name: koOrder.sheetTitle });
    // Nothing saved yet: the address typed is kept unless the member unticks it.
    await expect(sheet.getByRole("checkbox", { name: koOrder.saveAddress })).toBeChecked();
    await payBySheet(page);
    await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);

    await sheetOfOne(page, js);
    const delivery = sheet.getByRole("region", { name: koOrder.delivery });
    await expect(sheet.getByRole("region", { name: koOrder.orderer }).getByLabel(koOrder.phone)).toHaveValue(
      "010-3000-4000",
    );
    await expect(sheet.getByLabel(koOrder.receiver)).toHaveValue("김구매");
    await expect(delivery.getByLabel(koOrder.phone)).toHaveValue("010-3000-4000");
    await expect(sheet.getByLabel(koOrder.postcode, { exact: true })).toHaveValue("06236");
    await expect(sheet.getByLabel(koOrder.address, { exact: true })).toHaveValue("서울특별시 강남구 테헤란로 1");
    // Only the consents and the button.
    await agreeAll(sheet);
    await sheet.getByRole("button", { name: /결제하기/ }).click();
    await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
    await expect(page.getByTestId("delivery-info")).toContainText("서울특별시 강남구 테헤란로 1");
    // Kept once, as the default.
    await page.goto(shopUrl("beauty", "/user/info"));
    await expect(page.getByTestId("addresses").getByText("서울특별시 강남구 테헤란로 1")).toHaveCount(1);

    // 간편결제로 주문하기: the short sheet, who and where as one line to check, the fields behind 변경.
    await addToCart(page, shopUrl("beauty", "/shop/view/b0014"), js);
    await page.goto(shopUrl("beauty", "/user/checkout"));
    if (js) await hydrated(page);
    await page.getByRole("button", { name: koCart.quickOrder }).click();
    await expect(page).toHaveURL(/\/user\/order\?id=\d{12}&npay=1/);
    if (js) await hydrated(page);
    const line = sheet.getByTestId("quick-delivery");
    await expect(line).toContainText("김구매 · 010-3000-4000 · 서울특별시 강남구 테헤란로 1");
    await expect(sheet.getByLabel(koOrder.receiver)).toBeHidden();
    await line.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("quick-sheet-412.png") });
    await line.getByText(koOrder.changeDelivery).click();
    await expect(sheet.getByLabel(koOrder.receiver)).toHaveValue("김구매");
    await sheet.getByRole("radio", { name: koCheckout.choices.bank, exact: true }).check();
    await agreeAll(sheet);
    await sheet.getByRole("button", { name: /결제하기/ }).click();
    await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
    await expect(page.getByTestId("delivery-info")).toContainText("서울특별시 강남구 테헤란로 1");
  });
});

test.describe("우편번호 찾기", () => {
  // The provider's script blocked on purpose: the browser logs the failed load.
  test.use({ expectedConsoleErrors: [/net::ERR_FAILED/] });

  test("fills the postcode and address from the provider, or says it could not and lets the shopper type", async ({
    page,
  }, testInfo) => {
    const js = !jsOff(testInfo);
    await signUp(page, "beauty", {
      email: unique(`pc-${testInfo.project.name}`),
      name: "우편 회원",
      url: "/user/info",
    });
    const form = page.getByRole("form", { name: koSettings.addAddress });
    const search = form.getByRole("button", { name: koPostcode.search });
    if (!js) {
      // Without scripts there is no search to open: the fields are typed, and that is enough.
      await expect(search).toHaveCount(0);
      await addAddress(page, {
        name: "직접",
        phone: "010-1212-3434",
        postcode: "06236",
        address: "서울 강남구 테헤란로 152",
      });
      return;
    }
    await hydrated(page);
    // The provider cannot be loaded: the page says so, and typing still works.
    await page.route(KAKAO_SCRIPT, (route) => route.abort());
    await search.click();
    await expect(page.getByRole("alert").filter({ hasText: "우편번호 찾기를 불러오지 못했습니다." })).toBeVisible();
    await page.unroute(KAKAO_SCRIPT);

    await page.route(KAKAO_SCRIPT, (route) => route.fulfill({ contentType: "text/javascript", body: FAKE_WIDGET }));
    await search.click();
    const dialog = page.getByRole("dialog", { name: koPostcode.search });
    await dialog.getByRole("button", { name: "테헤란로 152 선택" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(form.getByLabel(koOrder.postcode, { exact: true })).toHaveValue("06236");
    await expect(form.getByLabel(koOrder.address, { exact: true })).toHaveValue("서울 강남구 테헤란로 152 (역삼동)");
    await expect(form.getByLabel(koOrder.addressDetail)).toBeFocused();
    await form.getByLabel(koOrder.addressDetail).fill("5층");
    await form.getByLabel(koOrder.receiver).fill("찾은 주소");
    await form.getByLabel(koOrder.phone).fill("010-5656-7878");
    await form.getByRole("button", { name: koSettings.addAddress }).click();
    await expect(page.getByTestId("addresses")).toContainText("(06236) 서울 강남구 테헤란로 152 (역삼동) 5층");
  });
});
