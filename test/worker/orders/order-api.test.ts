import { createScheduledController, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../../functions/worker";
import { batchFailure, OrderStore } from "../../../functions/db/orders";
import { deviceOwner } from "../../../functions/db/cart";
import { BEAUTY, PICKS, STUDIO_CUSTOM } from "../helpers/request";
import { ADDRESS, Shopper, setStock, stockOf } from "../helpers/shopper";
import { koCart, koOrder } from "~/shared/messages/cart";

const DAY = 24 * 60 * 60 * 1000;

type OrderView = {
  id: number;
  status: string;
  items_price: number;
  delivery_price: number;
  total_price: number;
  deadline: number;
  groups: {
    uid: number;
    origin_uid: number;
    sub_price: number;
    delivery_fee: number;
    lines: { pid2: number; price: number; qty: number }[];
  }[];
  payment: null | {
    method: string;
    status: string;
    amount: number;
    depositor: string;
    bank_name: string;
    bank_account: string;
    deadline: number;
  };
  methods: { method: string; available: boolean }[];
};

async function orderOf(shopper: Shopper, id: number) {
  return shopper.api<OrderView & { error?: { code: string } }>(`/api/myshp/get/my/order?id=${id}`);
}

const PAYMENT = {
  ...ADDRESS,
  detail: ADDRESS.detail,
  depositor: "김하나",
  email: null,
  points: 0,
  uid: null,
  bank: { name: "우리은행", account: "1002-345-678901", holder: "뷰티 라운지" },
  deadline: Date.now() + 3 * DAY,
  ip: null,
  thirdPartyAgreed: false,
};

async function runCron(at: number) {
  await worker.scheduled(createScheduledController({ scheduledTime: at, cron: "*/5 * * * *" }), env);
}

describe("make/my/order/v4", () => {
  it("recomputes prices and fees from D1; the sheet leaves stock and cart alone, paying takes both", async () => {
    const shopper = new Shopper(PICKS);
    shopper.cookies.set("_fbp", "fb.1.1.fbp");
    await shopper.add([
      { pid2: 201, pid3: 100, qty: 2 },
      { pid2: 251, pid3: 25100 },
      { pid2: 252, pid3: 25200 },
    ]);
    const [toner, pouch] = [await stockOf(100), await stockOf(25100)];

    const res = await shopper.api<{ order_id: number }>("/api/myshp/make/my/order/v4", {
      // tampered prices and owners are ignored
      list: [
        { pid2: 201, pid3: 100, qty: 2, price: 1, uid: 1 },
        { pid2: 251, pid3: 25100, qty: 1, price: 0 },
      ],
      key: crypto.randomUUID(),
      fbc: "fb.1.1.fbc",
    });
    expect(res.status).toBe(200);
    const id = res.data.order_id;
    expect(String(id)).toMatch(/^\d{12}$/);

    const order = (await orderOf(shopper, id)).data;
    expect(order).toMatchObject({
      status: "WAITING_PAYMENT",
      items_price: 51800,
      delivery_price: 3000,
      total_price: 54800,
    });
    expect(order.groups).toEqual([
      expect.objectContaining({ uid: 1002, origin_uid: 1001, sub_price: 37800, delivery_fee: 0 }),
      expect.objectContaining({ uid: 1002, origin_uid: 1002, sub_price: 14000, delivery_fee: 3000 }),
    ]);
    expect(order.groups[0]!.lines[0]).toMatchObject({ pid2: 201, price: 18900, qty: 2 });
    // An order sheet: Back finds the cart as it was, and no stock is held.
    expect(await stockOf(100)).toBe(toner);
    expect(await stockOf(25100)).toBe(pouch);
    expect((await shopper.cart()).data.count).toBe(3);

    expect((await shopper.pay(id)).status).toBe(200);
    expect(await stockOf(100)).toBe(toner - 2);
    expect(await stockOf(25100)).toBe(pouch - 1);
    // ordered lines leave the cart; the one not ordered stays
    const cart = (await shopper.cart()).data;
    expect(cart.groups.flatMap((g) => g.data.map((i) => i.pid2))).toEqual([252]);

    const data = await shopper.api(`/api/myshp/get/order_data/by_order_id/v2?orderid=${id}`);
    expect(data.data).toMatchObject({
      delivery: 3000,
      delivery2: 0,
      total_price: 54800,
      pay_method: "bank",
      fbp: "fb.1.1.fbp",
      fbc: "fb.1.1.fbc",
      shopid: 2,
    });
  });

  it("gives the last unit to one of two shoppers paying at once, CHECK_QTY_INFO to the other", async () => {
    const HOLIDAY = { pid2: 44, pid3: 4400 }; // stock 1
    expect(await stockOf(4400)).toBe(1);
    const a = new Shopper(BEAUTY);
    const b = new Shopper(BEAUTY);
    await a.add([HOLIDAY]);
    await b.add([HOLIDAY]);
    // Both may open a sheet: a sheet holds nothing.
    const sheets = await Promise.all([a.order([{ ...HOLIDAY, qty: 1 }]), b.order([{ ...HOLIDAY, qty: 1 }])]);
    expect(sheets.map((r) => r.status)).toEqual([200, 200]);
    const results = await Promise.all([a.pay(sheets[0]!.data.order_id), b.pay(sheets[1]!.data.order_id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.data.error).toEqual({ code: "CHECK_QTY_INFO", message: koCart.checkStock });
    expect(await stockOf(4400)).toBe(0);
    const paid = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM payments p JOIN order_lines l ON l.order_id = p.order_id WHERE l.option_id = 4400",
    ).first<{ n: number }>();
    expect(paid!.n).toBe(1);
  });

  it("lets SQL decide a race both payments' checks passed: one payment, one stock failure", async () => {
    // Both read the last unit as available before either writes, the worst interleaving.
    const [a, b] = [new Shopper(BEAUTY), new Shopper(BEAUTY)];
    await a.add([{ pid2: 43, pid3: 4300 }]);
    await b.add([{ pid2: 43, pid3: 4300 }]);
    const ids = [
      (await a.order([{ pid2: 43, pid3: 4300, qty: 1 }])).data.order_id,
      (await b.order([{ pid2: 43, pid3: 4300, qty: 1 }])).data.order_id,
    ];
    await setStock(4300, 1);
    const store = new OrderStore(env.DB);
    const results = await Promise.allSettled(
      [a, b].map((s, i) => store.pay(1, deviceOwner(s.device!), ids[i]!, Date.now(), PAYMENT)),
    );
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const failed = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(batchFailure(failed.reason)).toBe("stock");
    expect(await stockOf(4300)).toBe(0);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE id IN (?, ?) AND stock_taken = 1")
      .bind(ids[0], ids[1])
      .first<{ n: number }>();
    expect(n!.n).toBe(1);
    await setStock(4300, 200);
  });

  it("creates one order for a form posted twice with the same key", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([{ pid2: 13, pid3: 1300, qty: 2 }]);
    const before = await stockOf(1300);
    const key = crypto.randomUUID();
    const list = [{ pid2: 13, pid3: 1300, qty: 2 }];
    const [first, second] = await Promise.all([shopper.order(list, key), shopper.order(list, key)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.data.order_id).toBe(first.data.order_id);
    const third = await shopper.order(list, key); // a retry after the connection dropped
    expect(third.data.order_id).toBe(first.data.order_id);
    expect(await stockOf(1300)).toBe(before);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE owner = ?")
      .bind(`d:${shopper.device}`)
      .first<{ n: number }>();
    expect(n!.n).toBe(1);
  });

  it("pays nothing when one line lacks stock: the whole batch rolls back", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([
      { pid2: 15, pid3: 1500, qty: 2 },
      { pid2: 16, pid3: 1600, qty: 2 },
    ]);
    const [a, b] = [await stockOf(1500), await stockOf(1600)];
    const id = (
      await shopper.order([
        { pid2: 15, pid3: 1500, qty: 2 },
        { pid2: 16, pid3: 1600, qty: 2 },
      ])
    ).data.order_id;
    // Stock runs short between the sheet and the payment: only SQL can tell.
    await setStock(1600, 1);
    const res = await shopper.pay(id);
    expect(res.status).toBe(409);
    expect(res.data.error?.code).toBe("CHECK_QTY_INFO");
    await expect(new OrderStore(env.DB).pay(1, deviceOwner(shopper.device!), id, Date.now(), PAYMENT)).rejects.toThrow(
      /GUARD_STOCK/,
    );
    expect(await stockOf(1500)).toBe(a);
    expect(await stockOf(1600)).toBe(1);
    const order = (await orderOf(shopper, id)).data;
    expect(order).toMatchObject({ status: "WAITING_PAYMENT", payment: null });
    expect((await shopper.cart()).data.count).toBe(2);
    // The sheet page offers the way back to the cart.
    const page = await shopper.form(`/user/order?id=${id}`, { pay_method: "bank", ...ADDRESS });
    const html = await page.text();
    expect(html).toContain("재고가 부족한 상품이 있어 결제하지 못했습니다");
    expect(html).toContain(koOrder.backToCart);
    await setStock(1600, b);
  });

  it("refuses quantities above stock and discontinued goods with CHECK_QTY_INFO", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([{ pid2: 10, pid3: 1000, qty: 3 }]); // 2 left
    const res = await shopper.order([{ pid2: 10, pid3: 1000, qty: 3 }]);
    expect(res.status).toBe(409);
    expect(res.data.error?.code).toBe("CHECK_QTY_INFO");
    expect(await stockOf(1000)).toBe(2);
    // a product this shop does not sell is no order line either: it is in no cart of this shop
    await shopper.add([{ pid2: 11, pid3: 1100, qty: 1 }]);
    expect(
      (
        await shopper.order([
          { pid2: 401, pid3: 40101, qty: 1 },
          { pid2: 11, pid3: 1100, qty: 1 },
        ])
      ).data.error?.code,
    ).toBe("CART_CHANGED");
    expect((await shopper.order([{ pid2: 401, pid3: 40101, qty: 1 }])).data.error?.code).toBe("EMPTY_CART");
  });

  it("refuses to sell while a shop is not open: CHECK_SHOP_STATUS", async () => {
    const shopper = new Shopper(PICKS);
    await shopper.add([{ pid2: 202, pid3: 501 }]);
    // the pick's origin shop (beauty) is preparing: its goods cannot be sold through picks either
    await env.DB.prepare("UPDATE shops SET status = 'preparing' WHERE id = 1").run();
    try {
      const res = await shopper.order([{ pid2: 202, pid3: 501, qty: 1 }]);
      expect(res.status).toBe(409);
      expect(res.data.error).toEqual({ code: "CHECK_SHOP_STATUS", message: koOrder.shopStatus });
    } finally {
      await env.DB.prepare("UPDATE shops SET status = 'open' WHERE id = 1").run();
    }
    expect((await shopper.order([{ pid2: 202, pid3: 501, qty: 1 }])).status).toBe(200);
  });

  it("asks guests for adult and identity verification and shop membership", async () => {
    const shopper = new Shopper(BEAUTY);
    // Adult-only and verified-only goods do not even go in the cart before verification (decision 114).
    expect((await shopper.add([{ pid2: 30, pid3: 3000 }])).data.error?.code).toBe("AGE19");
    expect((await shopper.add([{ pid2: 8, pid3: 800 }])).data.error?.code).toBe("AUTH_ONLY");
    await shopper.add([{ pid2: 41, pid3: 4100 }]);
    const code = async (pid2: number, pid3: number) =>
      (
        await shopper.api<{ error?: { code: string } }>("/api/myshp/make/my/order/v4", {
          list: [{ pid2, pid3, qty: 1 }],
          key: crypto.randomUUID(),
          direct: true,
        })
      ).data.error?.code;
    expect(await code(30, 3000)).toBe("AGE19");
    expect(await code(8, 800)).toBe("AUTH_ONLY");
    expect(await code(41, 4100)).toBe("APPROVE_ONLY");
    expect((await shopper.cart()).data.count).toBe(1);
  });
});

describe("order pages belong to whoever ordered", () => {
  it("answers 404 to another device and on another shop's host", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([{ pid2: 18, pid3: 1800 }]);
    const { data } = await shopper.order([{ pid2: 18, pid3: 1800, qty: 1 }]);
    expect((await orderOf(shopper, data.order_id)).status).toBe(200);

    const stranger = new Shopper(BEAUTY);
    await stranger.add([{ pid2: 18, pid3: 1800 }]);
    for (const path of [
      `/api/myshp/get/my/order?id=${data.order_id}`,
      `/api/myshp/get/order_data/by_order_id/v2?orderid=${data.order_id}`,
      `/api/myshp/get/my/order?id=${data.order_id}&uuid_value=${shopper.device}`,
    ]) {
      expect((await stranger.api(path)).status, path).toBe(404);
    }
    const pay = await stranger.api("/api/myshp/pay/my/order", { id: data.order_id, pay_method: "bank", ...ADDRESS });
    expect(pay.status).toBe(404);

    const sameDeviceOtherShop = new Shopper(STUDIO_CUSTOM);
    sameDeviceOtherShop.cookies.set("uuid_value", shopper.device!);
    expect((await orderOf(sameDeviceOtherShop, data.order_id)).status).toBe(404);
    // and a request with no device at all
    expect((await new Shopper(BEAUTY).api(`/api/myshp/get/my/order?id=${data.order_id}`)).status).toBe(400);
  });
});

describe("payment", () => {
  it("takes a bank transfer into the shop's account with a 3-day deadline, once", async () => {
    const shopper = new Shopper(STUDIO_CUSTOM);
    await shopper.add([{ pid2: 402, pid3: 40200 }]);
    const { data } = await shopper.order([{ pid2: 402, pid3: 40200, qty: 1 }]);
    const sheet = (await orderOf(shopper, data.order_id)).data;
    // studio has no Toss keys: a transfer only.
    expect(sheet.methods.filter((m) => m.available)).toEqual([{ method: "bank", available: true }]);
    expect(sheet.deadline - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);

    const card = await shopper.api<{ error: { code: string } }>("/api/myshp/pay/my/order", {
      id: data.order_id,
      pay_method: "card",
      ...ADDRESS,
    });
    expect(card.status).toBe(409);
    expect(card.data.error.code).toBe("PAYMENT_UNAVAILABLE");

    const bad = await shopper.api("/api/myshp/pay/my/order", {
      id: data.order_id,
      pay_method: "bank",
      ...ADDRESS,
      postcode: "x",
    });
    expect(bad.status).toBe(400);

    const body = { id: data.order_id, pay_method: "bank", ...ADDRESS, depositor: "김하나" };
    const [paid, again] = await Promise.all([
      shopper.api<{ order: OrderView }>("/api/myshp/pay/my/order", body),
      shopper.api<{ order: OrderView }>("/api/myshp/pay/my/order", body),
    ]);
    expect(paid.status).toBe(200);
    expect(again.status).toBe(200);
    const order = paid.data.order;
    expect(order.payment).toMatchObject({
      method: "bank",
      status: "pending",
      amount: 36000 + 3500,
      depositor: "김하나",
      bank_name: "우리은행",
      bank_account: "1002-345-678901",
    });
    expect(order.payment!.deadline - Date.now()).toBeGreaterThan(3 * DAY - 60_000);
    expect(order.deadline).toBe(order.payment!.deadline);
    const data2 = await shopper.api<{ pay_method: string }>(
      `/api/myshp/get/order_data/by_order_id/v2?orderid=${data.order_id}`,
    );
    expect(data2.data.pay_method).toBe("bank");
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE order_id = ?")
      .bind(data.order_id)
      .first<{ n: number }>();
    expect(n!.n).toBe(1);
  });

  it("cancels unpaid orders past their deadline on the cron, returning their stock", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([
      { pid2: 19, pid3: 1901, qty: 3 },
      { pid2: 26, pid3: 2600, qty: 1 },
    ]);
    const before = [await stockOf(1901), await stockOf(2600)];
    const banked = (await shopper.order([{ pid2: 19, pid3: 1901, qty: 3 }])).data.order_id;
    await shopper.api("/api/myshp/pay/my/order", { id: banked, pay_method: "bank", ...ADDRESS });
    const abandoned = (await shopper.order([{ pid2: 26, pid3: 2600, qty: 1 }])).data.order_id;
    // Only the paid order holds stock; the open sheet holds none.
    expect([await stockOf(1901), await stockOf(2600)]).toEqual([before[0]! - 3, before[1]]);

    // Two hours on: the sheet nobody paid is cancelled, the bank transfer still has days.
    await runCron(Date.now() + 2 * 60 * 60 * 1000);
    expect((await orderOf(shopper, abandoned)).data).toMatchObject({
      status: "CANCELED",
      cancel_reason: "sheet_expired",
    });
    expect((await orderOf(shopper, banked)).data.status).toBe("WAITING_PAYMENT");
    // The abandoned sheet's line is still in the cart, to be ordered again.
    expect((await shopper.cart()).data.groups.flatMap((g) => g.data.map((i) => i.pid2))).toEqual([26]);
    expect(await stockOf(2600)).toBe(before[1]);
    expect(await stockOf(1901)).toBe(before[0]! - 3);

    // Four days on: the deposit never came.
    await runCron(Date.now() + 4 * DAY);
    const order = (await orderOf(shopper, banked)).data;
    expect(order.status).toBe("CANCELED");
    expect(order.payment!.status).toBe("canceled");
    expect(await stockOf(1901)).toBe(before[0]);
    // Running again returns nothing twice.
    await runCron(Date.now() + 5 * DAY);
    expect(await stockOf(1901)).toBe(before[0]);
    expect(await stockOf(2600)).toBe(before[1]);
    // A cancelled order can no longer be paid.
    const late = await shopper.api("/api/myshp/pay/my/order", { id: abandoned, pay_method: "bank", ...ADDRESS });
    expect(late.status).toBe(409);
  });
});
