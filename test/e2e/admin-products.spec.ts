import { encode } from "jpeg-js";
import { expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { fillLogin } from "./order-helpers";
import { koAdmin } from "../../app/shared/messages/admin";
import { koProducts } from "../../app/shared/messages/products";
import { koDrawer } from "../../app/shared/messages/shop/drawer";

/**
 * Issue 36 items 2 and 3 (decision 106): an owner makes a category and a product with two options
 * and a photo from the console, and a shopper finds it in the shop's menu, with scripts and without.
 */

const t = koProducts;

function photo(): Buffer {
  const width = 400;
  const height = 400;
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([200, ((i / 4) % width) / 2, 120, 255], i);
  return Buffer.from(encode({ width, height, data }, 85).data);
}

test("the owner adds a category and a product with two options and a photo; the shop shows them", async ({
  page,
}, testInfo) => {
  const js = !jsOff(testInfo);
  // Both projects share one shop: names of their own.
  const tag = `${js ? "가" : "나"}${Date.now() % 100000}`;
  const category = `봄 신상 ${tag}`;
  const product = `벚꽃 핸드크림 ${tag}`;

  await page.goto(shopUrl("studio", `/user/login?url=${encodeURIComponent("/admin/categories")}`));
  if (js) await hydrated(page);
  await fillLogin(page, "owner@studio.example.test", "demo1234!");
  await expect(page).toHaveURL(shopUrl("studio", "/admin/categories"));
  if (js) await hydrated(page);
  const add = page.getByRole("region", { name: t.categories.add });
  await add.getByLabel(t.categories.name).fill(category);
  await add.getByRole("button", { name: t.categories.add }).click();
  await expect(page.getByText(t.categories.done.created)).toBeVisible();
  await expect(
    page.getByTestId("admin-category").filter({ has: page.locator("strong", { hasText: category }) }),
  ).toBeVisible();

  await page.goto(shopUrl("studio", "/admin/products"));
  if (js) await hydrated(page);
  await page.getByRole("link", { name: t.create }).click();
  await expect(page).toHaveURL(shopUrl("studio", "/admin/product"));
  if (js) await hydrated(page);
  await page.getByLabel(t.fields.title).fill(product);
  await page.getByLabel(t.fields.price).fill("15,000");
  await page.getByLabel(t.fields.description).fill("<p>은은한 <strong>벚꽃</strong> 향</p><script>alert(1)</script>");
  await page.getByRole("checkbox", { name: category }).check();
  const rows = page.getByTestId("option-row");
  await rows.nth(0).getByLabel(`${t.fields.optionName} 1`).fill("30ml");
  await rows.nth(0).getByLabel(t.fields.optionStock).fill("10");
  // A row more, without scripts too: the form comes back with what was typed.
  await page.getByRole("button", { name: t.fields.addOption }).click();
  await expect(rows).toHaveCount(2);
  if (js) await hydrated(page);
  await expect(page.getByLabel(t.fields.title)).toHaveValue(product);
  await expect(rows.nth(0).getByLabel(`${t.fields.optionName} 1`)).toHaveValue("30ml");
  await rows.nth(1).getByLabel(`${t.fields.optionName} 2`).fill("75ml");
  await rows.nth(1).getByLabel(t.fields.optionPrice).fill("6000");
  await rows.nth(1).getByLabel(t.fields.optionStock).fill("4");
  await page.getByRole("button", { name: t.save, exact: true }).click();
  await expect(page.getByText(t.done.created)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/product\?id=\d+&done=created$/);
  if (js) await hydrated(page);

  // The photo, by the console's existing upload.
  await page.getByRole("link", { name: t.photos }).click();
  await expect(page).toHaveURL(/\/admin\/photos\?id=\d+$/);
  if (js) await hydrated(page);
  await page
    .getByLabel(koAdmin.photos.file)
    .setInputFiles({ name: "핸드크림.jpg", mimeType: "image/jpeg", buffer: photo() });
  await page.getByRole("button", { name: koAdmin.photos.send }).click();
  await expect(page.getByTestId("admin-photo")).toHaveCount(1);
  const key = (await page.getByTestId("admin-photo").getByRole("img").getAttribute("src"))!;

  // A shopper: the category is in the shop's menu, the product in it, with its options and photo.
  const shopper = await page.context().browser()!.newContext();
  const shop = await shopper.newPage();
  await shop.goto(shopUrl("studio", "/shop/list?category=0"));
  if (js) await hydrated(shop);
  await shop.getByRole("navigation", { name: koDrawer.categories }).getByRole("link", { name: category }).click();
  await expect(shop).toHaveURL(/\/shop\/list\?category=\d+/);
  await shop
    .getByRole("link", { name: new RegExp(product) })
    .first()
    .click();
  await expect(shop).toHaveURL(/\/shop\/view\/p[0-9a-f]+/);
  await expect(shop.getByRole("heading", { name: product })).toBeVisible();
  await expect(shop.getByText("15,000원").first()).toBeVisible();
  await expect(shop.getByText("75ml").first()).toBeAttached();
  await expect(shop.locator(`img[src="${key}"]`).first()).toBeAttached();
  await expect(shop.locator("strong", { hasText: "벚꽃" }).first()).toBeVisible();
  await shopper.close();
});
