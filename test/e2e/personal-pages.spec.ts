import { addToCart, expect, jsOff, like, secondPage, shopUrl, signUp, test } from "./fixtures";
import { koMemberBox } from "../../app/shared/messages/shop/account";
import { koHeader } from "../../app/shared/messages/shop/header";

/**
 * Issue 39, decision 122: a member's product page is the page kept for everybody, filled in at the
 * edge: their name, cart badge and ♥ are right without scripts, and hydrate without a mismatch
 * (the fixture fails the test on any console error).
 */
test("a member's cached product page shows their header, cart badge and heart", async ({ page, browser }, testInfo) => {
  const js = !jsOff(testInfo);
  const product = shopUrl("beauty", "/shop/view/b0021");
  const name = `채움${Date.now() % 100000}`;
  await signUp(page, "beauty", { email: `e2e-personal-${Date.now()}-${js ? "on" : "off"}@example.test`, name });
  await addToCart(page, product, js, { option: "21호 바닐라" });
  await page.goto(product);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!;
  await like(page, page.getByTestId("like"), js);
  await expect(page.getByRole("button", { name: `${title} 찜 해제` })).toHaveAttribute("aria-pressed", "true");

  // A document load of the page as kept (the shared copy), filled in for this member.
  const response = await page.goto(product);
  expect(response!.headers()["server-timing"]).toContain('page;desc="hit"');
  await expect(page.getByTestId("header-cart").getByTestId("cart-count")).toHaveText("1");
  await expect(page.getByRole("button", { name: `${title} 찜 해제` })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("like")).toHaveText("♥");
  await page.getByTitle(koHeader.openMenu).click();
  await expect(page.getByTestId("account-greeting")).toContainText(koMemberBox.greeting(name));
  await expect(page.getByTestId("account-prompt")).toHaveCount(0);
  const liked = page.getByTestId("my-menu").getByRole("link", { name: /^찜한 상품/ });
  await expect(liked.getByTestId("menu-count")).toHaveText("1");

  // Another visitor without cookies gets the same page with nobody's parts.
  const other = await secondPage(browser, js);
  const theirs = await other.page.goto(product);
  expect(theirs!.headers()["server-timing"]).toContain('page;desc="hit"');
  await expect(other.page.getByTestId("header-cart").getByTestId("cart-count")).toHaveCount(0);
  await expect(other.page.getByTestId("like")).toHaveText("♡");
  await expect(other.page.getByText(name)).toHaveCount(0);
  await other.close();
});
