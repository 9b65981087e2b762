import type { Page } from "@playwright/test";
import { addToCart, agreeAll, expect, hydrated, jsOff, PORT, shopUrl, test } from "./fixtures";
import { addCategory, createProduct } from "./console-helpers";
import { koAdmin } from "../../app/shared/messages/admin";
import { koAuth } from "../../app/shared/messages/auth";
import { koCart, koOrder } from "../../app/shared/messages/cart";
import { koCheckout } from "../../app/shared/messages/checkout";
import { koPayments } from "../../app/shared/messages/payments";
import { koPlatform } from "../../app/shared/messages/platform";
import { koSettlement } from "../../app/shared/messages/settlement";
import { koSeller } from "../../app/shared/messages/seller";
import { koShopSettings } from "../../app/shared/messages/shop-settings";
import { koFooter } from "../../app/shared/messages/shop/footer";
import { readStandins, tossStandinOrigin } from "../../scripts/lib/e2e-paths.mjs";

/**
 * Issue 52 item 1, its "done when" (decision 178): a new person opens a shop, fills the setup
 * checklist (the law's seller details, delivery, the platform's seller registration), lists a
 * product with stock, and a stranger on another browser pays by card through the platform's Toss
 * contract at the stand-in. The shop's 정산 shows the sale and the platform's fee; the morning's
 * job asks Toss for the payout two days on; the stand-in pays it and its signed webhook moves the
 * payout to 지급 완료. The card window needs scripts: JavaScript on only.
 */

const platformUrl = (path = "/") => `http://localhost:${PORT}${path}`;
const s = koShopSettings;
const won = (text: string) => Number(text.replace(/[^\d-]/g, ""));
/** 01:00 in Korea, `days` Korean days after today: when the morning's job runs. */
function koreanMorning(days: number): number {
  const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
  return Date.parse(`${today}T01:00:00+09:00`) + days * 24 * 3_600_000;
}

async function openShop(page: Page, tag: string): Promise<string> {
  await page.goto(platformUrl("/"));
  await page.getByRole("link", { name: koPlatform.openCta }).click();
  await page.getByLabel(koPlatform.email).fill(`e2e-payouts-${tag}@example.test`);
  await page.getByLabel(koPlatform.name, { exact: true }).fill("정산 사장");
  await page.getByLabel(koPlatform.password, { exact: true }).fill("e2e-pass-1234");
  await page.getByLabel(koPlatform.passwordConfirm).fill("e2e-pass-1234");
  for (const box of [koPlatform.agreeTerms, koPlatform.agreePrivacy, koPlatform.agreeAge]) {
    await page.getByLabel(box).check();
  }
  await page.getByRole("main").getByRole("button", { name: koPlatform.join }).click();
  await expect(page).toHaveURL(platformUrl("/open"));
  const dom = `payout-${tag}`;
  await page.getByLabel(koPlatform.dom).fill(dom);
  await page.getByLabel(koPlatform.shopName).fill("정산 상점");
  await page.getByLabel(koPlatform.typeShop).check();
  await page.getByRole("button", { name: koPlatform.openSubmit }).click();
  await expect(page).toHaveURL(shopUrl(dom, "/admin"));
  return dom;
}

test("a new shop takes a card through the platform's contract on day one and is paid out, 지급 완료 by Toss's webhook", async ({
  page,
  browser,
}, testInfo) => {
  test.skip(
    jsOff(testInfo),
    "Toss's card window needs scripts; the forms before it are covered without them elsewhere",
  );
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 412, height: 915 });
  const tag = Date.now().toString(36);
  const dom = await openShop(page, tag);
  await hydrated(page);
  // The checklist: the payment step leads to the page where the platform's way comes first.
  await expect(page.getByTestId("shop-setup").getByRole("link")).toHaveCount(5);

  // — The law's seller details as a 개인사업자, and the delivery fees saved once.
  await page.goto(shopUrl(dom, "/admin/settings"));
  await hydrated(page);
  const business = page.getByRole("form", { name: s.sections.business });
  await business.getByLabel(koSeller.types.sole).check();
  await business.locator('[name="corpname"]').fill("정산상회");
  await business.locator('[name="ceo"]').fill("정사장");
  await business.locator('[name="idnum"]').fill("2208162517");
  await business.locator('[name="idnum_singo"]').fill("제2026-서울마포-00178호");
  await business.locator('[name="address"]').fill("서울특별시 마포구 양화로 12");
  await business.locator('[name="tel"]').fill("010-4000-5000");
  await business.locator('[name="email"]').fill(`e2e-payouts-${tag}@example.test`);
  await business.getByRole("button", { name: s.save }).click();
  await expect(business.getByTestId("legal-gaps")).toHaveText(koSeller.complete);
  await hydrated(page);
  const delivery = page.getByRole("form", { name: s.sections.delivery });
  await delivery.getByRole("button", { name: s.save }).click();
  await expect(page.getByText(s.done.delivery)).toBeVisible();

  // — 결제 설정: the platform's way first, its fee and schedule said; the registration starts
  //   from the business details, so only the account is typed.
  await page.goto(shopUrl(dom, "/admin/payments"));
  await hydrated(page);
  const platform = page.getByTestId("platform-pay");
  await expect(platform).toContainText(koSettlement.platform.fee("3.3"));
  const seller = page.getByRole("form", { name: koSettlement.seller.title });
  await expect(seller.getByLabel(koSettlement.seller.types.INDIVIDUAL_BUSINESS)).toBeChecked();
  await expect(seller.locator('[name="name"]')).toHaveValue("정산상회");
  await expect(seller.locator('[name="business_number"]')).toHaveValue("220-81-62517");
  await expect(seller.locator('[name="phone"]')).toHaveValue("01040005000");
  await seller.locator('[name="bank_code"]').selectOption({ label: "신한" });
  await seller.locator('[name="account_number"]').fill("110-987-654321");
  await seller.locator('[name="holder"]').fill("정사장");
  await seller.getByRole("button", { name: koSettlement.seller.submit }).click();
  await expect(page.getByText(koPayments.done.seller)).toBeVisible();
  await expect(page.getByTestId("seller-status")).toHaveText(koSettlement.seller.statuses.PARTIALLY_APPROVED);
  await page.screenshot({ path: testInfo.outputPath("platform-pay-412.png"), fullPage: true });

  // — A product with stock.
  await page.goto(shopUrl(dom, "/admin/categories"));
  await hydrated(page);
  await addCategory(page, "정산 테스트");
  await page.getByRole("navigation").getByRole("link", { name: koAdmin.nav.products, exact: true }).click();
  await hydrated(page);
  await createProduct(page, true, {
    title: "정산 머그컵",
    price: "20,000",
    category: "정산 테스트",
    options: [
      { name: "화이트", stock: "5" },
      { name: "블랙", price: "0", stock: "5" },
    ],
  });

  // — A stranger, another browser, pays by card: the window is the platform's contract's.
  const stranger = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const shop = await stranger.newPage();
  await shop.goto(shopUrl(dom, "/shop/list?category=0"));
  const card = shop.getByRole("link", { name: /정산 머그컵/ }).first();
  const href = (await card.getAttribute("href"))!;
  await addToCart(shop, shopUrl(dom, href), true, { option: "화이트" });
  await shop.getByTestId("header-cart").click();
  await hydrated(shop);
  await shop.getByRole("button", { name: koCart.order, exact: true }).click();
  await expect(shop).toHaveURL(/\/user\/order\?id=\d{12}/);
  await hydrated(shop);
  await expect(shop.getByTestId("sheet-broker-notice")).toHaveText(koFooter.broker);
  const sheet = shop.getByRole("form", { name: koOrder.sheetTitle });
  await sheet.getByLabel(koAuth.name).fill("김손님");
  await sheet.getByRole("region", { name: koOrder.orderer }).getByLabel(koOrder.phone).fill("010-3000-4000");
  await sheet.getByRole("checkbox", { name: koOrder.sameAsOrderer }).check();
  await sheet.getByLabel(koOrder.postcode).fill("06236");
  await sheet.getByLabel(koOrder.address, { exact: true }).fill("서울특별시 강남구 테헤란로 1");
  await sheet.getByRole("radio", { name: koCheckout.choices.card }).check();
  // The platform's contract takes no virtual accounts (their deposits belong to a shop's own).
  await expect(sheet.getByRole("radio", { name: koCheckout.choices.vbank })).toHaveCount(0);
  await agreeAll(sheet);
  const total = won((await sheet.getByRole("button", { name: /결제하기/ }).textContent())!);
  await sheet.getByRole("button", { name: /결제하기/ }).click();
  await shop.getByRole("button", { name: "결제 승인" }).click();
  await expect(shop).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
  await expect(shop.getByTestId("footer").getByTestId("broker-notice")).toHaveText(koFooter.broker);
  await stranger.close();
  // — 정산: the sale and the platform's fee today; nothing to pay out before two days pass.
  const fee = Math.floor((total * 330) / 10_000);
  await page.goto(shopUrl(dom, "/admin/settlement"));
  await expect(
    page.getByRole("navigation").getByRole("link", { name: koAdmin.nav.settlement, exact: true }),
  ).toHaveAttribute("aria-current", "page");
  const today = page.getByTestId("settlement-day").first();
  await expect(today.getByTestId("sales")).toHaveText(`${total.toLocaleString("ko-KR")}원`);
  await expect(today.getByTestId("fees")).toHaveText(`${fee.toLocaleString("ko-KR")}원`);
  await expect(today.getByTestId("net")).toHaveText(`${(total - fee).toLocaleString("ko-KR")}원`);
  await expect(page.getByTestId("waiting")).toHaveText(`${(total - fee).toLocaleString("ko-KR")}원`);
  await expect(page.getByText(koSettlement.payouts.empty)).toBeVisible();

  // Two days on, the morning's job asks Toss to pay it: 지급 예정.
  const run = await fetch(readStandins().scheduler.origin, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ scheduledTime: koreanMorning(2), cron: "*/10 15-20 * * *" }),
  });
  expect(run.status).toBeLessThan(600);
  await page.reload();
  const payout = page.getByTestId("payout").first();
  await expect(payout.getByTestId("payout-status")).toHaveText(koSettlement.payouts.statuses.REQUESTED);
  await expect(payout.getByTestId("payout-amount")).toHaveText(`${(total - fee).toLocaleString("ko-KR")}원`);

  // Toss pays it; its signed webhook reaches the platform: 지급 완료.
  const paid = await fetch(`${tossStandinOrigin()}/_standin/payouts/pay`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  const answer = (await paid.json()) as { webhooks: { status: number }[] };
  expect(answer.webhooks.map((w) => w.status)).toContain(200);
  await page.reload();
  await expect(page.getByTestId("payout").first().getByTestId("payout-status")).toHaveText(
    koSettlement.payouts.statuses.COMPLETED,
  );
  await expect(page.getByTestId("paid")).toHaveText(`${(total - fee).toLocaleString("ko-KR")}원`);
  await expect(page.getByTestId("payable")).toHaveText("0원");
  await expect(page.getByTestId("waiting")).toHaveText("0원");
  await page.screenshot({ path: testInfo.outputPath("settlement-412.png"), fullPage: true });
});
