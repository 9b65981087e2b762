import { readFile } from "node:fs/promises";
import { collectErrors, expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { act, fillLogin, guestOrder } from "./order-helpers";
import { koDaily } from "../../app/shared/messages/daily";
import { formatCount } from "../../app/shared/format";

/**
 * Issue 36 item 5 (decision 109): the owner's daily work in the console, with scripts and without.
 * Two paid orders; the dashboard counts them as waiting to ship; the list's CSV holds them; a
 * courier's file with one bad row ships both and reports the bad row by its line.
 */

const t = koDaily;

test.use({ viewport: { width: 412, height: 915 } });

test("the owner downloads the orders as CSV, uploads the courier's tracking file and sees them shipped", async ({
  page,
  browser,
}, testInfo) => {
  const js = !jsOff(testInfo);
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 412, height: 915 } });
  const owner = await context.newPage();
  const errors = collectErrors(owner);
  await owner.goto(shopUrl("beauty", "/user/login?url=%2Fadmin"));
  if (js) await hydrated(owner);
  await fillLogin(owner, "owner@beauty.example.test", "demo1234!");
  await expect(owner).toHaveURL(shopUrl("beauty", "/admin"));
  // Other tests of this project order in beauty too: the counts are compared with before.
  const count = async (id: string) => {
    const figure = owner.getByTestId("dashboard").getByTestId(id);
    const text = (await (id === "today-orders" ? figure : figure.locator("strong")).textContent()) ?? "";
    return Number(text.replace(/\D/g, ""));
  };
  const before = { today: await count("today-orders"), shipping: await count("waiting-shipping") };

  const ids = [await guestOrder(page, js), await guestOrder(page, js)];
  for (const id of ids) {
    await owner.goto(shopUrl("beauty", `/admin/order?id=${id}`));
    if (js) await hydrated(owner);
    await act(owner, "입금확인", { confirm: true });
  }

  // The dashboard heads the list: both orders wait to be shipped.
  await owner.goto(shopUrl("beauty", "/admin"));
  const dashboard = owner.getByTestId("dashboard");
  await expect(dashboard).toBeVisible();
  await expect(dashboard.getByTestId("waiting-shipping")).toContainText(
    `${t.dashboard.groups.shipping} ${before.shipping + 2}`,
  );
  await expect(dashboard.getByTestId("today-orders")).toHaveText(t.dashboard.orders(formatCount(before.today + 2)));
  await owner.screenshot({ path: testInfo.outputPath("dashboard-412.png"), fullPage: true });

  // The list of paid orders, as a CSV.
  await dashboard.getByTestId("waiting-shipping").getByRole("link").first().click();
  await expect(owner).toHaveURL(/\/admin\?status=CONFIRM_PAYMENT/);
  if (js) await hydrated(owner);
  const [download] = await Promise.all([owner.waitForEvent("download"), owner.getByTestId("orders-csv").click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8");
  expect(text).toContain(t.csv.columns.join(","));
  for (const id of ids) expect(text).toContain(id);

  // The courier's file: the two orders and, between them, a number that is no order of this shop.
  const csv = `주문번호,택배사,송장번호\r\n${ids[0]},CJ대한통운,6012-3456-7890\r\n999999999999,cj,601234567891\r\n${ids[1]},hanjin,501234567890\r\n`;
  await owner.getByRole("navigation").getByRole("link", { name: t.nav.tracking }).click();
  await expect(owner).toHaveURL(shopUrl("beauty", "/admin/tracking-upload"));
  if (js) await hydrated(owner);
  // The console follows its shop live: the upload's own news (orders shipped) reloads the page's
  // data, and the report must outlast that reload (issue 52: it vanished, owners uploaded again).
  if (js) await owner.locator('html[data-live="on"]').waitFor({ state: "attached" });
  const reloads: string[] = [];
  owner.on("response", (r) => {
    if (r.request().method() === "GET" && new URL(r.url()).pathname.endsWith(".data")) reloads.push(r.url());
  });
  await owner.getByLabel(t.tracking.file).setInputFiles({
    name: "tracking.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv, "utf8"),
  });
  await owner.getByRole("button", { name: t.tracking.submit }).click();
  const report = owner.getByTestId("tracking-report");
  // The upload ships two orders in a few batches (the mails go after the answer): slow on a busy machine.
  await expect(report.getByRole("status")).toHaveText(t.tracking.shipped(formatCount(2)), { timeout: 30_000 });
  await expect(report.getByTestId("tracking-problems")).toHaveText(
    `${t.tracking.line(3)}: ${t.tracking.errors.unknownOrder}`,
  );
  if (js) {
    // The reload after the action and the one the live news asks for: the report stays.
    await expect.poll(() => reloads.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await owner.waitForFunction(() => {
      const router = (
        window as unknown as { __remixRouter: { state: { navigation: { state: string }; revalidation: string } } }
      ).__remixRouter;
      return router.state.navigation.state === "idle" && router.state.revalidation === "idle";
    });
  }
  await expect(report.getByRole("status")).toHaveText(t.tracking.shipped(formatCount(2)));
  await expect(report.getByTestId("tracking-shipped").getByRole("link")).toHaveText(ids);
  await owner.screenshot({ path: testInfo.outputPath("tracking-412.png"), fullPage: true });

  // Both are on their way: the list of shipped orders has them.
  await owner.goto(shopUrl("beauty", "/admin?status=DELIVERY"));
  for (const id of ids) await expect(owner.getByTestId("admin-orders").getByText(id)).toBeVisible();
  await context.close();
  expect(errors, "console errors in the owner's browser").toEqual([]);
});
