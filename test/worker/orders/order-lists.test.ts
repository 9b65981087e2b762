import { describe, expect, it } from "vitest";
import { BEAUTY, PICKS } from "../helpers/request";
import { CONSENTS, cookieHeader, postJson, setCookies } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";
import { koOrder } from "~/shared/messages/cart";

/** Issue 10, point 2: the buyer's order lists and their counts, isolated, merged at login. */

type Counts = Record<string, number>;
type List = { items: { id: number; status: string; next_action: string | null; item_count: number }[]; pages: number };

async function bankOrder(shopper: Shopper) {
  await shopper.add([{ pid2: 13, pid3: 1300 }]);
  const id = (await shopper.order([{ pid2: 13, pid3: 1300, qty: 1 }])).data.order_id;
  expect((await shopper.pay(id)).status).toBe(200);
  return id;
}

describe("the buyer's order lists", () => {
  it("put each order in the right list with the next thing to do, and count them", async () => {
    const guest = new Shopper(BEAUTY);
    guest.ip = "198.51.100.91";
    const waiting = await bankOrder(guest);
    const cancelled = await bankOrder(guest);
    await guest.api("/api/myshp/my/order/action", { id: cancelled, action: "cancel" });
    // An order sheet nobody paid is no order.
    await guest.add([{ pid2: 14, pid3: 1400 }]);
    await guest.order([{ pid2: 14, pid3: 1400, qty: 1 }]);

    const counts = (await guest.api<Counts>("/api/myshp/get/order/summary")).data;
    expect(counts).toEqual({
      all: 2,
      payment: 1,
      ready: 0,
      delivery: 0,
      confirm: 0,
      refund: 1,
      refundable_cash: 0,
    });
    const payment = (await guest.api<List>("/api/myshp/get/my/orders?list=payment")).data;
    expect(payment.items.map((o) => [o.id, o.next_action])).toEqual([[waiting, "cancel"]]);
    const all = (await guest.api<List>("/api/myshp/get/my/orders")).data;
    expect(all.items.map((o) => o.id)).toEqual([cancelled, waiting]);

    // The page, without scripts.
    const html = (await (await guest.fetch(`/myshop/order?uuid_value=${guest.device}`)).text()).replace(
      /<!-- -->/g,
      "",
    );
    expect(html).toContain(koOrder.waitingDeposit);
    expect(html).toContain(`/myshop/order_view?id=${waiting}`);
    expect(html).toContain("로그인하면 회원 주문으로 옮겨");
    // The drawer's my menu links the lists with their counts, for this device.
    const home = (await (await guest.fetch("/")).text()).replace(/<!-- -->/g, "");
    expect(home).toContain('data-testid="my-menu"');
    expect(home).toMatch(
      new RegExp(
        `href="/myshop/order\\?uuid_value=${guest.device}"[^>]*>입금대기<span[^>]*data-testid="menu-count">1<`,
      ),
    );
    // Past the end, or nonsense: a clean, empty page.
    expect((await guest.fetch(`/myshop/order_all?page=9999&uuid_value=${guest.device}`)).status).toBe(200);
    expect((await guest.fetch(`/myshop/order_all?page=abc&uuid_value=${guest.device}`)).status).toBe(200);

    // Nobody else's: another device, or the same device on another shop.
    const other = new Shopper(BEAUTY);
    await other.add([{ pid2: 14, pid3: 1400 }]);
    expect((await other.api<Counts>("/api/myshp/get/order/summary")).data.all).toBe(0);
    const elsewhere = new Shopper(PICKS);
    elsewhere.cookies.set("uuid_value", guest.device!);
    expect((await elsewhere.api<List>("/api/myshp/get/my/orders")).data.items).toEqual([]);
  });

  it("move a guest's orders to the member at login, in the login's batch", async () => {
    const guest = new Shopper(BEAUTY);
    guest.ip = "198.51.100.92";
    const id = await bankOrder(guest);
    const email = `orders-${crypto.randomUUID()}@example.test`;
    const joined = await postJson(
      BEAUTY,
      "/api/user/join",
      { email, password: "demo1234!", name: "주문 회원", keep: false, ...CONSENTS },
      { cookie: guest.cookie },
    );
    expect(joined.status).toBe(200);
    const member = new Shopper(BEAUTY);
    member.cookies.set("uuid_value", guest.device!);
    for (const [k, v] of setCookies(joined)) member.cookies.set(k, v);
    expect(cookieHeader(setCookies(joined))).toContain("sid=");
    const mine = (await member.api<List>("/api/myshp/get/my/orders")).data;
    expect(mine.items.map((o) => o.id)).toEqual([id]);
    // The account area's summary links each list with its count.
    const summary = (await (await member.fetch("/myshop")).text()).replace(/<!-- -->/g, "");
    expect(summary).toContain('data-testid="order-counts"');
    expect(summary).toMatch(
      /data-testid="summary-payment"[^>]*href="\/myshop\/order"><strong[^>]*>1<\/strong><span>입금대기</,
    );
    // The device alone no longer holds it.
    expect((await guest.api<Counts>("/api/myshp/get/order/summary")).data.all).toBe(0);
  });
});
