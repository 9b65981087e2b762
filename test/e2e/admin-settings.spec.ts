import { expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { fillLogin } from "./order-helpers";
import { koAdmin } from "../../app/shared/messages/admin";
import { koShopSettings } from "../../app/shared/messages/shop-settings";

/**
 * Issue 36 item 4 (decision 107): the owner sets the shop's colours and business details at
 * /admin/settings, with scripts and without, and the shop shows them at once.
 */

const t = koShopSettings;

// A refused colour is answered 400, which the browser logs as a failed resource.
test.use({ expectedConsoleErrors: [/status of 400 /] });

test("the owner sets colours and business details and sees them on the shop", async ({ page }, testInfo) => {
  const js = !jsOff(testInfo);
  // Each project has its own database; the details differ only to tell the runs apart.
  const ceo = js ? "정스크립트" : "정평문";
  await page.goto(shopUrl("studio", `/user/login?url=${encodeURIComponent("/admin/settings")}`));
  await fillLogin(page, "owner@studio.example.test", "demo1234!");
  await expect(page).toHaveURL(shopUrl("studio", "/admin/settings"));
  await expect(page.getByRole("navigation").getByRole("link", { name: koAdmin.nav.settings })).toHaveAttribute(
    "aria-current",
    "page",
  );
  if (js) await hydrated(page);

  // A grey no text reads on is refused next to the field; a deep navy is kept.
  const colours = page.getByRole("form", { name: t.sections.colours });
  await colours.locator('[name="mcolor"]').fill("#808080");
  await colours.getByRole("button", { name: t.save }).click();
  await expect(page.getByText(t.errors.mainContrast)).toBeVisible();
  await colours.locator('[name="mcolor"]').fill("#1A237E");
  await colours.getByRole("button", { name: t.save }).click();
  await expect(page.getByText(t.done.colours)).toBeVisible();

  const business = page.getByRole("form", { name: t.sections.business });
  await business.locator('[name="corpname"]').fill("주식회사 모노스튜디오 서울");
  await business.locator('[name="ceo"]').fill(ceo);
  // A number whose check digit is wrong is refused; the right one is kept.
  await business.locator('[name="idnum"]').fill("220-81-62518");
  await business.getByRole("button", { name: t.save }).click();
  await expect(page.getByText(t.errors.idnumCheck)).toBeVisible();
  await expect(business.locator('[name="ceo"]')).toHaveValue(ceo);
  await business.locator('[name="idnum"]').fill("2208162517");
  await business.locator('[name="privacy_officer"]').fill("한보안");
  await business.getByRole("button", { name: t.save }).click();
  await expect(page.getByText(t.done.business)).toBeVisible();

  const identity = page.getByRole("form", { name: t.sections.identity });
  await identity.locator('[name="notice"]').fill("전 상품 무료 포장");
  await identity.getByRole("button", { name: t.save }).click();
  await expect(page.getByText(t.done.identity)).toBeVisible();

  await page.goto(shopUrl("studio", "/"));
  await expect(page.getByTestId("notice-bar")).toHaveText("전 상품 무료 포장");
  expect(await page.locator("html").getAttribute("style")).toContain("#1a237e");
  const footer = page.getByTestId("footer");
  await expect(footer).toContainText("주식회사 모노스튜디오 서울");
  await expect(footer).toContainText(ceo);
  await expect(footer).toContainText("220-81-62517");
  await expect(footer).toContainText("한보안");
});

test("the owner puts a picture of their own behind the shop's page", async ({ page }, testInfo) => {
  const js = !jsOff(testInfo);
  await page.goto(shopUrl("studio", `/user/login?url=${encodeURIComponent("/admin/settings")}`));
  await fillLogin(page, "owner@studio.example.test", "demo1234!");
  await expect(page).toHaveURL(shopUrl("studio", "/admin/settings"));
  if (js) await hydrated(page);

  // A 1×1 PNG, through the display section's own multipart post.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  const display = page.getByRole("form", { name: t.sections.display });
  await display.getByRole("radio", { name: t.fields.bgOwn }).check();
  await display.getByRole("button", { name: t.save }).click();
  await expect(display.getByText(t.errors.bgMissing)).toBeVisible();
  await display.getByRole("radio", { name: t.fields.bgOwn }).check();
  await display.getByLabel(t.fields.bgFile).setInputFiles({ name: "bg.png", mimeType: "image/png", buffer: png });
  await display.getByRole("button", { name: t.save }).click();
  await expect(page.getByText(t.done.display)).toBeVisible();
  await expect(page.getByTestId("settings-background")).toBeVisible();

  await page.goto(shopUrl("studio", "/"));
  const backdrop = await page.locator("html").evaluate((html) => getComputedStyle(html).backgroundImage);
  expect(backdrop).toMatch(/^url\("http:\/\/studio\.localhost:\d+\/files\/uploads\/\d+\/bg\/[\w-]+\.png"\)$/);
  // The picture itself is served from our storage (the browser resolves *.localhost; Node does not).
  const picture = await page.goto(backdrop.slice(5, -2));
  expect(picture?.ok()).toBe(true);
  expect(picture?.headers()["content-type"]).toBe("image/png");
});

test("a colour is picked with a colour control, and a typed code still works", async ({ page }, testInfo) => {
  const js = !jsOff(testInfo);
  await page.goto(shopUrl("studio", `/user/login?url=${encodeURIComponent("/admin/settings")}`));
  await fillLogin(page, "owner@studio.example.test", "demo1234!");
  await expect(page).toHaveURL(shopUrl("studio", "/admin/settings"));
  if (js) await hydrated(page);
  const colours = page.getByRole("form", { name: t.sections.colours });
  const code = colours.locator('[name="mcolor"]');
  const picker = colours.getByLabel(t.fields.colourPick(t.fields.mcolor), { exact: true });
  await expect(picker).toHaveAttribute("type", "color");
  // Picked: with scripts the code follows at once; without, the post takes the picker's choice.
  await picker.fill("#1b5e20");
  if (js) await expect(code).toHaveValue("#1b5e20");
  await colours.getByRole("button", { name: t.save }).click();
  await expect(page.getByText(t.done.colours)).toBeVisible();
  if (js) await hydrated(page);
  await expect(colours.locator('[name="mcolor"]')).toHaveValue("#1b5e20");
  await expect(picker).toHaveValue("#1b5e20");
  // Typed: with scripts the picker follows; either way the code is what is kept.
  await code.fill("#4A148C");
  if (js) await expect(picker).toHaveValue("#4a148c");
  // The first save's 저장했습니다 is still on the page, so wait for this save's own answer.
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/settings"));
  await colours.getByRole("button", { name: t.save }).click();
  expect((await saved).status()).toBeLessThan(400);
  await expect(page.getByText(t.done.colours)).toBeVisible();
  if (js) await hydrated(page);
  await expect(picker).toHaveValue("#4a148c");
  await page.goto(shopUrl("studio", "/"));
  expect(await page.locator("html").getAttribute("style")).toContain("#4a148c");
});
