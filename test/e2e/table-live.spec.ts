import type { Page } from "@playwright/test";
import { BISTRO_TABLES } from "../../functions/seed/demo";
import { expect, jsOff, secondPage, shopUrl, test } from "./fixtures";
import { fillLogin } from "./order-helpers";
import { koSmart } from "../../app/shared/messages/smart";
import { koTableLive } from "../../app/shared/messages/smart-live";

/**
 * Issue 40, item 5 and the kitchen's ring (decision 132): the table's cart is the same on every
 * phone at the table without a reload, and after an order each bar says what was ordered.
 */

const PHONE = { width: 412, height: 915 };
const LIVE_TABLE = BISTRO_TABLES[6]!;
const RING_TABLE = BISTRO_TABLES[7]!;

const bar = (page: Page) => page.getByTestId("cart-bar");

/** Scans the table's code: the menu of that table. */
async function scan(page: Page, table: string) {
  await page.goto(shopUrl("bistro", `/smartorder/${table}`));
  await expect(page).toHaveURL(shopUrl("bistro", "/smartorder/start"));
}

async function add(page: Page, dish: string) {
  await page.getByRole("button", { name: `${dish} ${koSmart.add}` }).click();
  await expect(page.getByRole("status")).toHaveText(koSmart.added(dish));
}

/** Orders the table's cart (후불) from this phone: the id of the order. */
async function order(page: Page): Promise<string> {
  await page.goto(shopUrl("bistro", "/smartorder/order_check"));
  await page.getByTestId("place-table-order").click();
  await expect(page).toHaveURL(/\/smartorder\/order_complete\?id=\d+/);
  return new URL(page.url()).searchParams.get("id")!;
}

test("two phones at one table share the cart's bar, and both bars say what was ordered", async ({
  page,
  browser,
}, testInfo) => {
  const js = !jsOff(testInfo);
  await page.setViewportSize(PHONE);
  const second = await secondPage(browser, js);
  const b = second.page;
  await scan(page, LIVE_TABLE);
  await scan(b, LIVE_TABLE);
  await expect(bar(b)).toHaveText(koSmart.cartEmpty);
  // With scripts: both phones in the table's room before anyone adds.
  if (js) {
    await expect(page.locator("html")).toHaveAttribute("data-live", "on");
    await expect(b.locator("html")).toHaveAttribute("data-live", "on");
  }

  await add(page, "콜라");
  // The second phone's bar follows by itself with scripts; without, its next load shows it.
  if (!js) await b.reload();
  await expect(bar(b)).toContainText(koSmart.cartBar(1, "2,000원"));

  await add(b, "사이다");
  if (!js) await page.reload();
  await expect(bar(page)).toContainText(koSmart.cartBar(2, "4,000원"));

  const id = await order(page);
  const ordered = koTableLive.ordered(2, "4,000원");
  // The other phone, still on the menu: its bar says what went to the kitchen, not "2 dishes".
  if (!js) await b.reload();
  await expect(bar(b)).toHaveText(ordered);
  await page.getByRole("link", { name: koSmart.moreOrder }).click();
  await expect(bar(page)).toHaveText(ordered);
  // The bar leads to the order, not to an empty cart; the order check explains itself too.
  await bar(b).click();
  await expect(b).toHaveURL(shopUrl("bistro", `/smartorder/order_complete?id=${id}`));
  await b.goto(shopUrl("bistro", "/smartorder/order_check"));
  await expect(b.getByTestId("table-ordered")).toContainText(koTableLive.orderedCheck(2, "4,000원"));
  await second.close();
});

test.describe("the kitchen's ring", () => {
  test("rings once per new order, and not when muted (remembered on the device)", async ({
    page,
    browser,
  }, testInfo) => {
    test.skip(jsOff(testInfo), "a sound needs scripts; without them the board shows new orders on reload");
    // A stand-in for Web Audio and the vibration motor: each tone and buzz is counted.
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown> & { __tones: number; __buzz: number };
      w.__tones = 0;
      w.__buzz = 0;
      const param = { setValueAtTime: () => param, exponentialRampToValueAtTime: () => param };
      class FakeAudio {
        state = "running";
        currentTime = 0;
        destination = {};
        createOscillator() {
          return {
            type: "sine",
            frequency: param,
            connect: () => undefined,
            start: () => {
              w.__tones += 1;
            },
            stop: () => undefined,
          };
        }
        createGain() {
          return { gain: param, connect: () => undefined };
        }
        resume() {
          return Promise.resolve();
        }
        close() {
          return Promise.resolve();
        }
      }
      w.AudioContext = FakeAudio;
      Object.defineProperty(navigator, "vibrate", {
        configurable: true,
        value: () => {
          w.__buzz += 1;
          return true;
        },
      });
    });
    const counted = (name: "__tones" | "__buzz") =>
      page.evaluate((n) => (window as unknown as Record<string, number>)[n], name);
    await page.setViewportSize(PHONE);
    await page.goto(shopUrl("bistro", "/user/login?url=%2Fadmin%2Fkitchen"));
    await fillLogin(page, "owner@bistro.example.test", "demo1234!");
    await expect(page).toHaveURL(shopUrl("bistro", "/admin/kitchen"));
    await expect(page.locator("html")).toHaveAttribute("data-live", "on");
    const ring = page.getByTestId("kitchen-ring");
    await expect(ring).toHaveAttribute("data-rang", "0");
    // Browsers play nothing before a tap: the board asks for one.
    await page.getByRole("button", { name: koTableLive.ring.enable }).click();
    await expect(ring).toHaveAttribute("data-armed", "1");
    await expect(page.getByRole("button", { name: koTableLive.ring.enable })).toHaveCount(0);

    const diner = await secondPage(browser, true);
    await scan(diner.page, RING_TABLE);
    await add(diner.page, "식혜");
    const first = await order(diner.page);
    await expect(page.getByTestId("kitchen-order").filter({ hasText: `#${first}` })).toBeVisible();
    await expect(ring).toHaveAttribute("data-rang", "1");
    expect(await counted("__tones")).toBe(2);
    expect(await counted("__buzz")).toBe(1);

    // Muted: the next order shows on the board in silence.
    await page.getByRole("checkbox", { name: koTableLive.ring.mute }).check();
    await diner.page.goto(shopUrl("bistro", "/smartorder/start"));
    await add(diner.page, "공기밥");
    const second = await order(diner.page);
    await expect(page.getByTestId("kitchen-order").filter({ hasText: `#${second}` })).toBeVisible();
    await expect(ring).toHaveAttribute("data-rang", "1");
    expect(await counted("__tones")).toBe(2);
    expect(await counted("__buzz")).toBe(1);
    // The switch is the device's: it is still on after a reload.
    await page.reload();
    await expect(page.getByRole("checkbox", { name: koTableLive.ring.mute })).toBeChecked();
    await diner.close();
  });
});
