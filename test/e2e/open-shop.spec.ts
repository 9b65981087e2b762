import { expect, PORT, shopUrl, test } from "./fixtures";
import { koAdmin } from "../../app/shared/messages/admin";
import { koPlatform } from "../../app/shared/messages/platform";

/** Issue 36, item 1 (decision 108): a new person opens a shop on the platform's host, JavaScript on and off. */

const platformUrl = (path = "/") => `http://localhost:${PORT}${path}`;

// A taken address answers 409; the browser logs the status.
test.use({ expectedConsoleErrors: [/status of 409 /] });

test("a new person signs up, opens a shop at a new address and lands in its console", async ({ page }, testInfo) => {
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const dom = `e2e-${tag}`.slice(0, 20).replace(/-+$/, "");
  const name = `새 가게 ${testInfo.project.name}`;

  await page.goto(platformUrl("/"));
  await expect(page.getByRole("heading", { level: 1, name: koPlatform.landingTitle })).toBeVisible();
  await page.getByRole("link", { name: koPlatform.openCta }).click();
  // A guest logs in first; a new person signs up from there and comes back to the form.
  await expect(page).toHaveURL(platformUrl("/login?url=%2Fopen"));
  await page.getByRole("main").getByRole("link", { name: koPlatform.join }).click();
  await page.getByLabel(koPlatform.email).fill(`e2e-open-${tag}@example.test`);
  await page.getByLabel(koPlatform.name, { exact: true }).fill("새 사장");
  await page.getByLabel(koPlatform.password, { exact: true }).fill("e2e-pass-1234");
  await page.getByLabel(koPlatform.passwordConfirm).fill("e2e-pass-1234");
  for (const box of [koPlatform.agreeTerms, koPlatform.agreePrivacy, koPlatform.agreeAge]) {
    await page.getByLabel(box).check();
  }
  await page.getByRole("main").getByRole("button", { name: koPlatform.join }).click();
  await expect(page).toHaveURL(platformUrl("/open"));

  // A taken address is refused next to the field, and the form keeps what was typed.
  await page.getByLabel(koPlatform.dom).fill("beauty");
  await page.getByLabel(koPlatform.shopName).fill(name);
  await page.getByLabel(koPlatform.typeShop).check();
  await page.getByRole("button", { name: koPlatform.openSubmit }).click();
  await expect(page.getByText(koPlatform.errors.domTaken)).toBeVisible();
  await expect(page.getByLabel(koPlatform.dom)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel(koPlatform.shopName)).toHaveValue(name);

  await page.getByLabel(koPlatform.dom).fill(dom);
  await page.getByRole("button", { name: koPlatform.openSubmit }).click();
  // The login follows to the new host: its console, as its owner.
  await expect(page).toHaveURL(shopUrl(dom, "/admin"));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(koAdmin.title);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);

  // The new address is a shop anyone can visit.
  const visitor = await page.context().browser()!.newPage();
  const res = await visitor.goto(shopUrl(dom, "/"));
  expect(res?.status()).toBe(200);
  await expect(visitor).toHaveTitle(new RegExp(name));
  await visitor.close();
});
