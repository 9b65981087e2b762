import { addToCart, consentAnswered, customUrl, expect, jsOff, like, shopUrl, test } from "./fixtures";
import { koAccount } from "../../app/shared/messages/account";

/**
 * Issue 37 item 4 (decision 116): a guest following the header's logo from studio's sub-domain to
 * its custom domain keeps the device, so the cart, favourites and recently viewed come along.
 */
test("a guest's cart, favourites and recently viewed follow the logo to the custom domain", async ({
  page,
  context,
}, testInfo) => {
  const js = !jsOff(testInfo);
  await consentAnswered(context, "studio");
  await context.addCookies([{ name: "mkt_consent", value: "denied", url: customUrl() }]);

  await addToCart(page, shopUrl("studio", "/shop/view/s0001"), js, { option: "화이트" });
  const mug = (await page.getByRole("heading", { level: 1 }).textContent())!;
  await page.goto(shopUrl("studio", "/shop/view/s0002"));
  const liked = (await page.getByRole("heading", { level: 1 }).textContent())!;
  await like(page, page.getByTestId("like"), js);
  await expect(page.getByRole("button", { name: `${liked} 찜 해제` })).toHaveAttribute("aria-pressed", "true");

  await page.goto(shopUrl("studio", "/"));
  await expect(page.getByTestId("cart-count").first()).toHaveText("1");
  await page.locator("header").getByRole("link", { name: "모노 스튜디오" }).click();
  await expect(page).toHaveURL(customUrl("/"));
  await expect(page.getByTestId("cart-count").first()).toHaveText("1");
  // No device id, ticket or state was left in the address or in the history's last entry.
  expect(page.url()).toBe(customUrl("/"));

  await page.goto(customUrl("/user/checkout"));
  const rows = page.getByTestId("cart-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(mug);

  await page.goto(customUrl("/myshop/favorite"));
  await expect(page.getByRole("list", { name: koAccount.favouritesTitle }).getByRole("heading")).toHaveText([liked]);

  await page.goto(customUrl("/myshop/recent"));
  await expect(page.getByRole("list", { name: koAccount.recentTitle }).getByRole("heading").first()).toHaveText(liked);
  await expect(page.getByRole("list", { name: koAccount.recentTitle }).getByRole("heading")).toContainText([mug]);
});
