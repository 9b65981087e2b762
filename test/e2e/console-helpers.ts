import type { Page } from "@playwright/test";
import { encode } from "jpeg-js";
import { expect, hydrated } from "./fixtures";
import { koAdmin } from "../../app/shared/messages/admin";
import { koProducts } from "../../app/shared/messages/products";

/** Steps an owner takes in the console (issue 36): a category, a product with options, its photo. */

const t = koProducts;

/** A JPEG the uploads take (400×400 by default: a product photo; reviews use smaller ones). */
export function photo(width = 400, height = 400): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([200, ((i / 4) % width) / 2, 120, 255], i);
  return Buffer.from(encode({ width, height, data }, 85).data);
}

/** On /admin/categories: adds a top-level category and sees it listed. */
export async function addCategory(page: Page, name: string): Promise<void> {
  const add = page.getByRole("region", { name: t.categories.add });
  await add.getByLabel(t.categories.name).fill(name);
  await add.getByRole("button", { name: t.categories.add }).click();
  await expect(page.getByText(t.categories.done.created)).toBeVisible();
  await expect(
    page.getByTestId("admin-category").filter({ has: page.locator("strong", { hasText: name }) }),
  ).toBeVisible();
}

export type NewProduct = {
  title: string;
  price: string;
  description?: string;
  category: string;
  /** Two rows: the second is added by the form's own button (a post without scripts). */
  options: [{ name: string; stock: string }, { name: string; price: string; stock: string }];
};

/** From /admin/products: creates a product with two options in one category; ends on its edit page. */
export async function createProduct(page: Page, js: boolean, product: NewProduct): Promise<void> {
  await page.getByRole("link", { name: t.create }).click();
  await expect(page).toHaveURL(/\/admin\/product$/);
  if (js) await hydrated(page);
  await page.getByLabel(t.fields.title).fill(product.title);
  await page.getByLabel(t.fields.price).fill(product.price);
  if (product.description) await page.getByLabel(t.fields.description).fill(product.description);
  await page.getByRole("checkbox", { name: product.category }).check();
  const rows = page.getByTestId("option-row");
  const [first, second] = product.options;
  await rows.nth(0).getByLabel(`${t.fields.optionName} 1`).fill(first.name);
  await rows.nth(0).getByLabel(t.fields.optionStock).fill(first.stock);
  // A row more, without scripts too: the form comes back with what was typed.
  await page.getByRole("button", { name: t.fields.addOption }).click();
  await expect(rows).toHaveCount(2);
  if (js) await hydrated(page);
  await expect(page.getByLabel(t.fields.title)).toHaveValue(product.title);
  await expect(rows.nth(0).getByLabel(`${t.fields.optionName} 1`)).toHaveValue(first.name);
  await rows.nth(1).getByLabel(`${t.fields.optionName} 2`).fill(second.name);
  await rows.nth(1).getByLabel(t.fields.optionPrice).fill(second.price);
  await rows.nth(1).getByLabel(t.fields.optionStock).fill(second.stock);
  await page.getByRole("button", { name: t.save, exact: true }).click();
  await expect(page.getByText(t.done.created)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/product\?id=\d+&done=created$/);
  if (js) await hydrated(page);
}

/** From a product's edit page: uploads one photo by the console's upload; answers its address. */
export async function uploadPhoto(page: Page, js: boolean, name = "상품.jpg"): Promise<string> {
  await page.getByRole("link", { name: t.photos }).click();
  await expect(page).toHaveURL(/\/admin\/photos\?id=\d+$/);
  if (js) await hydrated(page);
  await page.getByLabel(koAdmin.photos.file).setInputFiles({ name, mimeType: "image/jpeg", buffer: photo() });
  await page.getByRole("button", { name: koAdmin.photos.send }).click();
  await expect(page.getByTestId("admin-photo")).toHaveCount(1);
  return (await page.getByTestId("admin-photo").getByRole("img").getAttribute("src"))!;
}
