import type { Browser } from "@playwright/test";
import { collectErrors, expect, hydrated, jsOff, shopUrl, signUp, test, agreeAll } from "./fixtures";
import { act, fillLogin, guestOrder, joinBeauty, sheetOfOne } from "./order-helpers";
import { koAuth } from "../../app/shared/messages/auth";
import { koOrder } from "../../app/shared/messages/cart";
import { koLifecycle } from "../../app/shared/messages/lifecycle";

/** Issue 9: an order's life on both sides, the buyer's page and the owner's console. */

/** The owner of beauty, signed in to the console in a browser of their own. */
async function ownerConsole(browser: Browser, js: boolean, id: string) {
  const context = await browser.newContext({ javaScriptEnabled: js });
  const owner = await context.newPage();
  const errors = collectErrors(owner);
  await owner.goto(shopUrl("beauty", "/user/login?url=%2Fadmin"));
  if (js) await hydrated(owner);
  await fillLogin(owner, "owner@beauty.example.test", "demo1234!");
  await expect(owner).toHaveURL(shopUrl("beauty", "/admin"));
  await owner.getByRole("link", { name: new RegExp(id) }).click();
  await expect(owner).toHaveURL(shopUrl("beauty", `/admin/order?id=${id}`));
  if (js) await hydrated(owner);
  const close = async () => {
    await context.close();
    expect(errors, "console errors in the owner's browser").toEqual([]);
  };
  return { owner, close };
}

test.describe("an order's life", () => {
  test("deposit confirmed, prepared, shipped with a tracking number, delivered, purchase confirmed", async ({
    page,
    browser,
  }, testInfo) => {
    const js = !jsOff(testInfo);
    const id = await guestOrder(page, js);
    const { owner, close } = await ownerConsole(browser, js, id);
    await act(owner, "입금확인", { confirm: true });
    await act(owner, "상품준비");
    await act(owner, "발송처리", {
      fill: async (form) => {
        await form.getByLabel(koLifecycle.view.courier).selectOption({ label: "CJ대한통운" });
        await form.getByLabel(koLifecycle.view.trackingNo).fill("6012-3456-7890");
      },
    });
    await expect(owner.getByTestId("shipment")).toContainText("CJ대한통운");
    await act(owner, "배송완료");
    await close();

    await page.reload();
    await expect(page.getByTestId("order-status")).toHaveText(koOrder.status.CONFIRM_DELIVERY);
    await expect(page.getByRole("link", { name: /601234567890/ })).toHaveAttribute(
      "href",
      "https://www.cjlogistics.com/ko/tool/parcel/tracking?gnbInvcNo=601234567890",
    );
    // Delivered: 반품요청 and 교환요청 are offered folded under their names, no empty boxes open
    // (issue 40); pressing one opens its reason box.
    for (const request of [koLifecycle.actions.request_refund, koLifecycle.actions.request_change]) {
      await expect(page.getByRole("form", { name: request })).toBeVisible();
    }
    await expect(page.getByRole("textbox", { name: koLifecycle.view.reason })).toHaveCount(0);
    await page.getByRole("form", { name: koLifecycle.actions.request_refund }).locator("summary").click();
    await expect(page.getByRole("textbox", { name: koLifecycle.view.reason })).toHaveCount(1);
    await act(page, "구매확정", { confirm: true });
    await expect(page.getByTestId("order-status")).toHaveText(koOrder.status.DONE);
    await expect(page.getByTestId("timeline").getByRole("listitem")).toHaveCount(5);
  });

  test("a paid order cancelled on request, refunded to the buyer's account", async ({ page, browser }, testInfo) => {
    const js = !jsOff(testInfo);
    const id = await guestOrder(page, js);
    let { owner, close } = await ownerConsole(browser, js, id);
    await act(owner, "입금확인", { confirm: true });
    await close();

    await page.reload();
    await act(page, "취소요청", {
      fill: (form) => form.getByLabel(koLifecycle.view.reason).fill("주소를 잘못 입력했어요"),
      confirm: true,
    });
    await expect(page.getByTestId("order-status")).toHaveText(koOrder.status.REQ_CANCEL);

    ({ owner, close } = await ownerConsole(browser, js, id));
    await expect(owner.getByText("주소를 잘못 입력했어요").first()).toBeVisible();
    await act(owner, "취소승인", { confirm: true });
    await expect(owner.getByTestId("order-status")).toHaveText(koOrder.status.REQ_BANK_REFUND);
    await close();

    await page.reload();
    await act(page, "환불계좌 입력", {
      fill: async (form) => {
        await form.getByLabel(koLifecycle.view.refundBank).fill("국민은행");
        await form.getByLabel(koOrder.bankHolder).fill("김구매");
        await form.getByLabel(koLifecycle.view.refundAccountNo).fill("123-45-6789012");
      },
    });
    await expect(page.getByTestId("refund")).toContainText("국민은행 123-45-6789012");

    ({ owner, close } = await ownerConsole(browser, js, id));
    await act(owner, "환불완료", { confirm: true });
    await expect(owner.getByTestId("order-status")).toHaveText(koOrder.status.REFUNDED);
    await close();
    await page.reload();
    await expect(page.getByTestId("order-status")).toHaveText(koOrder.status.REFUNDED);
    await expect(page.getByTestId("refund")).toContainText("24,000원");
  });

  test("a member pays partly with points and earns 1 % at 구매확정", async ({ page, browser }, testInfo) => {
    const js = !jsOff(testInfo);
    await signUp(page, "beauty", {
      email: `e2e-points-${testInfo.project.name}-${Date.now()}@example.test`,
      name: "적립 회원",
    });
    await joinBeauty(page);
    await sheetOfOne(page, js);
    const sheet = page.getByRole("form", { name: koOrder.sheetTitle });
    await expect(sheet.getByText("사용 가능 2,000원")).toBeVisible();
    await sheet.getByLabel(koAuth.name).fill("적립 회원");
    await sheet.getByRole("region", { name: koOrder.orderer }).getByLabel(koOrder.phone).fill("010-5000-6000");
    await sheet.getByLabel(koOrder.receiver).fill("적립 회원");
    await sheet.getByRole("region", { name: koOrder.delivery }).getByLabel(koOrder.phone).fill("010-5000-6000");
    await sheet.getByLabel(koOrder.postcode).fill("06236");
    await sheet.getByLabel(koOrder.address, { exact: true }).fill("서울특별시 강남구 테헤란로 1");
    await sheet.getByLabel(koOrder.points.used).fill("1,000");
    await agreeAll(sheet);
    await sheet.getByRole("button", { name: /결제하기/ }).click();
    await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
    await expect(page.getByTestId("bank-info")).toContainText("23,000원");
    const id = new URL(page.url()).searchParams.get("id")!;

    const { owner, close } = await ownerConsole(browser, js, id);
    await act(owner, "입금확인", { confirm: true });
    await act(owner, "발송처리", {
      fill: async (form) => {
        await form.getByLabel(koLifecycle.view.courier).selectOption({ label: "한진택배" });
        await form.getByLabel(koLifecycle.view.trackingNo).fill("123456789012");
      },
    });
    await act(owner, "배송완료");
    await close();

    await page.goto(shopUrl("beauty", `/myshop/order_view?id=${id}`));
    await act(page, "구매확정", { confirm: true });
    await expect(page.getByTestId("order-points-earned")).toHaveText("적립된 적립금 230원");
    await page.goto(shopUrl("beauty", "/shop/member_point"));
    await expect(page.getByTestId("point-balance")).toHaveText("1,230P");
    await expect(page.getByTestId("point-entry").filter({ hasText: "구매 확정 적립" })).toContainText("+230P");
  });
});

test.describe("live order page", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "live updates need scripts");

  test("a status changed in the console appears on the buyer's open order page; the socket comes back after a drop", async ({
    page,
    browser,
  }) => {
    // The page's socket goes through the test, which can drop it as a failing network would.
    const sockets: { close: () => Promise<void> }[] = [];
    await page.routeWebSocket(/\/api\/live\/ws/, (ws) => {
      const server = ws.connectToServer();
      sockets.push({ close: () => server.close() });
    });
    const id = await guestOrder(page, true);
    await expect(page.locator("html")).toHaveAttribute("data-live", "on");
    await expect(page.getByTestId("order-status")).toHaveText(koOrder.waitingDeposit);
    const { owner, close } = await ownerConsole(browser, true, id);
    await act(owner, "입금확인", { confirm: true });
    await expect(page.getByTestId("order-status")).not.toHaveText(koOrder.waitingDeposit);
    const paid = await page.getByTestId("order-status").textContent();

    // The server drops the socket: the page reconnects by itself and catches up on what it missed.
    await sockets.at(-1)!.close();
    await expect(page.locator("html")).toHaveAttribute("data-live", "off");
    await act(owner, "상품준비");
    await page.clock.runFor(35_000);
    await expect(page.locator("html")).toHaveAttribute("data-live", "on");
    await expect(page.getByTestId("order-status")).not.toHaveText(paid!);
    expect(sockets.length).toBeGreaterThanOrEqual(2);
    await close();
  });
});
