import { expect, hydrated, jsOff, like, shopUrl, test } from "./fixtures";
import { koAccount } from "../../app/shared/messages/account";
import { koHeader } from "../../app/shared/messages/shop/header";

/** Issue 10, points 4 and 5: ♡ and recently viewed, found from the drawer, with JavaScript on and off. */

test("like a product from its page and from a card, find both in 찜한 상품, remove one", async ({ page }, testInfo) => {
  const js = !jsOff(testInfo);
  await page.goto(shopUrl("beauty", "/shop/view/b0003"));
  if (js) await hydrated(page);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!;
  await like(page, page.getByTestId("like"), js);
  await expect(page.getByRole("button", { name: `${title} 찜 해제` })).toHaveAttribute("aria-pressed", "true");
  // Back where it was, liked (the page came back after the post without scripts).
  await expect(page).toHaveURL(shopUrl("beauty", "/shop/view/b0003"));

  await page.goto(shopUrl("beauty", "/shop/list?category=0"));
  if (js) await hydrated(page);
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: /찜하기$/ }) })
    .first();
  const cardTitle = (await card.getByRole("heading").textContent())!;
  await like(page, card.getByRole("button", { name: `${cardTitle} 찜하기` }), js);
  await expect(page.getByRole("button", { name: `${cardTitle} 찜 해제` })).toHaveAttribute("aria-pressed", "true");

  await page.getByTitle(koHeader.openMenu).click();
  const liked = page.getByTestId("my-menu").getByRole("link", { name: /^찜한 상품/ });
  await expect(liked.getByTestId("menu-count")).toHaveText("2");
  await liked.click();
  await expect(page).toHaveURL(/\/myshop\/favorite/);
  const grid = page.getByRole("list", { name: koAccount.favouritesTitle });
  await expect(grid.getByRole("heading")).toHaveText([cardTitle, title]);
  if (js) await hydrated(page);
  await grid.getByRole("button", { name: `${cardTitle} 찜 해제` }).click();
  // Gone from the list (scripts reload the list after the post; without them the post comes back here).
  await expect(page.getByRole("list", { name: koAccount.favouritesTitle }).getByRole("heading")).toHaveText([title]);
  await page.reload();
  await expect(page.getByRole("list", { name: koAccount.favouritesTitle }).getByRole("heading")).toHaveText([title]);
});

test("three products viewed are in 최근 본 상품, newest first; clear empties it", async ({ page }, testInfo) => {
  const js = !jsOff(testInfo);
  const titles: string[] = [];
  for (const sid of ["b0004", "b0005", "b0006"]) {
    await page.goto(shopUrl("beauty", `/shop/view/${sid}`));
    titles.unshift((await page.getByRole("heading", { level: 1 }).textContent())!);
  }
  await page.goto(shopUrl("beauty", "/"));
  if (js) await hydrated(page);
  await page.getByTitle(koHeader.openMenu).click();
  await page
    .getByTestId("my-menu")
    .getByRole("link", { name: /^최근 본 상품/ })
    .click();
  await expect(page).toHaveURL(/\/myshop\/recent/);
  const grid = page.getByRole("list", { name: koAccount.recentTitle });
  await expect(grid.getByRole("heading")).toHaveText(titles);
  await grid.getByRole("button", { name: `${titles[1]} 삭제` }).click();
  await expect(grid.getByRole("heading")).toHaveText([titles[0]!, titles[2]!]);
  await page.getByRole("button", { name: koAccount.clear }).click();
  await expect(page.getByText(koAccount.recentEmpty)).toBeVisible();
});
