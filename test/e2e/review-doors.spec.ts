import { expect, hydrated, jsOff, PORT, secondPage, shopUrl, signUp, test } from "./fixtures";
import { act, fillLogin, joinBeauty, payBySheet, sheetOfOne, shipAndDeliver } from "./order-helpers";
import { koLifecycle } from "../../app/shared/messages/lifecycle";
import { koMembership } from "../../app/shared/messages/membership";
import { koReviews } from "../../app/shared/messages/reviews";

/**
 * Issue 38's doors (decision 117): only the buyer of a line writes its review, through the page
 * and through the API alike; a refund takes the review's points back.
 */
test("a shopper who did not buy cannot review the line; the buyer's refund takes the review's points back", async ({
  page,
  browser,
}, testInfo) => {
  const js = !jsOff(testInfo);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  await signUp(page, "beauty", { email: `e2e-review-door-${stamp}@example.test`, name: "반품리뷰" });
  await joinBeauty(page);

  await sheetOfOne(page, js);
  await payBySheet(page);
  await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
  const id = new URL(page.url()).searchParams.get("id")!;

  // The owner takes the payment, ships and marks it delivered.
  const { page: owner, close: closeOwner } = await secondPage(browser, js);
  await owner.goto(shopUrl("beauty", `/user/login?url=${encodeURIComponent(`/admin/order?id=${id}`)}`));
  await fillLogin(owner, "owner@beauty.example.test", "demo1234!");
  await expect(owner).toHaveURL(shopUrl("beauty", `/admin/order?id=${id}`));
  if (js) await hydrated(owner);
  await shipAndDeliver(owner, "123456789013");

  // Delivered: the buyer may review before 구매확정, and is paid the text reward.
  await page.goto(shopUrl("beauty", `/myshop/order_view?id=${id}`));
  await page.getByTestId("review-invite").first().click();
  await expect(page).toHaveURL(/\/myshop\/review\?order=\d{12}&line=14-1400/);
  const reviewPath = new URL(page.url()).pathname + new URL(page.url()).search;
  if (js) await hydrated(page);
  const form = page.getByRole("form", { name: koReviews.title });
  await form.getByRole("radio", { name: koReviews.stars(5) }).check();
  await form.getByLabel(koReviews.body).fill(`향이 오래가고 촉촉해서 매일 쓰고 있어요. (${stamp})`);
  await form.getByRole("button", { name: koReviews.submit }).click();
  await expect(page.getByRole("status").filter({ hasText: koReviews.rewarded("100") })).toBeVisible();

  // Another shopper, signed in, can neither open the line's review page nor write through the API.
  // The refused page load logs its 404 in the console.
  const { page: stranger, close: closeStranger } = await secondPage(browser, js, [/404/]);
  await signUp(stranger, "beauty", { email: `e2e-review-stranger-${stamp}@example.test`, name: "남의리뷰" });
  const opened = await stranger.goto(shopUrl("beauty", reviewPath));
  expect(opened?.status()).toBe(404);
  await expect(stranger.getByRole("form", { name: koReviews.title })).toHaveCount(0);
  // Node cannot resolve *.localhost: the API is asked on loopback with the shop's Host, the
  // stranger's own cookies and the shop's origin, as the page's own script would.
  const cookie = (await stranger.context().cookies(shopUrl("beauty", "/")))
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
  const posted = await stranger.request.post(`http://127.0.0.1:${PORT}/api/myshp/review/save`, {
    headers: { host: `beauty.localhost:${PORT}`, origin: `http://beauty.localhost:${PORT}`, cookie },
    data: {
      order_id: Number(id),
      product_id: 14,
      option_id: 1400,
      rating: 5,
      body: "사지도 않았지만 별 다섯 개를 드립니다.",
    },
  });
  expect(posted.status()).toBe(404);
  expect(JSON.stringify(await posted.json())).toContain(koReviews.errors.refusal.not_found);
  await closeStranger();

  // The buyer returns the line; once the owner accepts, the review's points go back.
  await page.goto(shopUrl("beauty", `/myshop/order_view?id=${id}`));
  if (js) await hydrated(page);
  await act(page, koLifecycle.actions.request_refund, {
    fill: async (f) => {
      await f.getByLabel(koLifecycle.view.reason).fill("생각했던 향과 달라요");
    },
    confirm: true,
  });
  await owner.goto(shopUrl("beauty", `/admin/order?id=${id}`));
  await act(owner, koLifecycle.actions.accept_refund, { confirm: true });
  await closeOwner();

  await page.goto(shopUrl("beauty", "/shop/member_point"));
  const entries = page.getByTestId("point-entry");
  await expect(entries.filter({ hasText: koMembership.reason("review_reward") })).toContainText("+100P");
  await expect(entries.filter({ hasText: koMembership.reason("review_revoke") })).toContainText("-100P");
  await expect(page.getByTestId("point-balance")).toHaveText("2,000P");
});
