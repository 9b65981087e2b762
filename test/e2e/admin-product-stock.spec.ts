import { expect, hydrated, jsOff, shopUrl, test } from "./fixtures";
import { fillLogin } from "./order-helpers";
import { koAdmin } from "../../app/shared/messages/admin";
import { koProducts } from "../../app/shared/messages/products";
import { formatCount } from "../../app/shared/format";

/**
 * Decision 112: stock set on /admin/stock while the product's edit form is open is not undone by
 * saving the form; a stock the owner changed over it asks again, with the stock now by the option.
 */

const t = koProducts;

test("the edit form keeps stock set meanwhile, and asks again where the owner changed it", async ({
  page,
  context,
}, testInfo) => {
  const js = !jsOff(testInfo);
  await page.goto(shopUrl("studio", `/user/login?url=${encodeURIComponent("/admin/stock")}`));
  if (js) await hydrated(page);
  await fillLogin(page, "owner@studio.example.test", "demo1234!");
  await expect(page).toHaveURL(shopUrl("studio", "/admin/stock"));
  if (js) await hydrated(page);
  // A product with two options: one the owner will change on the form, one left as loaded.
  const card = page
    .getByTestId("stock-product")
    .filter({ has: page.locator("form").nth(1) })
    .first();
  const href = (await card.getByRole("link").first().getAttribute("href"))!;
  const id = /id=(\d+)/.exec(href)![1];

  const edit = await context.newPage();
  await edit.goto(shopUrl("studio", `/admin/product?id=${id}`));
  if (js) await hydrated(edit);
  const rows = edit.getByTestId("option-row");

  // Meanwhile, both options' stock set on /admin/stock.
  const forms = card.locator("form");
  const set = async (n: number, stock: string) => {
    await forms.nth(n).locator('input[name="stock"]').fill(stock);
    await forms.nth(n).getByRole("button", { name: koAdmin.stock.save }).click();
    await expect(forms.nth(n).getByText(koAdmin.stock.saved)).toBeVisible();
    if (js) await hydrated(page);
  };
  await set(0, "41");
  await set(1, "42");

  await rows.nth(0).getByLabel(t.fields.optionStock).fill("7");
  await edit.getByRole("button", { name: t.save, exact: true }).click();
  await expect(edit.getByText(t.errors.stockChanged(formatCount(41)))).toBeVisible();
  if (js) await hydrated(edit);
  await expect(rows.nth(0).getByLabel(t.fields.optionStock)).toHaveValue("7");
  await expect(rows.nth(1).getByLabel(t.fields.optionStock)).toHaveValue("42");

  await edit.getByRole("button", { name: t.save, exact: true }).click();
  await expect(edit.getByText(t.done.saved)).toBeVisible();
  await page.reload();
  await expect(forms.nth(0).locator('input[name="stock"]')).toHaveValue("7");
  await expect(forms.nth(1).locator('input[name="stock"]')).toHaveValue("42");
});
