import { expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { fillLogin } from "./order-helpers";
import { addCategory, createProduct, uploadPhoto } from "./console-helpers";
import { koDrawer } from "../../app/shared/messages/shop/drawer";
import { koProducts } from "../../app/shared/messages/products";

/**
 * Issue 36 items 2 and 3 (decision 106): an owner makes a category and a product with two options
 * and a photo from the console, and a shopper finds it in the shop's menu, with scripts and without.
 */

// A refused save is answered 400, which the browser logs as a failed resource.
test.use({ expectedConsoleErrors: [/status of 400 /] });

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

test("a new product's stock is asked, a category made in the form keeps what was typed, and a 0 says 품절", async ({
  page,
}, testInfo) => {
  const js = !jsOff(testInfo);
  const tag = `${js ? "가" : "나"}${Date.now() % 100000}`;
  const product = `첫 상품 ${tag}`;
  const category = `새 분류 ${tag}`;
  const p = koProducts;
  await page.goto(shopUrl("studio", `/user/login?url=${encodeURIComponent("/admin/product")}`));
  if (js) await hydrated(page);
  await fillLogin(page, "owner@studio.example.test", "demo1234!");
  await expect(page).toHaveURL(shopUrl("studio", "/admin/product"));
  if (js) await hydrated(page);
  await page.getByLabel(p.fields.title).fill(product);
  await page.getByLabel(p.fields.price).fill("8,000");
  await page.getByLabel(p.fields.description).fill("<p>처음 올리는 상품</p>");
  // The stock starts empty and is asked for.
  const stock = page.getByTestId("option-row").first().getByLabel(p.fields.optionStock);
  await expect(stock).toHaveValue("");
  await page.getByRole("button", { name: p.save, exact: true }).click();
  await expect(page.getByText(p.errors.stockRequired)).toBeVisible();
  if (js) await hydrated(page);
  // A category made from the form: ticked, and everything typed still there.
  await page.getByLabel(p.fields.newCategory).fill(category);
  await page.getByRole("button", { name: p.fields.makeCategory }).click();
  await expect(page.getByText(p.fields.categoryAdded(category))).toBeVisible();
  if (js) await hydrated(page);
  await expect(page.getByRole("checkbox", { name: category })).toBeChecked();
  await expect(page.getByLabel(p.fields.title)).toHaveValue(product);
  await expect(page.getByLabel(p.fields.price)).toHaveValue("8,000");
  await expect(page.getByLabel(p.fields.description)).toHaveValue("<p>처음 올리는 상품</p>");
  await expect(page.getByLabel(p.fields.newCategory)).toHaveValue("");
  // A stock of 0, set on purpose: saved, and the success says the product shows 품절.
  await page.getByTestId("option-row").first().getByLabel(p.fields.optionStock).fill("0");
  await page.getByRole("button", { name: p.save, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/product\?id=\d+&done=created$/);
  await expect(page.getByText(p.doneSoldOut.created)).toBeVisible();
  await expect(page.getByRole("checkbox", { name: category })).toBeChecked();
});
