import { describe, expect, it } from "vitest";
import { LIMITS } from "../../../functions/auth/throttle";
import { BEAUTY, PICKS } from "../helpers/request";
import { postForm } from "../helpers/auth";
import { ADDRESS, Shopper } from "../helpers/shopper";
import { koCart, koOrder } from "~/shared/messages/cart";

/** Issue 10, point 7: 비회원 주문조회 by order number and the orderer's phone, from any device. */

async function guestOrder() {
  const guest = new Shopper(BEAUTY);
  guest.ip = "198.51.100.97";
  await guest.add([{ pid2: 13, pid3: 1300 }]);
  const id = (await guest.order([{ pid2: 13, pid3: 1300, qty: 1 }])).data.order_id;
  expect((await guest.pay(id)).status).toBe(200);
  return { guest, id };
}

const lookup = (browser: Shopper, orderId: string | number, phone: string) =>
  browser.form("/user/order_lookup", { order_id: String(orderId), phone });

describe("비회원 주문조회", () => {
  it("opens the order in another browser with the number and the phone, digits only compared", async () => {
    const { id } = await guestOrder();
    const elsewhere = new Shopper(BEAUTY);
    elsewhere.ip = "203.0.113.41";
    expect((await elsewhere.fetch(`/myshop/order_view?id=${id}`)).status).toBe(404);
    const found = await lookup(elsewhere, id, ADDRESS.orderer_phone.replace(/-/g, " "));
    expect(found.status).toBe(302);
    expect(found.headers.get("location")).toBe(`/myshop/order_view?id=${id}`);
    expect(found.headers.getSetCookie().join(";")).toMatch(/olook=[A-Za-z0-9_-]{22}; Path=\/; HttpOnly; SameSite=Lax/);
    const view = await elsewhere.fetch(`/myshop/order_view?id=${id}`);
    expect(view.status).toBe(200);
    expect(await view.text()).toContain(koOrder.waitingDeposit);
    // Its actions work from there too.
    expect((await elsewhere.api("/api/myshp/my/order/action", { id, action: "cancel" })).status).toBe(200);
  });

  it("says the same whichever was wrong, never opens another shop's order, and stops guessing", async () => {
    const { id } = await guestOrder();
    const stranger = new Shopper(BEAUTY);
    stranger.ip = "203.0.113.42";
    const wrongPhone = await lookup(stranger, id, "010-9999-9999");
    const wrongOrder = await lookup(stranger, Number(id) + 1, ADDRESS.orderer_phone);
    for (const res of [wrongPhone, wrongOrder]) {
      expect(res.status).toBe(404);
      expect(await res.text()).toContain("주문번호와 휴대폰 번호를 다시 확인해 주세요");
    }
    const empty = await stranger.form("/user/order_lookup", { order_id: "", phone: "" });
    expect(empty.status).toBe(400);
    // Another shop's host does not know it.
    const picks = new Shopper(PICKS);
    picks.ip = "203.0.113.43";
    expect((await lookup(picks, id, ADDRESS.orderer_phone)).status).toBe(404);
    // Five wrong tries at one order from one address, and it stops answering there (even the right
    // phone), for a while; the buyer at another address still finds it (decision 095).
    const other = new Shopper(BEAUTY);
    other.ip = "203.0.113.70";
    for (let i = 0; i < LIMITS.lookup_pair; i++) await lookup(other, id, `010-0000-000${i}`);
    const blocked = await lookup(other, id, ADDRESS.orderer_phone);
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("15분 뒤에 다시 시도해 주세요");
    const buyer = new Shopper(BEAUTY);
    buyer.ip = "203.0.113.71";
    expect((await lookup(buyer, id, ADDRESS.orderer_phone)).status).toBe(302);
  });

  it("stops answering for an order guessed at from many addresses, past a ceiling ten times higher", async () => {
    const { id } = await guestOrder();
    const tries = await Promise.all(
      Array.from({ length: LIMITS.lookup_order + 3 }, (_, i) => {
        const stranger = new Shopper(BEAUTY);
        stranger.ip = `198.18.1.${i + 10}`;
        return lookup(stranger, id, `010-1111-${String(1000 + i)}`);
      }),
    );
    expect(tries.filter((r) => r.status === 404)).toHaveLength(LIMITS.lookup_order);
    expect(tries.filter((r) => r.status === 429)).toHaveLength(3);
    const buyer = new Shopper(BEAUTY);
    buyer.ip = "198.18.2.1";
    expect((await lookup(buyer, id, ADDRESS.orderer_phone)).status).toBe(429);
  });

  it("is linked from the order-complete page and the guest's drawer", async () => {
    const { guest, id } = await guestOrder();
    const complete = (await (await guest.fetch(`/user/order_complete?id=${id}`)).text()).replace(/<!-- -->/g, "");
    expect(complete).toContain(`href="/user/order_lookup?id=${id}"`);
    expect(complete).toContain(koOrder.orderDetail);
    // The completion repeats where it goes; one shop ships it, so no 별도 배송.
    expect(complete).toMatch(new RegExp(`data-testid="delivery-info"[\\s\\S]*?${ADDRESS.address}`));
    expect(complete).not.toContain(koCart.separateDelivery);
    expect(complete).toMatch(/href="\/user\/order_lookup"[^>]*>비회원 주문조회</);
    const form = await (await guest.fetch(`/user/order_lookup?id=${id}`)).text();
    expect(form).toMatch(new RegExp(`name="order_id"[^>]*value="${id}"`));
    expect((await postForm(BEAUTY, "/user/order_lookup", { order_id: "12", phone: "1" })).status).toBe(404);
  });
});
