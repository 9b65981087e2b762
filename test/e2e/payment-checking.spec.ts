import type { Page } from "@playwright/test";
import { agreeAll, expect, holdTimers, hydrated, jsOff, test } from "./fixtures";
import { koAuth } from "../../app/shared/messages/auth";
import { koOrder } from "../../app/shared/messages/cart";
import { koCheckout } from "../../app/shared/messages/checkout";
import { koOrderMail } from "../../app/shared/messages/mail";
import { koNotify } from "../../app/shared/messages/notify";
import { readStandins, tossStandinOrigin } from "../../scripts/lib/e2e-paths.mjs";
import { PAYMENT_CHECK_EVERY_MS } from "../../app/shared/limits";
import { latestMail } from "./outbox";
import { sheetOfOne } from "./order-helpers";

/**
 * Issue 50 (decision 142): a card payment whose confirm gets no answer. The shopper sees
 * 결제를 확인하고 있습니다 and no way to open a second window; the page asks again by itself
 * until the reconciler knows. Either Toss took the money and the order is paid, or the sheet
 * expired meanwhile and the money goes back, the buyer told on the page and by mail.
 */

const toss = (path: string, body?: unknown) =>
  fetch(`${tossStandinOrigin()}${path}`, {
    method: body === undefined ? "DELETE" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Toss confirms but its answers never arrive, its lookups fail, and its webhooks are lost. */
async function tossGoesQuiet() {
  await toss("/_standin/faults", { path: "/v1/payments/confirm", kind: "lost", times: 2 });
  await toss("/_standin/faults", { path: "/v1/payments/*", kind: "internal", method: "GET", times: 50 });
  await toss("/_standin/faults", { path: "webhook", kind: "lose", times: 5 });
}

/** What the stand-in says of the payments of order `id`. */
async function tossPaymentsOf(id: string): Promise<{ orderId: string; status: string; balanceAmount: number }[]> {
  const { merchants } = (await (await fetch(`${tossStandinOrigin()}/_standin/payments`)).json()) as {
    merchants: { payments: { orderId: string; status: string; balanceAmount: number }[] }[];
  };
  return merchants.flatMap((m) => m.payments).filter((p) => p.orderId.startsWith(`${id}-`));
}

/**
 * A guest's sheet on beauty, paid by card in Toss's window: the page ends on the checking sheet,
 * its clock held (it asks again only when the test moves time on).
 */
async function payWithNoAnswer(page: Page, email: string) {
  await sheetOfOne(page, true);
  const sheet = page.getByRole("form", { name: koOrder.sheetTitle });
  await sheet.getByLabel(koAuth.name).fill("김확인");
  await sheet.getByRole("region", { name: koOrder.orderer }).getByLabel(koOrder.phone).fill("010-4000-5000");
  await sheet.getByRole("checkbox", { name: koOrder.sameAsOrderer }).check();
  await sheet.getByLabel(koOrder.postcode).fill("06236");
  await sheet.getByLabel(koOrder.address, { exact: true }).fill("서울특별시 강남구 테헤란로 1");
  await sheet.getByLabel(koOrder.email).fill(email);
  await agreeAll(sheet);
  // [선택] 알림톡: the buyer agrees to hear of the order on their phone.
  await sheet.getByRole("checkbox", { name: koNotify.consent }).check();
  await sheet.getByRole("radio", { name: koCheckout.choices.card, exact: true }).check();
  await tossGoesQuiet();
  await sheet.getByRole("button", { name: /결제하기/ }).click();
  await expect(page.getByText("토스페이먼츠 결제 (테스트)")).toBeVisible();
  await page.getByRole("button", { name: "결제 승인" }).click();
  await expect(page).toHaveURL(/\/user\/order\?id=\d{12}&check=1/);
  // Scripts first: a clock held before React has hydrated holds its start too.
  await hydrated(page);
  const clock = await holdTimers(page);
  return { id: new URL(page.url()).searchParams.get("id")!, clock };
}

/**
 * Without scripts the sheet cannot open Toss's window (the SDK is a script), but a payment whose
 * window was opened elsewhere (the same sheet in a tab with scripts, say) comes back to this
 * browser all the same: the attempt is made as that tab's script would (the API, from the shop's
 * origin), the window, a plain page, is opened and approved here.
 */
async function windowWithoutScripts(page: Page, id: string) {
  const here = new URL(page.url());
  const origin = here.origin;
  // From Node, *.localhost is this machine only by name: the address, with the host and cookies the tab would send.
  const cookie = (await page.context().cookies(origin)).map((c) => `${c.name}=${c.value}`).join("; ");
  const paid = await page.request.post(`http://127.0.0.1:${here.port}/api/myshp/pay/my/order`, {
    headers: { origin, host: here.host, cookie },
    data: {
      id: Number(id),
      pay_method: "card",
      orderer_name: "김버튼",
      orderer_phone: "010-4000-5002",
      receiver_name: "김버튼",
      receiver_phone: "010-4000-5002",
      postcode: "06236",
      address: "서울특별시 강남구 테헤란로 1",
      detail: "",
      memo: "",
      agree_order: "on",
    },
  });
  expect(paid.status()).toBe(200);
  const w = ((await paid.json()) as { window: Record<string, string | number> }).window;
  const back = (pay: string) => `${origin}/user/order?id=${id}&pay=${pay}`;
  const fields = new URLSearchParams({
    clientKey: String(w.client_key),
    customerKey: String(w.customer_key),
    method: String(w.method),
    amount: String(w.amount),
    currency: "KRW",
    orderId: String(w.order_id),
    orderName: String(w.order_name),
    successUrl: back("done"),
    failUrl: back("fail"),
  });
  await page.goto(`${tossStandinOrigin()}/_standin/window?${fields}`);
}

test.describe("a payment Toss has not answered", () => {
  test.afterEach(async () => {
    await toss("/_standin/faults");
  });

  test("says it is checking, offers no second window, and becomes paid when the reconciler runs", async ({
    page,
  }, testInfo) => {
    test.skip(jsOff(testInfo), "Toss's window needs scripts; the button without them is the Worker test's");
    const { id, clock } = await payWithNoAnswer(page, `checking-${Date.now()}@example.test`);
    const checking = page.getByTestId("payment-checking");
    await expect(checking.getByRole("heading", { name: koCheckout.checking.title })).toBeVisible();
    await expect(checking).toContainText(koCheckout.checking.auto);
    await expect(page.getByRole("form", { name: koOrder.sheetTitle })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /결제하기/ })).toHaveCount(0);
    expect(await tossPaymentsOf(id)).toEqual([expect.objectContaining({ status: "DONE" })]);

    // Toss answers again: the page's own next look finds the payment and goes on.
    await toss("/_standin/faults");
    await expect(async () => {
      await page.clock.runFor(PAYMENT_CHECK_EVERY_MS);
      await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await clock.release();
    await expect(page.getByTestId("order-status")).toHaveText(koOrder.status.CONFIRM_PAYMENT);
    expect(await tossPaymentsOf(id)).toEqual([expect.objectContaining({ status: "DONE" })]);
  });

  test("without scripts, the checking sheet's button asks again and goes on once Toss answers", async ({
    page,
  }, testInfo) => {
    test.skip(!jsOff(testInfo), "the page without scripts");
    await sheetOfOne(page, false);
    const id = new URL(page.url()).searchParams.get("id")!;
    await windowWithoutScripts(page, id);
    await tossGoesQuiet();
    await page.getByRole("button", { name: "결제 승인" }).click();
    await expect(page).toHaveURL(/\/user\/order\?id=\d{12}&check=1/);
    const checking = page.getByTestId("payment-checking");
    await expect(checking.getByRole("heading", { name: koCheckout.checking.title })).toBeVisible();
    // Nothing on this page starts by itself: it says so only with scripts.
    await expect(checking).not.toContainText(koCheckout.checking.auto);
    await expect(page.getByRole("button", { name: /결제하기/ })).toHaveCount(0);
    await toss("/_standin/faults");
    // The page's own ask is spaced a few seconds from the last one: pressed until it goes on.
    await expect(async () => {
      await page.getByRole("button", { name: koCheckout.checking.again }).click();
      await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId("order-status")).toHaveText(koOrder.status.CONFIRM_PAYMENT);
  });

  test("gives the money back when the sheet expired meanwhile, and tells the buyer", async ({ page }, testInfo) => {
    test.skip(jsOff(testInfo), "Toss's window needs scripts");
    const email = `given-back-${Date.now()}@example.test`;
    const { id, clock } = await payWithNoAnswer(page, email);
    await expect(page.getByTestId("payment-checking")).toBeVisible();
    const [paid] = await tossPaymentsOf(id);
    expect(paid).toMatchObject({ status: "DONE" });

    // Two hours on, Toss is reachable again: the cron expires the sheet, then the reconciler finds
    // money no order can take and gives it back.
    await toss("/_standin/faults");
    const run = await fetch(readStandins().scheduler.origin, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ scheduledTime: Date.now() + 2 * 60 * 60_000 }),
    });
    expect(await run.json()).toEqual({ ok: true });
    expect(await tossPaymentsOf(id)).toEqual([expect.objectContaining({ status: "CANCELED", balanceAmount: 0 })]);

    const notice = page.getByTestId("payment-given-back");
    await expect(async () => {
      await page.clock.runFor(PAYMENT_CHECK_EVERY_MS);
      await expect(notice).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await clock.release();
    await expect(notice).toHaveText(koCheckout.givenBack(`${paid!.balanceAmount.toLocaleString("ko-KR")}원`));
    await expect(page.getByText(koOrder.sheetExpired)).toBeVisible();
    await expect(page.getByTestId("payment-checking")).toHaveCount(0);
    await expect.poll(() => latestMail(email)?.subject).toBe(koOrderMail.givenBack.subject("뷰티 라운지", Number(id)));
    // And by 알림톡, to the number the buyer agreed to: SOLAPI's stand-in keeps what it was given.
    const sent = (await (await fetch(`${readStandins().solapi.origin}/_standin/messages`)).json()) as {
      to: string;
      text: string;
    }[];
    const told = sent.filter((m) => m.to === "01040005000" && m.text.includes(id));
    expect(told.map((m) => m.text.split("\n")[0])).toContain("[뷰티 라운지] 결제가 자동으로 취소되었습니다.");
  });
});
