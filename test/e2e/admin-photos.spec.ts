import { encode } from "jpeg-js";
import { expect, hydrated, jsOff, PORT, shopUrl, test } from "./fixtures";
import { fillLogin } from "./order-helpers";
import { koAdmin } from "../../app/shared/messages/admin";
import { koCart } from "../../app/shared/messages/cart";

/** Issue 15: an owner puts a phone photo on a product from the console, with scripts and without. */

/** A small camera-like JPEG. */
function photo(): Buffer {
  const width = 600;
  const height = 450;
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    const x = (i / 4) % width;
    const y = Math.floor(i / 4 / width);
    data.set([(x * 255) / width, (y * 255) / height, 160, 255], i);
  }
  return Buffer.from(encode({ width, height, data }, 85).data);
}

const PRODUCT = "글로우 립밤";

test("the owner uploads a photo, makes it the main one, and removes it again", async ({ page }, testInfo) => {
  const js = !jsOff(testInfo);
  await page.goto(shopUrl("beauty", `/user/login?url=${encodeURIComponent("/admin/stock")}`));
  if (js) await hydrated(page);
  await fillLogin(page, "owner@beauty.example.test", "demo1234!");
  await expect(page).toHaveURL(shopUrl("beauty", "/admin/stock"));
  await page.getByRole("searchbox").fill(PRODUCT);
  await page.getByRole("searchbox").press("Enter");
  await page.getByRole("link", { name: new RegExp(PRODUCT) }).click();
  await expect(page).toHaveURL(/\/admin\/photos\?id=\d+$/);
  await expect(page.getByRole("heading", { name: `${PRODUCT} · 상품 사진` })).toBeVisible();
  // Still under the console's 재고 tab.
  await expect(page.getByRole("navigation").getByRole("link", { name: koAdmin.nav.stock })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const photos = page.getByTestId("admin-photo");
  const before = await photos.count();
  if (js) await hydrated(page);

  await page
    .getByLabel(koAdmin.photos.file)
    .setInputFiles({ name: "립밤.jpg", mimeType: "image/jpeg", buffer: photo() });
  await page.getByRole("button", { name: koAdmin.photos.send }).click();
  await expect(page.getByText(koAdmin.photos.done.added)).toBeVisible();
  await expect(photos).toHaveCount(before + 1);
  const added = photos.last().getByRole("img");
  await expect(added).toHaveAttribute("src", /\/files\/uploads\/1\/p\/\d+\/[\w-]+\.jpg$/);
  // Drawn from a size made for it, not the original.
  await expect
    .poll(() => added.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toMatch(/\/files\/w\/\d+\/uploads\//);
  const key = (await added.getAttribute("src"))!.replace("/files/", "");

  await photos.last().getByRole("button", { name: koAdmin.photos.makeMain }).click();
  await expect(page.getByText(koAdmin.photos.done.main)).toBeVisible();
  await expect(photos.first().getByRole("img")).toHaveAttribute("src", `/files/${key}`);
  await expect(photos.first()).toContainText(koAdmin.photos.main);

  // Shoppers see it on the product's card at once.
  const shop = await page.context().newPage();
  await shop.goto(shopUrl("beauty", `/shop/search?q=${encodeURIComponent(PRODUCT)}`));
  await expect(shop.locator(`img[src="/files/${key}"]`)).toHaveCount(1);
  await shop.close();

  await photos.first().getByRole("button", { name: koCart.remove }).click();
  await expect(page.getByText(koAdmin.photos.done.removed)).toBeVisible();
  await expect(photos).toHaveCount(before);
  await expect(page.locator(`img[src="/files/${key}"]`)).toHaveCount(0);
  // Its file is gone too (Node cannot resolve *.localhost: the shop is named by the Host header).
  const file = await page.request.get(`http://127.0.0.1:${PORT}/files/${key}`, {
    headers: { host: `beauty.localhost:${PORT}` },
  });
  expect(file.status()).toBe(404);
});
