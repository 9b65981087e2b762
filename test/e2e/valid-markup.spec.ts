import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { BISTRO_TABLES } from "../../functions/seed/demo";
import { koCart, koOrder } from "../../app/shared/messages/cart";
import { koReviews } from "../../app/shared/messages/reviews";
import { addToCart, expect, jsOff, shopUrl, test } from "./fixtures";
import { photo } from "./console-helpers";
import { act, fillLogin, payBySheet, shipAndDeliver } from "./order-helpers";

/**
 * Issue 51, item 5: every page kind is valid HTML as the Worker serves it, by the W3C's Nu Html
 * Checker (vnu, the npm package `vnu-jar`, run by `java`; `.ci/run` installs Debian's Java when a
 * machine lacks it). The documents are fetched whole, as a browser receives them (streamed data
 * included), by the page's own cookies: a guest's, a member's and the shop owners'. One checker
 * run for all of them (Java starts once).
 *
 * The HTML is the same with scripts on or off, so the run without scripts checks it (its forms
 * post without scripts: the simplest way through the cart, the order sheet and a table's order).
 */

const jar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
const java = process.env.JAVA || "java";

type Served = { name: string; html: string };

/**
 * Each document as the browser receives it (Chromium resolves the shops' `*.localhost` names; Node
 * does not), with `context`'s cookies; a page that should be there answers 200.
 */
async function fetchAll(context: BrowserContext, pages: [name: string, url: string, status?: number][]) {
  const served: Served[] = [];
  const reader = await context.newPage();
  for (const [name, url, status = 200] of pages) {
    const res = await reader.goto(url);
    expect(res?.status(), `${name} (${url})`).toBe(status);
    expect(res?.headers()["content-type"], name).toMatch(/^text\/html/);
    served.push({ name, html: await res!.text() });
  }
  await reader.close();
  return served;
}

/** The Nu checker's errors over all `pages`, one line each: `page:line: message`. */
function validate(pages: Served[], dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const files = pages.map((p, i) => {
    const file = join(dir, `${String(i).padStart(2, "0")}-${p.name.replace(/[^a-z0-9]+/gi, "-")}.html`);
    writeFileSync(file, p.html);
    return file;
  });
  const run = spawnSync(java, ["-jar", jar, "--format", "json", "--stdout", "--exit-zero-always", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error || run.status !== 0) {
    const why = run.error?.message ?? run.stderr;
    throw new Error(
      `The HTML checker did not run (${java} -jar vnu.jar: ${why}). It needs Java 11 or later: apt-get install default-jre-headless`,
    );
  }
  const { messages } = JSON.parse(run.stdout) as {
    messages: { type: string; subType?: string; url?: string; lastLine?: number; message: string }[];
  };
  return messages
    .filter((m) => m.type === "error" || m.type === "non-document-error")
    .map((m) => {
      const i = files.findIndex((f) => m.url?.endsWith(f));
      return `${pages[i]?.name ?? m.url}:${m.lastLine ?? "?"}: ${m.message}`;
    });
}

async function signedIn(browser: Browser, dom: string, email: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(shopUrl(dom, "/user/login"));
  await fillLogin(page, email, "demo1234!");
  await expect(page).not.toHaveURL(/\/user\/login/);
  return page;
}

test("every page kind is valid HTML (W3C Nu Html Checker)", async ({ browser }, testInfo) => {
  test.skip(!jsOff(testInfo), "the served HTML does not depend on the browser's scripts: checked once");
  test.setTimeout(240_000);
  const beauty = (path: string) => shopUrl("beauty", path);
  const pages: Served[] = [];

  // A guest: the browsing pages (kept at the edge), the forms, the texts, the other shops' homes.
  const guest = await browser.newContext({ javaScriptEnabled: false });
  pages.push(
    ...(await fetchAll(guest, [
      ["home", beauty("/")],
      ["list", beauty("/shop/list?category=0")],
      ["product", beauty("/shop/view/b0017")],
      ["product with options", beauty("/shop/view/b0005")],
      ["missing product", beauty("/shop/view/no-such-product"), 404],
      ["search", beauty(`/shop/search?q=${encodeURIComponent("수분크림")}`)],
      ["notices", beauty("/shop/notice-list")],
      ["login", beauty("/user/login")],
      ["join", beauty("/user/join")],
      ["empty cart", beauty("/user/checkout")],
      ["reviews", beauty("/shop/reviews?pid=b0014")],
      ["questions", beauty("/shop/qna?pid=b0014")],
      ["terms", beauty("/link?type=terms")],
      ["order lookup", beauty("/user/order_lookup")],
      ["password reset", beauty("/user/forget")],
      ["bistro home", shopUrl("bistro", "/")],
      ["studio home", shopUrl("studio", "/")],
    ])),
  );

  // A guest's cart, its order sheet, and the order placed by bank transfer.
  const shopper = await guest.newPage();
  await addToCart(shopper, beauty("/shop/view/b0014"), false);
  pages.push(...(await fetchAll(guest, [["cart", beauty("/user/checkout")]])));
  await shopper.goto(beauty("/user/checkout"));
  await shopper.getByRole("button", { name: koCart.order, exact: true }).click();
  await expect(shopper).toHaveURL(/\/user\/order\?id=\d{12}/);
  pages.push(...(await fetchAll(guest, [["order sheet (guest)", shopper.url()]])));
  await payBySheet(shopper);
  await expect(shopper).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
  const orderId = new URL(shopper.url()).searchParams.get("id")!;
  pages.push(...(await fetchAll(guest, [["order complete", shopper.url()]])));

  // A diner at a restaurant's table: its menu, a dish, the table's cart, the order placed.
  const diner = await guest.newPage();
  await diner.goto(shopUrl("bistro", `/smartorder/${BISTRO_TABLES[3]}`));
  await expect(diner).toHaveURL(shopUrl("bistro", "/smartorder/start"));
  pages.push(...(await fetchAll(guest, [["table menu", diner.url()]])));
  await diner.getByRole("link", { name: "김치찌개 선택" }).click();
  pages.push(...(await fetchAll(guest, [["table dish", diner.url()]])));
  await diner.goto(shopUrl("bistro", "/smartorder/start"));
  await diner.getByRole("button", { name: "콜라 담기" }).click();
  await expect(diner.getByRole("status")).toHaveText("장바구니에 담았습니다 · 콜라");
  pages.push(...(await fetchAll(guest, [["table cart", shopUrl("bistro", "/smartorder/order_check")]])));
  await diner.goto(shopUrl("bistro", "/smartorder/order_check"));
  await diner.getByTestId("place-table-order").click();
  await expect(diner).toHaveURL(/\/smartorder\/order_complete\?id=\d+/);
  pages.push(...(await fetchAll(guest, [["table order", diner.url()]])));
  await guest.close();

  // A member: the account pages and a cart's order sheet.
  const member = await signedIn(browser, "beauty", "shopper@example.test");
  await addToCart(member, beauty("/shop/view/b0014"), false);
  await member.goto(beauty("/user/checkout"));
  await member.getByRole("button", { name: koCart.order, exact: true }).click();
  await expect(member).toHaveURL(/\/user\/order\?id=\d{12}/);
  const sheet = member.url();
  pages.push(
    ...(await fetchAll(member.context(), [
      ["order sheet (member)", sheet],
      ["my shop", beauty("/myshop")],
      ["my info", beauty("/user/info")],
      ["my orders", beauty("/myshop/order")],
      ["my favourites", beauty("/myshop/favorite")],
      ["my recent", beauty("/myshop/recent")],
      ["membership", beauty("/shop/member_point")],
      ["messages", beauty("/message")],
      ["new message", beauty("/message/new")],
      ["all my orders", beauty("/myshop/order_all")],
    ])),
  );
  // The member's order placed from that sheet; the owner sends it and it arrives.
  await member.goto(sheet);
  await payBySheet(member);
  await expect(member).toHaveURL(/\/user\/order_complete\?id=\d{12}/);
  const memberOrder = new URL(member.url()).searchParams.get("id")!;
  const owner = await signedIn(browser, "beauty", "owner@beauty.example.test");
  await owner.goto(beauty(`/admin/order?id=${memberOrder}`));
  await shipAndDeliver(owner, "123456789012");

  // The member confirms it and writes a review with a photo: the order, the review's form and the
  // review written, then the product's reviews as a guest sees them.
  await member.goto(beauty(`/myshop/order_view?id=${memberOrder}`));
  await act(member, "구매확정", { confirm: true });
  await expect(member.getByTestId("order-status")).toHaveText(koOrder.status.DONE);
  pages.push(...(await fetchAll(member.context(), [["my order", member.url()]])));
  await member.getByTestId("review-invite").first().click();
  await expect(member).toHaveURL(/\/myshop\/review\?order=\d{12}&line=/);
  const review = member.url();
  pages.push(...(await fetchAll(member.context(), [["review form", review]])));
  const form = member.getByRole("form", { name: koReviews.title });
  await form.getByRole("radio", { name: koReviews.stars(4) }).check();
  await form.getByLabel(koReviews.body).fill("촉촉하고 향이 좋아요. 매일 바르고 있어요.");
  await form
    .getByLabel(koReviews.photos)
    .setInputFiles({ name: "review.jpg", mimeType: "image/jpeg", buffer: photo(160, 120) });
  await form.getByRole("button", { name: koReviews.submit }).click();
  await expect(member.getByRole("heading", { name: koReviews.editTitle })).toBeVisible();
  pages.push(...(await fetchAll(member.context(), [["review written", review]])));
  await member.context().close();
  const reader = await browser.newContext({ javaScriptEnabled: false });
  pages.push(
    ...(await fetchAll(reader, [
      ["product with a review", beauty("/shop/view/b0014")],
      ["reviews with one", beauty("/shop/reviews?pid=b0014")],
      ["reviews with a photo", beauty("/shop/reviews?pid=b0014&sort=new&photo=1&star=4")],
    ])),
  );
  await reader.close();

  // The owners' console (the member's review among the reviews).
  pages.push(
    ...(await fetchAll(
      owner.context(),
      [
        "",
        "/products",
        "/product",
        `/order?id=${orderId}`,
        `/order?id=${memberOrder}`,
        "/categories",
        "/messages",
        "/questions",
        "/stock",
        "/notices",
        "/points",
        "/reviews",
        "/marketing",
        "/settings",
        "/notify",
        "/payments",
        "/reconcile",
        "/domain",
        "/product?id=1",
        "/photos?id=1",
        "/tracking-upload",
      ].map((path): [string, string] => [`console ${path || "/"}`, beauty(`/admin${path}`)]),
    )),
  );
  await owner.context().close();
  const restaurant = await signedIn(browser, "bistro", "owner@bistro.example.test");
  pages.push(
    ...(await fetchAll(restaurant.context(), [
      ["console /kitchen", shopUrl("bistro", "/admin/kitchen")],
      ["console /tables", shopUrl("bistro", "/admin/tables")],
      ["console /tables/print", shopUrl("bistro", "/admin/tables/print")],
    ])),
  );
  await restaurant.context().close();

  expect(validate(pages, testInfo.outputPath("served")), "validator errors").toEqual([]);
});
