import type { BrowserContext, Page } from "@playwright/test";
import { addToCart, expect, jsOff, shopUrl, test } from "./fixtures";
import { fillLogin, payBySheet } from "./order-helpers";
import { koAdmin } from "../../app/shared/messages/admin";
import { koCart } from "../../app/shared/messages/cart";
import { koHome } from "../../app/shared/messages/shop/home";
import { koTracking } from "../../app/shared/messages/tracking";

/**
 * Issue 14, point 2: studio has a Meta pixel and a Google tag (the demo's). Their scripts are
 * stubbed here (no network in tests): the stubs record what the page hands them.
 */
const PIXEL = "100000000000001";
const TAG_ORIGINS = /^https:\/\/(connect\.facebook\.net|www\.googletagmanager\.com)\//;

/** fbevents.js: takes the loader's queue over and records every later command. */
const FB_STUB = `(() => {
  const f = window.fbq; window.__fb = (f.queue || []).map((a) => Array.from(a)); f.queue = [];
  f.callMethod = function () { window.__fb.push(Array.from(arguments)); };
})();`;

/** Stubs the tags and counts the requests made to their origins. */
async function stubTags(context: BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  await context.route(TAG_ORIGINS, async (route) => {
    requested.push(route.request().url());
    await route.fulfill({
      contentType: "text/javascript",
      body: route.request().url().includes("fbevents") ? FB_STUB : "",
    });
  });
  return requested;
}

type FbCall = [string, string, Record<string, unknown>?, { eventID?: string }?];
const fbCalls = (page: Page) => page.evaluate(() => (window as unknown as { __fb?: FbCall[] }).__fb ?? []);
const tracked = async (page: Page, name: string) =>
  (await fbCalls(page)).filter((c) => c[0] === "track" && c[1] === name);
const gtagEvents = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? [])
      .map((a) => Array.from(a) as [string, string, Record<string, unknown>?])
      .filter((a) => a[0] === "event")
      .map((a) => ({ name: a[1], ...a[2] })),
  );

test.describe("ad and analytics tags with consent", () => {
  test("nothing before consent; after 동의 the commerce events reach both tags with the server's ids", async ({
    page,
    context,
    browser,
  }, testInfo) => {
    test.skip(jsOff(testInfo), "the tags are scripts: without JavaScript see the next test");
    const requested = await stubTags(context);
    await page.goto(shopUrl("studio", "/shop/view/s0001"));
    const bar = page.getByRole("region", { name: koTracking.barLabel });
    await expect(bar).toBeVisible();
    await expect(bar).toContainText("메타 픽셀·구글 태그");
    expect(requested).toEqual([]);

    await bar.getByRole("button", { name: koTracking.agree }).click();
    await expect(bar).toBeHidden();
    await expect.poll(() => tracked(page, "ViewContent")).toHaveLength(1);
    expect(requested.some((u) => u.includes("fbevents.js"))).toBe(true);
    expect(requested.some((u) => u.includes("gtag/js?id=G-DEMO00001"))).toBe(true);
    expect((await fbCalls(page)).filter((c) => c[0] === "init").map((c) => c[1])).toEqual([PIXEL]);
    expect(await tracked(page, "PageView")).toHaveLength(1);
    const [view] = await tracked(page, "ViewContent");
    expect(view![2]).toMatchObject({ content_ids: ["s0001"], value: 28000, currency: "KRW" });
    expect((await gtagEvents(page)).map((e) => e.name)).toEqual(["page_view", "view_item"]);
    // The browser's first-party ids for the server's events.
    expect((await context.cookies()).find((c) => c.name === "_fbp")?.value).toMatch(/^fb\.1\.\d+\.\d+$/);

    await addToCart(page, shopUrl("studio", "/shop/view/s0001"), true, { option: "화이트" });
    await expect.poll(() => tracked(page, "AddToCart")).toHaveLength(1);
    const [add] = await tracked(page, "AddToCart");
    const addId = add![3]!.eventID!;
    expect(addId).toMatch(/^[0-9a-f-]{36}$/);
    expect(add![2]).toMatchObject({ value: 28000, content_ids: ["s0001"] });

    await page.getByTestId("header-cart").click();
    await page.getByRole("button", { name: koCart.order, exact: true }).click();
    await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
    const id = new URL(page.url()).searchParams.get("id")!;
    // The device id in the address is taken out before a tag reads it.
    await expect.poll(() => page.url()).not.toContain("uuid_value");
    await expect.poll(() => tracked(page, "InitiateCheckout")).toHaveLength(1);
    expect((await tracked(page, "InitiateCheckout"))[0]![3]).toEqual({ eventID: `begin_checkout-${id}` });

    await payBySheet(page);
    await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
    await expect.poll(() => tracked(page, "Purchase")).toHaveLength(1);
    const [purchase] = await tracked(page, "Purchase");
    expect(purchase![3]).toEqual({ eventID: `purchase-${id}` });
    expect(purchase![2]).toMatchObject({ value: 31500, currency: "KRW", order_id: id, num_items: 1 });
    const gaPurchase = (await gtagEvents(page)).find((e) => e.name === "purchase");
    expect(gaPurchase).toMatchObject({ transaction_id: id, value: 31500, currency: "KRW", shipping: 3500 });
    // Opening the page again is no second purchase.
    await page.reload();
    await page.waitForTimeout(200);
    expect(await tracked(page, "Purchase")).toHaveLength(0);

    // The server sent (here: logged) the same two ids; the owner's console lists them.
    const owner = await browser.newPage();
    await owner.goto(shopUrl("studio", "/user/login?url=/admin/marketing"));
    await fillLogin(owner, "owner@studio.example.test", "demo1234!");
    await expect(owner).toHaveURL(/\/admin\/marketing/);
    const events = owner.getByTestId("server-events");
    await expect(events.getByRole("row", { name: new RegExp(`purchase-${id}`) })).toContainText(
      koAdmin.marketing.statuses.logged!,
    );
    await expect(events.getByRole("row", { name: new RegExp(addId) })).toContainText(koCart.title);
    await owner.close();
  });

  test("거부 keeps the tags away on every page; the footer asks again", async ({ page, context }, testInfo) => {
    const requested = await stubTags(context);
    if (jsOff(testInfo)) {
      // Without scripts the bar is a form: the answer is remembered (the server's purchase events
      // follow it), and no tag ever loads.
      await page.goto(shopUrl("studio", "/shop/view/s0001"));
      const plainBar = page.getByRole("region", { name: koTracking.barLabel });
      await plainBar.getByRole("button", { name: koTracking.agree }).click();
      await expect(page).toHaveURL(shopUrl("studio", "/shop/view/s0001"));
      await expect(page.getByRole("heading", { name: "백자 머그컵" })).toBeVisible();
      await expect(plainBar).toHaveCount(0);
      expect((await context.cookies()).find((c) => c.name === "mkt_consent")?.value).toBe("granted");
      await page.getByRole("button", { name: koTracking.settings }).click();
      await expect(plainBar).toBeVisible();
      await plainBar.getByRole("button", { name: koTracking.refuse }).click();
      await expect(plainBar).toHaveCount(0);
      expect(requested).toEqual([]);
      return;
    }
    await page.goto(shopUrl("studio", "/"));
    const bar = page.getByRole("region", { name: koTracking.barLabel });
    await bar.getByRole("button", { name: koTracking.refuse }).click();
    await expect(bar).toBeHidden();
    await page
      .getByRole("link", { name: /백자 머그컵/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: "백자 머그컵" })).toBeVisible();
    await page.goto(shopUrl("studio", "/shop/list?category=0"));
    await expect(bar).toHaveCount(0);
    expect(requested).toEqual([]);
    await page.getByRole("button", { name: koTracking.settings }).click();
    await expect(bar).toBeVisible();
    await bar.getByRole("button", { name: koTracking.agree }).click();
    await expect.poll(() => requested.length).toBeGreaterThan(0);
  });

  test("no tags on data saver, and none at all for a shop without ids", async ({ page, context }, testInfo) => {
    test.skip(jsOff(testInfo), "without scripts no tag loads at all (above)");
    const requested = await stubTags(context);
    await page.goto(shopUrl("beauty", "/shop/view/b0014"));
    await expect(page.getByTestId("consent-bar")).toHaveCount(0);
    // A phone that asks to save data (Save-Data: on) is not asked.
    await context.setExtraHTTPHeaders({ "save-data": "on" });
    await page.goto(shopUrl("studio", "/"));
    await expect(page.getByRole("heading", { name: koHome.newArrivals })).toBeVisible();
    await expect(page.getByTestId("consent-bar")).toHaveCount(0);
    await context.setExtraHTTPHeaders({});
    await context.addCookies([{ name: "mkt_consent", value: "granted", url: shopUrl("studio") }]);
    await page.addInitScript(() => Object.defineProperty(navigator, "connection", { value: { saveData: true } }));
    await page.goto(shopUrl("studio", "/shop/view/s0001"));
    await page.waitForTimeout(300);
    await expect(page.getByTestId("consent-bar")).toHaveCount(0);
    expect(requested).toEqual([]);
  });

  test.describe("a blocked tag", () => {
    // The browser itself reports the script it could not load.
    test.use({ expectedConsoleErrors: [/Failed to load resource|ERR_FAILED/] });
    test("never breaks the page: buying goes on as before", async ({ page, context }, testInfo) => {
      test.skip(jsOff(testInfo), "no tag loads without scripts");
      await context.route(TAG_ORIGINS, (route) => route.abort("blockedbyclient"));
      await context.addCookies([{ name: "mkt_consent", value: "granted", url: shopUrl("studio") }]);
      await addToCart(page, shopUrl("studio", "/shop/view/s0001"), true, { option: "화이트" });
      await page.getByTestId("header-cart").click();
      await expect(page.getByTestId("cart-row")).toHaveCount(1);
    });
  });
});
