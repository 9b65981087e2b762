import {
  addToCart,
  agreeAll,
  beforeScripts,
  expect,
  hydrated,
  jsOff,
  scriptsRan,
  shopUrl,
  signUp,
  test,
} from "./fixtures";
import { joinBeauty, sheetOfOne } from "./order-helpers";
import { BISTRO_TABLES } from "../../functions/seed/demo";
import { koAccount } from "../../app/shared/messages/account";
import { koAuth } from "../../app/shared/messages/auth";
import { koCart, koOrder } from "../../app/shared/messages/cart";
import { koCartButton } from "../../app/shared/messages/shop/cart";
import { koProduct } from "../../app/shared/messages/shop/product";
import { koSearch } from "../../app/shared/messages/shop/search";
import { koHeader } from "../../app/shared/messages/shop/header";

/**
 * Issue 51: what a shopper does before the page's scripts start is kept, and counts once. Each test
 * acts on the HTML alone (the scripts held on their way), then lets them start, as a phone on a
 * weak network does; once fast and once on a slowed phone (4x CPU, slow 4G).
 */
test.beforeEach(({}, testInfo) => test.skip(jsOff(testInfo), "scripts that have not started yet need scripts on"));

for (const slow of [false, true]) {
  test.describe(slow ? "on a slowed phone" : "fast", () => {
    test.describe.configure({ timeout: slow ? 90_000 : 30_000 });

    test("an option tapped and a quantity typed first stay, priced at once, and are what goes into the cart", async ({
      page,
    }) => {
      const shop = await beforeScripts(page, shopUrl("beauty", "/shop/view/b0005"), { slow });
      const buy = page.getByRole("form", { name: koProduct.addToCart });
      const fifty = buy.getByRole("radio", { name: /^50ml/ });
      const qty = buy.getByRole("spinbutton", { name: koCart.quantity });
      await fifty.check();
      // The option's price, list price and 할인율 follow at once, before any script has come.
      await expect(page.getByTestId("price")).toHaveText("32,000원");
      // With its list price and 할인율.
      await expect(page.getByTestId("price").locator("xpath=..")).toHaveText("15%32,000원38,000원");
      await qty.fill("2");
      await expect(page.getByTestId("total")).toHaveText("총 상품금액 64,000원");
      // − and + count before the scripts too, once a tap.
      await buy.getByRole("button", { name: koProduct.increase }).click();
      await expect(qty).toHaveValue("3");
      await expect(page.getByTestId("total")).toHaveText("총 상품금액 96,000원");
      expect(await scriptsRan(page)).toBe(false);

      await shop.start();
      await expect(fifty).toBeChecked();
      await expect(qty).toHaveValue("3");
      await expect(page.getByTestId("price").locator("xpath=..")).toHaveText("15%32,000원38,000원");
      await expect(page.getByTestId("total")).toHaveText("총 상품금액 96,000원");
      // The page's state started from them: a step goes on from 3.
      await buy.getByRole("button", { name: koProduct.increase }).click();
      await expect(qty).toHaveValue("4");
      await expect(page.getByTestId("total")).toHaveText("총 상품금액 128,000원");
      await buy.getByRole("button", { name: koProduct.decrease }).click();
      await buy.getByRole("button", { name: koProduct.addToCart }).click();
      await expect(buy.getByRole("status")).toHaveText(`${koCartButton.added} · ${koCartButton.viewCart}`);

      await page.getByTestId("header-cart").click();
      const row = page.getByTestId("cart-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("옵션: 50ml");
      await expect(row.getByRole("textbox", { name: koCart.quantity })).toHaveValue("3");
    });

    test("a 찜 tapped on a card first counts once", async ({ page }) => {
      await page.goto(shopUrl("beauty", "/shop/view/b0007"));
      const title = (await page.getByRole("heading", { level: 1 }).textContent())!;

      const shop = await beforeScripts(page, shopUrl("beauty", "/shop/list?category=0"), { slow });
      // Before any script: the ♡'s own form post, and the page it comes back to, liked.
      await page.getByRole("button", { name: koProduct.like(title) }).click();
      await expect(page.getByRole("button", { name: koProduct.unlike(title) })).toHaveAttribute("aria-pressed", "true");
      // That page's scripts start on its first use, and find it liked.
      await shop.start();
      await expect(page.getByRole("button", { name: koProduct.unlike(title) })).toHaveAttribute("aria-pressed", "true");

      await page.unrouteAll({ behavior: "ignoreErrors" });
      await page.goto(shopUrl("beauty", "/myshop/favorite"));
      // Liked once: a second post would have taken it back.
      await expect(page.getByRole("list", { name: koAccount.favouritesTitle }).getByRole("heading")).toHaveText([
        title,
      ]);
    });

    for (const path of ["/", "/shop/list?category=0"]) {
      test(`a search typed first on ${path} is the one searched`, async ({ page }) => {
        const shop = await beforeScripts(page, shopUrl("beauty", path), { slow });
        // The search box is in the menu, which opens without scripts.
        await page.getByTitle(koHeader.openMenu).click();
        const box = page.getByRole("searchbox", { name: koSearch.label });
        await box.fill("세럼");
        await shop.start();
        await expect(box).toHaveValue("세럼");
        await box.press("Enter");
        await expect(page).toHaveURL(shopUrl("beauty", `/shop/search?q=${encodeURIComponent("세럼")}`));
        await expect(page.getByRole("heading", { name: "히알루론산 7겹 세럼 50ml" })).toBeVisible();
      });
    }

    test("a quantity typed in the cart first stays, is summed and is what is ordered", async ({ page }) => {
      await addToCart(page, shopUrl("beauty", "/shop/view/b0014"), true);
      const shop = await beforeScripts(page, shopUrl("beauty", "/user/checkout"), { slow });
      const row = page.getByTestId("cart-row");
      const qty = row.getByRole("textbox", { name: koCart.quantity });
      await qty.fill("3");
      await shop.start();
      await expect(qty).toHaveValue("3");
      // The line's sum follows the 3 typed (its unit price × 3개).
      await expect(row.getByTestId("line-price")).toContainText("× 3개");
      await page.getByRole("button", { name: koCart.order, exact: true }).click();
      await expect(page).toHaveURL(/\/user\/order\?id=\d{12}/);
      await hydrated(page);
      await expect(page.getByTestId("line-price").first()).toContainText("× 3개");
    });

    test("an order sheet typed into as soon as it shows keeps every character, and its sums follow", async ({
      page,
    }, testInfo) => {
      await signUp(page, "beauty", {
        email: `e2e-first-${slow ? "slow" : "fast"}-${testInfo.retry}-${Date.now()}@example.test`,
        name: "첫 입력",
      });
      await joinBeauty(page);
      await sheetOfOne(page, true);
      const sheetUrl = page.url();

      const shop = await beforeScripts(page, sheetUrl, { slow });
      const sheet = page.getByRole("form", { name: koOrder.sheetTitle });
      const name = sheet.getByLabel(koAuth.name);
      await name.fill("");
      await name.pressSequentially("김첫입력");
      await sheet.getByLabel(koOrder.points.used).pressSequentially("1000");
      // The scripts start while the shopper goes on typing.
      const started = shop.start();
      const postcode = sheet.getByLabel(koOrder.postcode);
      await postcode.pressSequentially("06236");
      await started;
      await expect(name).toHaveValue("김첫입력");
      await expect(postcode).toHaveValue("06236");
      await expect(sheet.getByLabel(koOrder.points.used)).toHaveValue("1000");
      // The sheet's sums started from them: 24,000 less the 1,000 points typed.
      await expect(page.getByTestId("order-due")).toHaveText("23,000원");
      await sheet.getByRole("region", { name: koOrder.orderer }).getByLabel(koOrder.phone).fill("010-5000-6000");
      await sheet.getByLabel(koOrder.receiver).fill("김첫입력");
      await sheet.getByRole("region", { name: koOrder.delivery }).getByLabel(koOrder.phone).fill("010-5000-6000");
      await sheet.getByLabel(koOrder.address, { exact: true }).fill("서울특별시 강남구 테헤란로 1");
      await agreeAll(sheet);
      await sheet.getByRole("button", { name: /결제하기/ }).click();
      await expect(page).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
      await expect(page.getByTestId("bank-info")).toContainText("23,000원");
    });

    test("a table's dish customised first (option, extra, quantity) stays and is priced and added as chosen", async ({
      page,
    }) => {
      // A table of its own for each profile: the table's cart is shared by whoever sits there.
      await page.goto(shopUrl("bistro", `/smartorder/${BISTRO_TABLES[slow ? 1 : 0]}`));
      await expect(page).toHaveURL(shopUrl("bistro", "/smartorder/start"));
      const dish = await page.getByRole("link", { name: "김치찌개 선택" }).getAttribute("href");
      const shop = await beforeScripts(page, shopUrl("bistro", dish!), { slow });
      await page.getByRole("radio", { name: "매운맛" }).check();
      await page.getByRole("checkbox", { name: "치즈" }).check();
      await page.getByRole("combobox", { name: koCart.quantity }).selectOption("2");
      expect(await scriptsRan(page)).toBe(false);

      await shop.start();
      await expect(page.getByRole("radio", { name: "매운맛" })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: "치즈" })).toBeChecked();
      await expect(page.getByRole("combobox", { name: koCart.quantity })).toHaveValue("2");
      // The page's own figure started from them: 2 × (9,000원 + 매운맛 + 치즈).
      await expect(page.getByTestId("add-to-table")).toHaveText("20,000원 담기");
      await page.getByRole("checkbox", { name: "치즈" }).uncheck();
      await page.getByRole("checkbox", { name: "치즈" }).check();
      await expect(page.getByTestId("add-to-table")).toHaveText("20,000원 담기");
      await page.getByTestId("add-to-table").click();
      await expect(page.getByRole("status")).toHaveText("장바구니에 담았습니다 · 김치찌개");
      await page.goto(shopUrl("bistro", "/smartorder/order_check"));
      await expect(page.getByTestId("table-line")).toHaveCount(1);
      await expect(page.getByTestId("table-line")).toContainText("매운맛 · 치즈");
      await expect(page.getByTestId("table-line")).toContainText("20,000원");
    });
  });
}
