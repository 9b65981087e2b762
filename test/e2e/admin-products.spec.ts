import { expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { fillLogin } from "./order-helpers";
import { addCategory, createProduct, uploadPhoto } from "./console-helpers";
import { koDrawer } from "../../app/shared/messages/shop/drawer";

/**
 * Issue 36 items 2 and 3 (decision 106): an owner makes a category and a product with two options
 * and a photo from the console, and a shopper finds it in the shop's menu, with scripts and without.
 */

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
  await addCategory(page, category);

  await page.goto(shopUrl("studio", "/admin/products"));
  if (js) await hydrated(page);
  await createProduct(page, js, {
    title: product,
    price: "15,000",
    description: "<p>은은한 <strong>벚꽃</strong> 향</p><script>alert(1)</script>",
    category,
    options: [
      { name: "30ml", stock: "10" },
      { name: "75ml", price: "6000", stock: "4" },
    ],
  });
  // The photo, by the console's existing upload.
  const key = await uploadPhoto(page, js, "핸드크림.jpg");

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
