import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BEAUTY, PICKS } from "../helpers/request";
import { ADDRESS, Shopper } from "../helpers/shopper";
import { koOrder } from "~/shared/messages/cart";
import { phoneDigits } from "../../../app/shared/phone";

/** Issue 11, point 3 (in part): the sheet's consents and 주문자 정보와 동일, without scripts. */

const { agree_order: _a, agree_third_party: _b, receiver_name: _c, receiver_phone: _d, ...fields } = ADDRESS;

async function sheet(host: string, line: { pid2: number; pid3: number }) {
  const shopper = new Shopper(host);
  shopper.ip = "198.51.100.99";
  await shopper.add([line]);
  const id = (await shopper.order([{ ...line, qty: 1 }])).data.order_id;
  return { shopper, id };
}

describe("the order sheet's consents", () => {
  it("asks for 주문 내용 확인 및 결제 동의, and takes the orderer as the receiver when asked", async () => {
    const { shopper, id } = await sheet(BEAUTY, { pid2: 13, pid3: 1300 });
    const html = await (await shopper.fetch(`/user/order?id=${id}`)).text();
    expect(html).toContain(koOrder.agreeOrder);
    expect(html).not.toContain("개인정보 제3자 제공");
    const refused = await shopper.form(`/user/order?id=${id}`, {
      pay_method: "bank",
      ...fields,
      same_as_orderer: "on",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(koOrder.agreeOrderError);
    const paid = await shopper.form(`/user/order?id=${id}`, {
      pay_method: "bank",
      ...fields,
      same_as_orderer: "on",
      agree_order: "on",
    });
    expect(paid.status).toBe(303);
    const row = await env.DB.prepare("SELECT receiver_name, receiver_phone FROM orders WHERE id = ?")
      .bind(id)
      .first<{ receiver_name: string; receiver_phone: string }>();
    expect(row).toEqual({ receiver_name: ADDRESS.orderer_name, receiver_phone: phoneDigits(ADDRESS.orderer_phone) });
    expect(await agreedAt(id)).toEqual({ order: expect.any(Number), thirdParty: null });
  });

  it("asks for 개인정보 제3자 제공 when another shop ships part of the order", async () => {
    // picks sells beauty's toner (a pick): beauty ships it and gets the address.
    const { shopper, id } = await sheet(PICKS, { pid2: 201, pid3: 100 });
    const html = (await (await shopper.fetch(`/user/order?id=${id}`)).text()).replace(/<!-- -->/g, "");
    expect(html).toContain(koOrder.agreeThirdParty);
    expect(html).toContain("제공받는 자: 뷰티 라운지");
    const refused = await shopper.form(`/user/order?id=${id}`, { pay_method: "bank", ...fields, agree_order: "on" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("배송 정보를 제공하는 데 동의해 주세요");
    const paid = await shopper.form(`/user/order?id=${id}`, { pay_method: "bank", ...ADDRESS });
    expect(paid.status).toBe(303);
    const agreed = await agreedAt(id);
    expect(agreed.thirdParty).toBe(agreed.order);
    expect(agreed.order).toBeGreaterThan(Date.now() - 60_000);
  });

  it("is the API's rule too: no payment without the consents, whoever calls", async () => {
    const own = await sheet(BEAUTY, { pid2: 13, pid3: 1300 });
    const noOrder = await own.shopper.pay(own.id, { agree_order: "" });
    expect(noOrder.status).toBe(400);
    expect(noOrder.data.error).toMatchObject({
      message: koOrder.agreeOrderError,
      field: "agree_order",
    });

    const pick = await sheet(PICKS, { pid2: 201, pid3: 100 });
    const noThird = await pick.shopper.pay(pick.id, { agree_third_party: "" });
    expect(noThird.status).toBe(400);
    expect(noThird.data.error).toMatchObject({ field: "agree_third_party" });
    // Nothing was taken: the order still waits for its payment.
    expect(await agreedAt(pick.id)).toEqual({ order: null, thirdParty: null });
    const status = await env.DB.prepare("SELECT pay_method, stock_taken FROM orders WHERE id = ?")
      .bind(pick.id)
      .first();
    expect(status).toEqual({ pay_method: null, stock_taken: 0 });
    expect((await pick.shopper.pay(pick.id)).status).toBe(200);
  });
});

async function agreedAt(id: number) {
  const row = await env.DB.prepare("SELECT order_agreed_at, third_party_agreed_at FROM orders WHERE id = ?")
    .bind(id)
    .first<{ order_agreed_at: number | null; third_party_agreed_at: number | null }>();
  return { order: row?.order_agreed_at ?? null, thirdParty: row?.third_party_agreed_at ?? null };
}
