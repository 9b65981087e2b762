import type { Browser, Page } from "@playwright/test";
import { expect, holdTimers, hydrated, jsOff, shopUrl, signUp, test } from "./fixtures";
import { fillLogin } from "./order-helpers";
import { koChat } from "../../app/shared/messages/chat";
import { koCommon } from "../../app/shared/messages/shop/common";
import { koHeader } from "../../app/shared/messages/shop/header";
import { koProduct } from "../../app/shared/messages/shop/product";

/** Issue 12 (in part): asking the shop and its owner answering, by form posts (JavaScript on and off). */

const unique = (tag: string) => `e2e-msg-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

async function ownerPage(browser: Browser, js: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  await page.goto(shopUrl("beauty", "/user/login?url=%2Fadmin%2Fmessages"));
  await fillLogin(page, "owner@beauty.example.test", "demo1234!");
  await expect(page).toHaveURL(shopUrl("beauty", "/admin/messages"));
  return page;
}

/** A new member asks the shop `text` from /message/new; answers the thread's id, its page open. */
async function askShop(page: Page, email: string, name: string, text: string): Promise<string> {
  await signUp(page, "beauty", { email, name });
  await page.goto(shopUrl("beauty", "/message/new"));
  await page.getByRole("textbox").fill(text);
  await page.getByRole("button", { name: koChat.send }).click();
  await expect(page).toHaveURL(/\/message\/view\?id=\d+/);
  return new URL(page.url()).searchParams.get("id")!;
}

/** The owner's thread `ticket` in /admin, its event socket open, as the member's page is. */
async function ownerOnThread(browser: Browser, page: Page, ticket: string): Promise<Page> {
  await expect(page.locator("html")).toHaveAttribute("data-live", "on");
  const owner = await ownerPage(browser, true);
  await owner.goto(shopUrl("beauty", `/admin/message?id=${ticket}`));
  await expect(owner.locator("html")).toHaveAttribute("data-live", "on");
  return owner;
}

test.describe("messages", () => {
  // A refused message answers 400; the browser logs the status.
  test.use({ expectedConsoleErrors: [/status of 400 /] });

  test("a member asks about a product; the owner answers from /admin; the badge goes up and down", async ({
    page,
    browser,
  }, testInfo) => {
    const js = !jsOff(testInfo);
    await signUp(page, "beauty", { email: unique(testInfo.project.name), name: "문의 회원", url: "/shop/view/b0011" });
    await page.getByRole("link", { name: koProduct.askProduct }).click();
    await expect(page).toHaveURL(/\/message\/new\?pid=b0011/);
    const box = page.getByRole("textbox", { name: /궁금한 점을 적어 주세요/ });
    await page.getByRole("button", { name: koChat.send }).click();
    await expect(page.getByRole("alert")).toHaveText(koChat.textRequired);
    await box.fill("선물 포장 되나요?");
    await page.getByRole("button", { name: koChat.send }).click();
    await expect(page).toHaveURL(/\/message\/view\?id=\d+/);
    await expect(page.getByTestId("message")).toHaveText(["선물 포장 되나요?"]);
    // The shopper browses on while the owner answers.
    await page.goto(shopUrl("beauty", "/"));
    await expect(page.getByTestId("unread-count")).toHaveCount(0);

    const owner = await ownerPage(browser, js);
    await expect(owner.getByTestId("inbox-unread")).toHaveText(/\d+/);
    await owner.getByTestId("ticket").filter({ hasText: "문의 회원" }).first().click();
    await expect(owner.getByTestId("message")).toHaveText(["선물 포장 되나요?"]);
    await owner.getByRole("textbox", { name: /답장을 입력해 주세요/ }).fill("네, 무료로 포장해 드려요.");
    await owner.getByRole("button", { name: koChat.send }).click();
    await expect(owner.getByTestId("message")).toHaveText(["선물 포장 되나요?", "네, 무료로 포장해 드려요."]);
    await owner.context().close();

    // With scripts the badge goes up on the open page; without, on the next one.
    if (!js) await page.goto(shopUrl("beauty", "/"));
    await expect(page.getByTestId("unread-count")).toHaveText("1");
    await page.getByTestId("message-button").click();
    await expect(page).toHaveURL(shopUrl("beauty", "/message"));
    await expect(page.getByTestId("ticket-unread")).toHaveText("1");
    await page.getByTestId("ticket").first().click();
    await expect(page.getByTestId("message")).toHaveText(["선물 포장 되나요?", "네, 무료로 포장해 드려요."]);
    await page.goto(shopUrl("beauty", "/"));
    await expect(page.getByTestId("unread-count")).toHaveCount(0);
  });
});

test.describe("live", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "live updates need scripts");

  test("a shopper and the owner exchange messages live", async ({ page, browser }, testInfo) => {
    const ticket = await askShop(page, unique(`live-${testInfo.project.name}`), "실시간 회원", "실시간 문의입니다");
    const owner = await ownerOnThread(browser, page, ticket);
    await owner.getByRole("textbox").fill("바로 답변드려요");
    await owner.getByRole("button", { name: koChat.send }).click();
    // Arrives on the shopper's open page without a reload.
    await expect(page.getByTestId("message")).toHaveText(["실시간 문의입니다", "바로 답변드려요"]);

    await page.getByRole("textbox").fill("감사합니다!");
    await page.getByRole("button", { name: koChat.send }).click();
    await expect(owner.getByTestId("message")).toHaveText(["실시간 문의입니다", "바로 답변드려요", "감사합니다!"]);
    await owner.context().close();
  });
  test("an event that comes while the page's data is reloading waits for that reload instead of cutting it off", async ({
    page,
    browser,
  }) => {
    // The shop's answers as they reach the shopper's page over its event socket.
    let answers = 0;
    page.on("websocket", (socket) =>
      socket.on("framereceived", ({ payload }) => {
        if (typeof payload === "string" && payload.includes('"sender":"shop"')) answers += 1;
      }),
    );
    const ticket = await askShop(page, unique("overlap"), "겹침 회원", "재입고 되나요?");
    const owner = await ownerOnThread(browser, page, ticket);

    // The shopper's next data reload is held, as on a slow network; the page cutting it off
    // shows as a failed request while it is held.
    let reloads = 0;
    let holding = true;
    const cut: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) reloads += 1;
    });
    page.on("requestfailed", (request) => {
      if (holding && new URL(request.url()).pathname.endsWith(".data")) cut.push(request.url());
    });
    let held!: () => void;
    const seen = new Promise<void>((resolve) => (held = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.data(\?|$)/, async (route) => {
      if (holding) {
        held();
        await released;
      }
      await route.continue().catch(() => {});
    });
    // The page's reload waits 100 ms after an event: the test moves its clock on.
    const clock = await holdTimers(page);

    const reply = owner.getByRole("textbox", { name: /답장을 입력해 주세요/ });
    await reply.fill("다음 주에 들어와요.");
    await owner.getByRole("button", { name: koChat.send }).click();
    await expect.poll(() => answers).toBe(1);
    await page.clock.runFor(150);
    await seen; // the first answer's reload is on its way, and held
    // The owner's form is cleared once its first reply is sent: typed before that, the second
    // reply was cleared with it on a busy machine, and nothing went out.
    await expect(owner.getByTestId("message").last()).toHaveText("다음 주에 들어와요.");
    await expect(reply).toHaveValue("");
    await reply.fill("입고되면 알려 드릴게요.");
    await owner.getByRole("button", { name: koChat.send }).click();
    await expect.poll(() => answers).toBe(2);
    await page.clock.runFor(150); // the second answer's reload is due while the first is held
    await clock.release();

    // The timer ran within runFor; a cut-off request is reported a moment later.
    await page.waitForTimeout(500);
    expect(cut).toEqual([]);
    holding = false;
    release();
    // The held reload goes on; then one more, owed to the second answer, is made.
    await expect.poll(() => reloads).toBe(2);
    await expect(page.getByTestId("message")).toHaveText([
      "재입고 되나요?",
      "다음 주에 들어와요.",
      "입고되면 알려 드릴게요.",
    ]);
    await owner.context().close();
  });
  test("a reply typed before the page's scripts arrive is kept once they do, and goes out", async ({
    page,
    browser,
  }) => {
    const ticket = await askShop(page, unique("early"), "이른 답장 회원", "배송은 언제 되나요?");

    // A slow phone: the owner's thread is drawn, its scripts are still on the way.
    const owner = await ownerPage(browser, true);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await owner.route(/\/build\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await owner.goto(shopUrl("beauty", `/admin/message?id=${ticket}`), { waitUntil: "commit" });
    const reply = owner.getByRole("textbox", { name: /답장을 입력해 주세요/ });
    await reply.fill("내일 보내 드려요.");
    expect(await owner.locator("html[data-hydrated]").count()).toBe(0);
    release();
    await hydrated(owner);
    await expect(reply).toHaveValue("내일 보내 드려요.");
    await owner.getByRole("button", { name: koChat.send }).click();
    await expect(owner.getByTestId("message")).toHaveText(["배송은 언제 되나요?", "내일 보내 드려요."]);
    // Sent: the box is empty for the next one.
    await expect(reply).toHaveValue("");
    await owner.context().close();
  });
});

test.describe("message window", () => {
  test.skip(
    ({ javaScriptEnabled }) => javaScriptEnabled === false,
    "the panel needs scripts; without, the button is a link",
  );

  test("on a wide screen the message button opens the panel (50 %, 80 % bigger, closes); on a phone it is a page", async ({
    page,
  }, testInfo) => {
    await signUp(page, "beauty", { email: unique(`panel-${testInfo.project.name}`), name: "패널 회원" });
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.getByTestId("message-button").click();
    const panel = page.getByTestId("message-panel");
    await expect(panel).toBeVisible();
    await expect(page).toHaveURL(shopUrl("beauty", "/"));
    await expect(
      page.frameLocator("iframe[title='메시지']").getByRole("heading", { name: koChat.listTitle }),
    ).toBeVisible();
    expect(Math.round((await panel.boundingBox())!.height)).toBe(400);
    await panel.getByRole("button", { name: koHeader.panelFull }).click();
    await expect(panel).toHaveAttribute("data-size", "full");
    expect(Math.round((await panel.boundingBox())!.height)).toBe(640);
    await panel.getByRole("button", { name: koCommon.close }).click();
    await expect(panel).toHaveCount(0);

    await page.setViewportSize({ width: 412, height: 915 });
    await page.getByTestId("message-button").click();
    await expect(page).toHaveURL(shopUrl("beauty", "/message"));
  });

  test("Internet Explorer is told messaging is not supported", async ({ browser }) => {
    const context = await browser.newContext({
      userAgent: "Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko",
      viewport: { width: 1200, height: 800 },
    });
    const page = await context.newPage();
    await page.goto(shopUrl("beauty", "/"));
    await hydrated(page);
    await page.getByTestId("message-button").click();
    await expect(page.getByText("이 브라우저에서는 메시지 기능을 사용할 수 없습니다.")).toBeVisible();
    await expect(page).toHaveURL(shopUrl("beauty", "/"));
    await context.close();
  });
});
