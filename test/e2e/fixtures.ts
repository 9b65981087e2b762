import { test as base, expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { koAuth } from "../../app/shared/messages/auth";
import { koCart } from "../../app/shared/messages/cart";
import { koCartButton } from "../../app/shared/messages/shop/cart";
import { koProduct } from "../../app/shared/messages/shop/product";
import { START_ON_USE } from "../../app/lib/after-paint";
import { LIKE_ACTION } from "../../app/lib/likes";

export const PORT = Number(process.env.E2E_PORT || 3334);
export const shopUrl = (dom: string, path = "/") => `http://${dom}.localhost:${PORT}${path}`;
export const customUrl = (path = "/") => `http://shop.example.test:${PORT}${path}`;

/**
 * Waits until React has hydrated the page, so clicks reach scripted handlers. A browsing page
 * starts on its first use (decision 135): it is given one, a scroll event, as a shopper's first
 * scroll or touch would.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.evaluate(async (mark) => {
    // Once the document is parsed: the starter, at its end, listens from then on (a scroll before
    // it ran is one it never hears; a shopper goes on using the page, a test does not).
    if (document.readyState === "loading")
      await new Promise((parsed) => document.addEventListener("DOMContentLoaded", parsed, { once: true }));
    if (document.documentElement.hasAttribute(mark)) window.dispatchEvent(new Event("scroll"));
  }, START_ON_USE);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** A page of the storefront (Remix), as opposed to one the Worker answers itself. */
const isAppPage = (page: Page) =>
  page.evaluate(() => "__remixContext" in window && document.contentType === "text/html").catch(() => false);

/**
 * The console errors and uncaught exceptions of `page` as they come, less those `expected` lists
 * and those that are never a fault of the page. Every browser a test opens collects them so.
 */
export function collectErrors(page: Page, expected: RegExp[] = []): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    // A failed load says only its status; where it came from is what one needs to mend it.
    const from = msg.location().url;
    const text = /^Failed to load resource/.test(msg.text()) && from ? `${msg.text()} (${from})` : msg.text();
    if (msg.type() !== "error" || expected.some((re) => re.test(text))) return;
    // Remix logs the stream of a data request the browser aborted (a live reload overtaken by
    // a navigation on a busy machine): a superseded request, never a fault of the page. Chromium
    // words it by where the abort found the stream: mid-body, or at the signal.
    if (/^AbortError: (BodyStreamBuffer was aborted|signal is aborted without reason)/.test(text)) return;
    errors.push(text);
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message} (at ${page.url()})`));
  return errors;
}

/**
 * Every page fails its test on a console error or an uncaught exception, unless the test lists
 * the message as expected. With scripts on, a document load (goto, reload, back, forward) waits
 * for hydration, so no click lands before the handlers do however busy the machine is, and the
 * page's timers run on Playwright's clock (time flows until a test holds it: see holdTimers).
 */
export const test = base.extend<{ expectedConsoleErrors: RegExp[] }>({
  expectedConsoleErrors: [[], { option: true }],
  page: async ({ page, expectedConsoleErrors, javaScriptEnabled }, use) => {
    const errors = collectErrors(page, expectedConsoleErrors);
    if (javaScriptEnabled !== false) await loadsHydrate(page);
    await use(page);
    expect(errors, "unexpected console errors").toEqual([]);
  },
});

export { expect };

/** Each page's own goto, which does not wait for hydration (beforeScripts). */
const plainGoto = new WeakMap<Page, Page["goto"]>();

/** With scripts on, makes every document load of `page` wait for hydration, on Playwright's clock. */
async function loadsHydrate(page: Page): Promise<void> {
  await page.clock.install();
  plainGoto.set(page, page.goto.bind(page));
  for (const name of ["goto", "reload", "goBack", "goForward"] as const) {
    const load = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page["goto"]>;
    (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      const response = await load(...args);
      if (await isAppPage(page)) await hydrated(page);
      return response;
    };
  }
}

/** The mobile profile Lighthouse throttles to: a 4x slower CPU and slow 4G. */
export const SLOW_PHONE = {
  cpu: 4,
  latencyMs: 150,
  downBytesPerS: (1.6 * 1024 * 1024) / 8,
  upBytesPerS: (750 * 1024) / 8,
};

/**
 * Opens `url` as a shopper does and lets the test act before the page's scripts start (issue 51):
 * the page's modules are held on their way until `start`, so whatever the test does meanwhile is
 * done to the HTML alone, however fast the machine. `slow` also makes the page a slowed phone's
 * (SLOW_PHONE). `start` lets the scripts come and waits for hydration.
 */
export async function beforeScripts(
  page: Page,
  url: string,
  { slow = false }: { slow?: boolean } = {},
): Promise<{ start: () => Promise<void> }> {
  // Each held request waits for `start`.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/.+\.js$/, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  if (slow) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_PHONE.cpu });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: SLOW_PHONE.latencyMs,
      downloadThroughput: SLOW_PHONE.downBytesPerS,
      uploadThroughput: SLOW_PHONE.upBytesPerS,
    });
  }
  const goto = plainGoto.get(page);
  if (!goto) throw new Error("beforeScripts needs the js-on fixture's page");
  // As soon as the document starts coming: the shopper acts on what they see.
  await goto(url, { waitUntil: "commit" });
  return {
    start: async () => {
      release();
      await hydrated(page);
    },
  };
}

/** True once any of the page's modules has run (Remix's router is made by the entry). */
export const scriptsRan = (page: Page) => page.evaluate(() => "__remixRouter" in window);

/**
 * Someone else's phone-sized page in a browser of their own, whose loads wait for hydration as the
 * test's own page does; `close` ends that browser and fails on its unexpected console errors.
 */
export async function secondPage(
  browser: Browser,
  js: boolean,
  expected: RegExp[] = [],
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  const errors = collectErrors(page, expected);
  if (js) await loadsHydrate(page);
  const close = async () => {
    await context.close();
    expect(errors, "unexpected console errors in the second browser").toEqual([]);
  };
  return { page, close };
}

/**
 * Answers studio's marketing-consent bar in advance (it has demo tags): for tests about something
 * else, so the bar at the bottom of the screen is not in their way. tracking.spec tests the bar.
 */
export async function consentAnswered(context: BrowserContext, dom: string, value = "denied"): Promise<void> {
  await context.addCookies([{ name: "mkt_consent", value, url: shopUrl(dom) }]);
}

/** True in the project that runs with JavaScript switched off. */
export const jsOff = (testInfo: { project: { name: string } }) => testInfo.project.name === "js-off";

/**
 * Clicks a ♡ and, with scripts, waits for the server's answer to it: the button shows the new state
 * before the post is answered, and a navigation or a look at the counts meanwhile races the write.
 * Without scripts the click is the form's post and its page.
 */
export async function like(page: Page, button: Locator, js: boolean): Promise<void> {
  const answered = js
    ? page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(LIKE_ACTION))
    : null;
  await button.click();
  await answered;
}

/**
 * Stops the page's clock, so a transient message (a 3-second snackbar, a bubble) stays until the
 * test moves time on with `page.clock.runFor`; `release` lets time flow again. Never race a toast.
 */
export async function holdTimers(page: Page): Promise<{ release: () => Promise<void> }> {
  // A moment ahead of the page's clock (it keeps flowing until paused; pausing may not go back).
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 500);
  return { release: () => page.clock.resume() };
}

/** Adds the product at `path` from its page, choosing `option` when it has choices. */
export async function addToCart(page: Page, path: string, js: boolean, opts: { option?: string; qty?: string } = {}) {
  await page.goto(path);
  // Before hydration the button posts the page's form: a js test waits for the scripts.
  if (js) await hydrated(page);
  const form = page.getByRole("form", { name: koProduct.addToCart });
  // Options are rows of radio buttons named by the option (then its price).
  if (opts.option) await form.getByRole("radio", { name: new RegExp(`^${opts.option}`) }).check();
  if (opts.qty) await form.getByRole("spinbutton", { name: koCart.quantity }).fill(opts.qty);
  await form.getByRole("button", { name: koProduct.addToCart }).click();
  // Without scripts the post came back to the product page; either way the buy bar says so, with a
  // way to the cart.
  if (!js) await expect(page).toHaveURL(/added=1/);
  await expect(form.getByRole("status")).toHaveText(`${koCartButton.added} · ${koCartButton.viewCart}`);
}

/** Ticks every required consent of an order sheet ([필수]). */
export async function agreeAll(sheet: Locator): Promise<void> {
  for (const box of await sheet.getByRole("checkbox", { name: /\[필수\]/ }).all()) await box.check();
}

/**
 * Signs up on /user/join (전체 동의), passes the welcome (/user/succ) with its continue button and
 * ends where the shopper was (`url`, the home page without one).
 */
export async function signUp(
  page: Page,
  dom: string,
  who: { email: string; name: string; url?: string; password?: string },
) {
  const password = who.password ?? "e2e-pass-1234";
  await page.goto(shopUrl(dom, `/user/join${who.url ? `?${new URLSearchParams({ url: who.url })}` : ""}`));
  const form = page.getByRole("form", { name: koAuth.joinTitle });
  await form.getByLabel(koAuth.email, { exact: true }).fill(who.email);
  await form.getByLabel(koAuth.name).fill(who.name);
  await form.getByLabel(koAuth.password, { exact: true }).fill(password);
  await form.getByLabel(koAuth.passwordConfirm).fill(password);
  await form.getByRole("checkbox", { name: koAuth.agreeAll }).check();
  await form.getByRole("button", { name: koAuth.joinButton }).click();
  await expect(page.getByRole("heading", { name: koAuth.welcomeTitle })).toBeVisible();
  await page.getByRole("link", { name: /^(쇼핑|주문) 계속하기$/ }).click();
  await expect(page).toHaveURL(shopUrl(dom, who.url ?? "/"));
}
