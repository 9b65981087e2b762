import { agreeAll, expect, hydrated, jsOff, secondPage, shopUrl, test } from "./fixtures";
import { fillLogin, sheetOfOne } from "./order-helpers";
import { readStandins } from "../../scripts/lib/e2e-paths.mjs";
import { koAuth } from "../../app/shared/messages/auth";
import { koOrder } from "../../app/shared/messages/cart";
import { koNotify } from "../../app/shared/messages/notify";

/**
 * Issue 40 item 4, decision 131: a guest who leaves the e-mail empty but ticks the [선택] 알림톡
 * box gets the transfer account on KakaoTalk (here: the SOLAPI stand-in's page of what it
 * "sent"), and the owner who gave a number in /admin/notify hears of the new order the same way.
 */
test.use({ viewport: { width: 412, height: 915 } });

test.describe("알림톡 outside the browser", () => {
  test("a guest's transfer account and the owner's new order reach the messaging stand-in", async ({
    page,
    browser,
  }, testInfo) => {
    const js = !jsOff(testInfo);
    // Numbers of this project's own: the stand-in lists every message it took.
    const ownerPhone = js ? "010-7000-8001" : "010-7000-8002";
    const buyerPhone = js ? "010-3100-0001" : "010-3100-0002";
    const digits = (phone: string) => phone.replace(/-/g, "");

    // The owner gives a number in the console; the owner's kinds are on by default.
    // The refused number is answered 400, which a browser without scripts reports.
    const ownerBrowser = await secondPage(browser, js, [/status of 400/]);
    const owner = ownerBrowser.page;
    await owner.goto(shopUrl("beauty", "/user/login?url=/admin/notify"));
    if (js) await hydrated(owner);
    await fillLogin(owner, "owner@beauty.example.test", "demo1234!");
    await expect(owner).toHaveURL(/\/admin\/notify/);
    if (js) await hydrated(owner);
    const settings = owner.getByRole("form", { name: koNotify.title });
    await expect(settings.getByRole("checkbox", { name: koNotify.kinds.new_order })).toBeChecked();
    await settings.getByLabel(koNotify.ownerPhone).fill("02-123-4567");
    await settings.getByRole("button", { name: koNotify.save }).click();
    await expect(settings.getByText(koNotify.phoneInvalid)).toBeVisible();
    await settings.getByLabel(koNotify.ownerPhone).fill(ownerPhone);
    await settings.getByRole("button", { name: koNotify.save }).click();
    await expect(owner.getByRole("status")).toHaveText(koNotify.saved);
    await expect(owner.getByRole("form", { name: koNotify.title }).getByLabel(koNotify.ownerPhone)).toHaveValue(
      digits(ownerPhone),
    );

    // A guest orders by bank transfer, the e-mail left empty, the separate box ticked.
    await sheetOfOne(page, js);
    const sheet = page.getByRole("form", { name: koOrder.sheetTitle });
    const consent = sheet.getByRole("checkbox", { name: koNotify.consent });
    await expect(consent).not.toBeChecked();
    await sheet.getByLabel(koAuth.name).fill("김알림");
    await sheet.getByRole("region", { name: koOrder.orderer }).getByLabel(koOrder.phone).fill(buyerPhone);
    await sheet.getByLabel(koOrder.receiver).fill("김알림");
    await sheet.getByRole("region", { name: koOrder.delivery }).getByLabel(koOrder.phone).fill(buyerPhone);
    await sheet.getByLabel(koOrder.postcode).fill("06236");
    await sheet.getByLabel(koOrder.address, { exact: true }).fill("서울특별시 강남구 테헤란로 1");
    await agreeAll(sheet);
    await consent.check();
    await sheet.getByRole("button", { name: /결제하기/ }).click();
    await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
    const orderId = new URL(page.url()).searchParams.get("id")!;
    const account = (await page.getByTestId("bank-account").textContent())!.trim();
    expect(account).not.toBe("");

    // The stand-in's page: the buyer's 알림톡 carries the account, the owner's the new order.
    const standinBrowser = await secondPage(browser, js);
    const standin = standinBrowser.page;
    const toBuyer = standin.getByTestId("standin-message").filter({ hasText: digits(buyerPhone) });
    const toOwner = standin.getByTestId("standin-message").filter({ hasText: digits(ownerPhone) });
    await expect(async () => {
      await standin.goto(`${readStandins().solapi.origin}/_standin/`);
      await expect(toBuyer).toHaveCount(1, { timeout: 1_000 });
      await expect(toOwner).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(toBuyer).toContainText(`계좌번호: ${account}`);
    await expect(toBuyer).toContainText(orderId);
    await expect(toBuyer).toContainText("알림톡");
    await expect(toOwner).toContainText(orderId);

    // The console lists both sends as sent; the owner's number is taken away again.
    await owner.goto(shopUrl("beauty", "/admin/notify"));
    const log = owner.getByRole("region", { name: koNotify.logTitle });
    await expect(log.getByRole("row").filter({ hasText: digits(buyerPhone) })).toContainText(koNotify.status.sent);
    await expect(log.getByRole("row").filter({ hasText: digits(ownerPhone) })).toContainText(koNotify.status.sent);
    if (js) await hydrated(owner);
    await owner.getByRole("form", { name: koNotify.title }).getByLabel(koNotify.ownerPhone).fill("");
    await owner.getByRole("form", { name: koNotify.title }).getByRole("button", { name: koNotify.save }).click();
    await expect(owner.getByRole("status")).toHaveText(koNotify.saved);
    await ownerBrowser.close();
    await standinBrowser.close();
  });
});
