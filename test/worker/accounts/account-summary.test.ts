import { describe, expect, it } from "vitest";
import { BEAUTY, PICKS } from "../helpers/request";
import { BEAUTY_OWNER, joinNew, login } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";
import { koDrawer } from "~/shared/messages/shop/drawer";

/** Issue 10, points 1 and 6: the account summary (get/my/summary), the drawer's my menu and /myshop. */

type Summary = {
  member: { name: string; profile: string | null } | null;
  membership: { joined: boolean; point: number } | null;
  orders: Record<string, number>;
  cart: number;
  message: number;
};

const summaryOf = async (browser: Shopper) => {
  const res = await browser.fetch("/api/myshp/get/my/summary");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  return (await res.json()) as Summary;
};

async function memberBrowser(host: string, name: string) {
  const account = await joinNew(host, name);
  return { ...account, browser: Shopper.signedIn(host, account.cookie) };
}

async function bankOrder(shopper: Shopper) {
  await shopper.add([{ pid2: 13, pid3: 1300 }]);
  const id = (await shopper.order([{ pid2: 13, pid3: 1300, qty: 1 }])).data.order_id;
  expect((await shopper.pay(id)).status).toBe(200);
  return id;
}

const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, "");

describe("the account summary", () => {
  it("counts a member's orders, cart and membership on this shop, and nobody else's", async () => {
    const { browser } = await memberBrowser(BEAUTY, "요약 회원");
    const empty = await summaryOf(browser);
    expect(empty).toMatchObject({ member: { name: "요약 회원" }, membership: { joined: false, point: 0 }, cart: 0 });
    expect(empty.orders.all).toBe(0);

    expect((await browser.api("/api/myshp/join?shopid=1", { agree: true })).status).toBe(200);
    await bankOrder(browser);
    await bankOrder(browser).then((second) =>
      browser.api("/api/myshp/my/order/action", { id: second, action: "cancel" }),
    );
    await browser.add([
      { pid2: 14, pid3: 1400 },
      { pid2: 13, pid3: 1300 },
    ]);
    const summary = await summaryOf(browser);
    // beauty's sign-up bonus is 2,000 points.
    expect(summary.membership).toEqual({ joined: true, point: 2000 });
    expect(summary.orders).toMatchObject({ all: 2, payment: 1, refund: 1, delivery: 0 });
    expect(summary.cart).toBe(2);
    expect(summary.message).toBe(0);

    // The drawer (every shop page) and the summary page say the same, without scripts.
    const home = await text(await browser.fetch("/"));
    expect(home).toMatch(/data-testid="my-menu"/);
    expect(home).toMatch(/href="\/myshop\/order"[^>]*>입금대기<span[^>]*data-testid="menu-count">1</);
    expect(home).toMatch(/href="\/user\/checkout"[^>]*>장바구니<span[^>]*data-testid="menu-count">2</);
    expect(home).toMatch(/data-testid="subscription-box"[\s\S]*?href="\/shop\/member_point"[\s\S]*?적립금 2,000P/);
    const page = await text(await browser.fetch("/myshop"));
    expect(page).toMatch(/data-testid="summary-payment"[^>]*><strong[^>]*>1<\/strong>/);
    expect(page).toMatch(/data-testid="summary-refund"[^>]*><strong[^>]*>1<\/strong>/);
    expect(page).toMatch(/data-testid="summary-cart">2 /);
    expect(page).toContain("적립금 2,000P");
    // On a phone the my menu is in the drawer; from 900 px it also stands beside the page.
    expect(page).toContain('data-testid="side-menu"');

    // The same session cookies on another shop's host are nobody there.
    const elsewhere = new Shopper(PICKS);
    for (const [k, v] of browser.cookies) elsewhere.cookies.set(k, v);
    const there = await summaryOf(elsewhere);
    expect(there.member).toBeNull();
    expect(there.orders.all).toBe(0);
    expect(there.cart).toBe(0);
  });

  it("counts a guest's device, and nothing without one", async () => {
    const guest = new Shopper(BEAUTY);
    guest.ip = "198.51.100.93";
    await bankOrder(guest);
    const summary = await summaryOf(guest);
    expect(summary.member).toBeNull();
    expect(summary.membership).toBeNull();
    expect(summary.orders.payment).toBe(1);
    expect(summary.cart).toBe(0);
    const home = await text(await guest.fetch("/"));
    expect(home).toMatch(
      new RegExp(
        `href="/myshop/order\\?uuid_value=${guest.device}"[^>]*>입금대기<span[^>]*data-testid="menu-count">1<`,
      ),
    );
    // No 마이페이지 or messages for a guest; the subscription box asks to log in.
    expect(home).not.toMatch(/>마이페이지</);
    expect(home).toContain(koDrawer.guestMembership);

    const stranger = new Shopper(BEAUTY);
    expect((await summaryOf(stranger)).orders.all).toBe(0);
    // Another device id sees nothing of this one's.
    const other = new Shopper(BEAUTY);
    await other.add([{ pid2: 14, pid3: 1400 }]);
    expect((await summaryOf(other)).orders.all).toBe(0);
    expect((await summaryOf(other)).cart).toBe(1);
  });

  it("answers an ended session with zeros, and /myshop asks a guest to log in", async () => {
    const browser = new Shopper(BEAUTY);
    browser.cookies.set("sid", "1");
    browser.cookies.set("skey", "not-a-session");
    const summary = await summaryOf(browser);
    expect(summary.member).toBeNull();
    expect(summary.orders.all).toBe(0);
    const res = await new Shopper(BEAUTY).fetch("/myshop");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/user\/login\?url=%2Fmyshop/);
  });

  it("shows a shop owner the way to their own shop (userinfo/myshop)", async () => {
    const here = await text(
      await new Shopper(BEAUTY).fetch("/myshop", { headers: { cookie: await login(BEAUTY, BEAUTY_OWNER) } }),
    );
    expect(here).toMatch(/data-testid="own-shop"[^>]*>[\s\S]*?상점 관리/);
    expect(here).toMatch(/href="\/admin"[^>]*data-testid="own-shop"|data-testid="own-shop"[^>]*href="\/admin"/);
    const elsewhere = await text(
      await new Shopper(PICKS).fetch("/myshop", { headers: { cookie: await login(PICKS, BEAUTY_OWNER) } }),
    );
    expect(elsewhere).toMatch(/href="http:\/\/beauty\.localhost[^"]*"[^>]*data-testid="own-shop"[\s\S]*?뷰티 라운지/);
    const { browser } = await memberBrowser(BEAUTY, "상점 없는 회원");
    expect(await text(await browser.fetch("/myshop"))).not.toContain('data-testid="own-shop"');
  });
});
