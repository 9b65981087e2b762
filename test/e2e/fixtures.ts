import { test as base, expect, type Page } from "@playwright/test";

export const PORT = Number(process.env.E2E_PORT || 3334);
export const shopUrl = (dom: string, path = "/") => `http://${dom}.localhost:${PORT}${path}`;
export const customUrl = (path = "/") => `http://shop.example.test:${PORT}${path}`;

/**
 * Every page fails its test on a console error or an uncaught exception, unless the test lists
 * the message as expected.
 */
export const test = base.extend<{ expectedConsoleErrors: RegExp[] }>({
  expectedConsoleErrors: [[], { option: true }],
  page: async ({ page, expectedConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error" && !expectedConsoleErrors.some((re) => re.test(msg.text()))) errors.push(msg.text());
    });
    page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
    await use(page);
    expect(errors, "unexpected console errors").toEqual([]);
  },
});

export { expect };

/** True in the project that runs with JavaScript switched off. */
export const jsOff = (testInfo: { project: { name: string } }) => testInfo.project.name === "js-off";

/** Waits until React has hydrated the page, so clicks reach scripted handlers. */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
