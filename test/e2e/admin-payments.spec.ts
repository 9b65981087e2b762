import { expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { fillLogin } from "./order-helpers";
import { koAdmin } from "../../app/shared/messages/admin";
import { koPayments } from "../../app/shared/messages/payments";
import { koFooter } from "../../app/shared/messages/shop/footer";

/**
 * Issue 35, item 1 (decision 101): an owner enters the shop's Toss Payments test keys in the
 * console, with scripts and without; the secret is never shown again. Item 5 (decision 103): with
 * keys in, the owner turns on escrow for virtual accounts and the shop's footer shows the mark.
 */

const t = koPayments;
const CLIENT = "test_ck_D5GePWvyJnrK0W0k6q8gLzN97Eoq";
const SECRET = "test_sk_zXLkKEypNArWmo50nX3lmeaxYG5R";

// A refused pair is answered 400, which the browser logs as a failed resource.
test.use({ expectedConsoleErrors: [/status of 400 /], viewport: { width: 412, height: 915 } });

test("the owner enters the shop's test keys, sees them without the secret, and removes them", async ({
  page,
}, testInfo) => {
  // Each project has its own fresh database; the shop differs only to keep the screenshots apart.
  const shop = jsOff(testInfo) ? "studio" : "picks";
  await page.goto(shopUrl(shop, `/user/login?url=${encodeURIComponent("/admin/payments")}`));
  await fillLogin(page, `owner@${shop}.example.test`, "demo1234!");
  await expect(page).toHaveURL(shopUrl(shop, "/admin/payments"));
  if (!jsOff(testInfo)) await hydrated(page);
  await expect(page.getByRole("navigation").getByRole("link", { name: koAdmin.nav.payments })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByText(t.none)).toBeVisible();

  const form = page.getByRole("form", { name: t.save });
  // A widget client key with an API secret: said next to the secret. The page never sends a secret
  // back: without scripts the field comes back empty (with them the browser keeps what was typed).
  await form.getByLabel(t.clientKey).fill("test_gck_D5GePWvyJnrK0W0k6q8gLzN97Eoq");
  await form.getByLabel(t.secretKey).fill(SECRET);
  await form.getByRole("button", { name: t.save }).click();
  await expect(page.getByText(t.errors.mixedFamily)).toBeVisible();
  if (jsOff(testInfo)) await expect(page.getByRole("form", { name: t.save }).getByLabel(t.secretKey)).toHaveValue("");

  const again = page.getByRole("form", { name: t.save });
  await again.getByLabel(t.clientKey).fill(CLIENT);
  await again.getByLabel(t.secretKey).fill(SECRET);
  await again.getByRole("button", { name: t.save }).click();
  await expect(page.getByText(t.done.saved)).toBeVisible();
  await expect(page.getByTestId("payment-mode")).toHaveText(t.modes.test);
  await expect(page.getByText(t.secretKept(SECRET.slice(-4)))).toBeVisible();
  expect(await page.content()).not.toContain(SECRET);
  await page.screenshot({ path: testInfo.outputPath("payments-412.png"), fullPage: true });

  await page.getByRole("button", { name: t.remove }).click();
  await expect(page.getByText(t.removeConfirm)).toBeVisible();
  await page.getByRole("button", { name: t.removeSure }).click();
  await expect(page.getByText(t.done.removed)).toBeVisible();
  await expect(page.getByText(t.none)).toBeVisible();
});

test("the owner turns on escrow with the shop's MID and the footer shows the mark with Toss's link", async ({
  page,
}, testInfo) => {
  const mid = "tvivarepublica";
  // beauty and bistro have the demo's Toss keys; this starts from a shop without (the other
  // project's shop of the test above, so the two never share one).
  const shop = jsOff(testInfo) ? "picks" : "studio";
  await page.goto(shopUrl(shop, `/user/login?url=${encodeURIComponent("/admin/payments")}`));
  await fillLogin(page, `owner@${shop}.example.test`, "demo1234!");
  await expect(page).toHaveURL(shopUrl(shop, "/admin/payments"));
  if (!jsOff(testInfo)) await hydrated(page);
  // Escrow rides on the Toss contract: no form for it until the keys are in.
  await expect(page.getByText(t.escrow.needsKeys)).toBeVisible();

  const keys = page.getByRole("form", { name: t.save });
  await keys.getByLabel(t.clientKey).fill(CLIENT);
  await keys.getByLabel(t.secretKey).fill(SECRET);
  await keys.getByRole("button", { name: t.save }).click();
  await expect(page.getByText(t.done.saved)).toBeVisible();

  const escrow = page.getByRole("form", { name: t.escrow.title });
  await expect(escrow.getByTestId("escrow-state")).toHaveText(t.escrow.off);
  await escrow.getByLabel(t.escrow.vbank).check();
  await escrow.getByRole("button", { name: t.escrow.save }).click();
  await expect(page.getByText(t.errors.midRequired)).toBeVisible();

  const again = page.getByRole("form", { name: t.escrow.title });
  await again.getByLabel(t.escrow.mid).fill(mid);
  await again.getByLabel(t.escrow.vbank).check();
  await again.getByRole("button", { name: t.escrow.save }).click();
  await expect(page.getByText(t.done.escrow)).toBeVisible();
  await expect(page.getByRole("form", { name: t.escrow.title }).getByTestId("escrow-state")).toHaveText(t.escrow.on);
  await page.screenshot({ path: testInfo.outputPath("escrow-412.png"), fullPage: true });

  await page.goto(shopUrl(shop, "/"));
  const footer = page.getByTestId("footer");
  await expect(footer.getByTestId("escrow-mark")).toContainText(koFooter.escrowMark);
  await expect(footer.getByRole("link", { name: koFooter.escrow })).toHaveAttribute(
    "href",
    `https://pgweb.tosspayments.com/ms/escrow/s_escrowYn.do?mertid=${mid}`,
  );
  // The footer appears after the page settles (shop.css.ts): wait for it before the picture.
  await expect(footer).toHaveCSS("opacity", "1");
  await footer.screenshot({ path: testInfo.outputPath("escrow-footer-412.png") });
});
