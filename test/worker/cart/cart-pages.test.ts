import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { orderStatusLabel, ORDER_STATUSES } from "../../../app/shared/order-status";
import { normaliseQty, parseIntent } from "../../../app/shared/cart-form";
import { UNVERIFIED, unmetRequirement } from "../../../functions/orders/verification";
import { BEAUTY, PICKS, STUDIO_CUSTOM } from "../helpers/request";
import { Shopper, stockOf } from "../helpers/shopper";
import { koCart, koOrder } from "~/shared/messages/cart";
import { koMembershipOrder } from "~/shared/messages/membership";
import { koCartButton } from "~/shared/messages/shop/cart";
import { koErrors } from "~/shared/messages/shop/errors";
import { putInCartUnverified } from "../helpers/identity";

/** The cart page's order key (hidden input) and line fields, as a browser would send them back. */
async function cartForm(shopper: Shopper, path = "/user/checkout") {
  const res = await shopper.fetch(path);
  expect(res.status).toBe(200);
  const html = await res.text();
  const key = /name="key" value="([^"]+)"/.exec(html)?.[1];
  const lines = [...html.matchAll(/name="line" value="(\d+\.\d+)"/g)].map((m) => m[1]!);
  const qty = Object.fromEntries(
    [...html.matchAll(/name="qty:(\d+\.\d+)"[^>]*value="(\d+)"|value="(\d+)"[^>]*name="qty:(\d+\.\d+)"/g)].map((m) =>
      m[1] ? [m[1], m[2]!] : [m[4]!, m[3]!],
    ),
  );
  return { html, key: key!, lines, qty };
}

function fields(lines: string[], qty: Record<string, string>, extra: [string, string][] = []): [string, string][] {
  return [
    ...lines.flatMap((l): [string, string][] => [
      ["line", l],
      [`qty:${l}`, qty[l] ?? "1"],
    ]),
    ...extra,
  ];
}

const ADDRESS = {
  orderer_name: "박지민",
  orderer_phone: "010-2222-3333",
  receiver_name: "",
  receiver_phone: "",
  postcode: "06236",
  address: "서울특별시 강남구 테헤란로 1",
  detail: "",
  memo: "",
  depositor: "",
  agree_order: "on",
};

describe("add to cart from the product page, without JavaScript", () => {
  it("posts, mints the device cookie, and comes back with a confirmation", async () => {
    const shopper = new Shopper(PICKS);
    const res = await shopper.form("/shop/view/p0001", { pid2: "201", option: "100", qty: "1" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/shop/view/p0001?added=1");
    expect(shopper.device).toMatch(/^[0-9a-f]{32}$/);
    const page = await (await shopper.fetch("/shop/view/p0001?added=1")).text();
    expect(page).toContain(koCartButton.added);
    expect(page).toContain(`href="/user/checkout?uuid_value=${shopper.device}"`);
    // the badge in the header and the drawer
    expect(page).toMatch(/data-testid="cart-count">1</);
    expect((await shopper.cart()).data.groups[0]!.data[0]).toMatchObject({ pid2: 201, qty: 1 });
  });

  it("shows the add-to-cart failure for another shop's product or a foreign option", async () => {
    const shopper = new Shopper(BEAUTY);
    for (const body of [
      { pid2: "401", option: "40101", qty: "1" }, // studio's mug on beauty
      { pid2: "1", option: "501", qty: "1" }, // the serum's option on the toner
    ]) {
      const res = await shopper.form("/shop/view/b0001", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.text()).toContain(koCartButton.addFailed);
    }
    expect((await shopper.cart()).data.count).toBe(0);
  });

  it("answers scripts with data instead of a redirect", async () => {
    const shopper = new Shopper(BEAUTY);
    const res = await shopper.form("/shop/view/b0002.data", { pid2: "2", option: "200", qty: "2", js: "1" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("count");
    expect((await shopper.cart()).data.groups[0]!.data[0]!.qty).toBe(2);
  });
});

describe("the cart page", () => {
  it("shows an empty cart, and the same page under /exmy", async () => {
    for (const path of ["/user/checkout", "/exmy/user/checkout"]) {
      const res = await new Shopper(STUDIO_CUSTOM).fetch(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(koCart.empty);
    }
  });

  it("renders groups, rows, per-group sums and the grand total", async () => {
    const shopper = new Shopper(PICKS);
    await shopper.add([
      { pid2: 201, pid3: 100 },
      { pid2: 251, pid3: 25100, qty: 2 },
    ]);
    const { html } = await cartForm(shopper);
    expect(html).toContain('aria-label="뷰티 라운지"');
    expect(html).toContain('aria-label="에디터 픽"');
    expect(html.match(/별도 배송/g)).toHaveLength(2);
    expect(html).toContain("어성초 진정 토너 300ml");
    // beauty ships the toner (18,900 + 3,000), picks its two pouches (28,000 + 3,000)
    expect([...html.matchAll(/data-testid="group-total">([\d,]+원)/g)].map((m) => m[1])).toEqual([
      "21,900원",
      "31,000원",
    ]);
    expect(html).toMatch(/data-testid="grand-total">52,900원/);
  });

  it("saves +, −, typed quantities and deletes at once, each a form post", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([
      { pid2: 22, pid3: 2200 },
      { pid2: 29, pid3: 2900 },
      { pid2: 32, pid3: 3200 },
    ]);
    let form = await cartForm(shopper);
    expect(form.lines.sort()).toEqual(["22.2200", "29.2900", "32.3200"]);

    // "+" on one line, with another's quantity typed as 4 on screen: both saved.
    let res = await shopper.form(
      "/user/checkout",
      fields(form.lines, { ...form.qty, "29.2900": "4" }, [["intent", "inc:22.2200"]]),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/user/checkout");
    const qty = async () =>
      Object.fromEntries((await shopper.cart()).data.groups[0]!.data.map((i) => [`${i.pid2}.${i.pid3}`, i.qty]));
    expect(await qty()).toEqual({ "22.2200": 2, "29.2900": 4, "32.3200": 1 });

    // "−" never below 1; empty or 0 becomes 1
    form = await cartForm(shopper);
    await shopper.form(
      "/user/checkout",
      fields(form.lines, { ...form.qty, "29.2900": "0", "22.2200": "" }, [["intent", "dec:32.3200"]]),
    );
    expect(await qty()).toEqual({ "22.2200": 1, "29.2900": 1, "32.3200": 1 });

    // delete
    form = await cartForm(shopper);
    await shopper.form("/user/checkout", fields(form.lines, form.qty, [["intent", "delete:29.2900"]]));
    expect(Object.keys(await qty()).sort()).toEqual(["22.2200", "32.3200"]);

    // a scripted save: removals listed, data back
    form = await cartForm(shopper);
    res = await shopper.form(
      "/user/checkout.data",
      fields(form.lines, form.qty, [
        ["remove", "32.3200"],
        ["intent", "save"],
        ["js", "1"],
      ]),
    );
    expect(res.status).toBe(200);
    expect(Object.keys(await qty())).toEqual(["22.2200"]);
  });

  it("saves in the background and answers fee checks for the quantities on screen", async () => {
    const shopper = new Shopper(PICKS);
    await shopper.add([
      { pid2: 201, pid3: 100 },
      { pid2: 253, pid3: 25300 },
    ]);
    const form = await cartForm(shopper);
    const res = await shopper.form(
      "/exmy/user/checkout/save",
      fields(form.lines, { ...form.qty, "201.100": "2" }, [
        ["remove", "253.25300"],
        ["js", "1"],
      ]),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ saved: true });
    const cart = (await shopper.cart()).data;
    expect(cart.groups.flatMap((g) => g.data.map((i) => [i.pid2, i.qty]))).toEqual([[201, 2]]);

    // fees for 2 toners (free from 30,000) and 3 gift cards (6,000 + 3,000), tampering impossible
    const fees = await shopper.fetch("/user/checkout/fees?l=201.100.2,253.25300.3,401.40101.1");
    expect(await fees.json()).toEqual({
      sig: "201.100.2,253.25300.3,401.40101.1",
      fees: [
        { uid: 1002, from_uid: 1001, sub_price: 37800, delivery_fee: 0 },
        { uid: 1002, from_uid: 1002, sub_price: 6000, delivery_fee: 3000 },
      ],
    });
  });

  it("never lets a posted line into the cart, nor a posted price count", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([{ pid2: 33, pid3: 3300 }]);
    const form = await cartForm(shopper);
    await shopper.form(
      "/user/checkout",
      fields([...form.lines, "401.40101", "2.200"], { ...form.qty, "401.40101": "5" }, [
        ["price", "1"],
        ["intent", "save"],
      ]),
    );
    const cart = (await shopper.cart()).data;
    expect(cart.count).toBe(1);
    expect(cart.sub_total).toBe(16500);
  });
});

describe("ordering from the cart page", () => {
  it("creates the order from D1 prices and redirects to the order sheet with uuid_value", async () => {
    const shopper = new Shopper(PICKS);
    shopper.cookies.set("_fbp", "fb.1.2.page");
    await shopper.add([
      { pid2: 203, pid3: 600 },
      { pid2: 252, pid3: 25200 },
    ]);
    const stock = await stockOf(600);
    const form = await cartForm(shopper);
    const res = await shopper.form(
      "/user/checkout",
      fields(form.lines, form.qty, [
        ["key", form.key],
        ["intent", "order"],
        ["price", "0"],
      ]),
    );
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^/user/order\\?id=(\\d{12})&uuid_value=${shopper.device}$`));
    const id = Number(/id=(\d+)/.exec(location)![1]);
    // The sheet leaves stock and cart alone until the shopper pays.
    expect(await stockOf(600)).toBe(stock);
    expect((await shopper.cart()).data.count).toBe(2);

    const sheet = await shopper.fetch(location);
    expect(sheet.status).toBe(200);
    const html = await sheet.text();
    expect(html).toContain(koOrder.sheetTitle);
    expect(html).toMatch(/data-testid="order-total">44,000원/); // 29,000 + 9,000 + two shops × 3,000
    expect(html).toContain(koOrder.methods.bank);
    // A method without a provider is not offered (issue 11).
    expect(html).toContain('name="pay_method" required="" checked="" value="bank"');
    expect(html).not.toContain(koOrder.methods.card);

    const data = await shopper.api<{ fbp: string; total_price: number }>(
      `/api/myshp/get/order_data/by_order_id/v2?orderid=${id}`,
    );
    expect(data.data).toMatchObject({ fbp: "fb.1.2.page", total_price: 44000 });
  });

  it("makes one order of a form posted twice (double click, or again after a dropped connection)", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([{ pid2: 34, pid3: 3400, qty: 2 }]);
    const stock = await stockOf(3400);
    const form = await cartForm(shopper);
    const body = fields(form.lines, form.qty, [
      ["key", form.key],
      ["intent", "order"],
    ]);
    const [a, b] = await Promise.all([shopper.form("/user/checkout", body), shopper.form("/user/checkout", body)]);
    const c = await shopper.form("/user/checkout", body);
    expect(a.headers.get("location")).toMatch(/^\/user\/order\?id=\d+/);
    expect(b.headers.get("location")).toBe(a.headers.get("location"));
    expect(c.headers.get("location")).toBe(a.headers.get("location"));
    expect(await stockOf(3400)).toBe(stock);
    expect((await shopper.cart()).data.count).toBe(1);
    const id = Number(/id=(\d+)/.exec(a.headers.get("location")!)![1]);
    expect((await shopper.pay(id)).status).toBe(200);
    expect(await stockOf(3400)).toBe(stock - 2);
    expect((await shopper.cart()).data.count).toBe(0);
  });

  it("marks a quick (wallet) order with npay", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([{ pid2: 36, pid3: 3600 }]);
    const form = await cartForm(shopper);
    const res = await shopper.form(
      "/user/checkout",
      fields(form.lines, form.qty, [
        ["key", form.key],
        ["intent", "npay"],
      ]),
    );
    expect(res.headers.get("location")).toMatch(/^\/user\/order\?id=\d+&npay=1&uuid_value=/);
    const id = Number(/id=(\d+)/.exec(res.headers.get("location")!)![1]);
    expect((await shopper.api<{ npay: boolean }>(`/api/myshp/get/my/order?id=${id}`)).data.npay).toBe(true);
  });

  it("renders the order errors of spec §8 without scripts, with the way forward", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([{ pid2: 41, pid3: 4100 }]);
    let form = await cartForm(shopper);
    let res = await shopper.form(
      "/user/checkout",
      fields(form.lines, form.qty, [
        ["key", form.key],
        ["intent", "order"],
      ]),
    );
    expect(res.status).toBe(409);
    let html = await res.text();
    // A guest logs in (or signs up) first, then joins this shop's membership and comes back.
    expect(html).toContain(koMembershipOrder.guest);
    expect(html).toMatch(
      /href="\/notlogin\/join\?url=%2Fshop%2Fmember_point%3Furl%3D%252Fuser%252Fcheckout&amp;uuid_value=[0-9a-f]{32}"/,
    );

    const other = new Shopper(BEAUTY);
    await other.add([{ pid2: 18, pid3: 1800 }]);
    await putInCartUnverified(other, { pid2: 8, pid3: 800 });
    form = await cartForm(other);
    html = await (
      await other.form(
        "/user/checkout",
        fields(form.lines, form.qty, [
          ["key", form.key],
          ["intent", "order"],
        ]),
      )
    ).text();
    expect(html).toContain("본인인증이 필요한 상품이 있습니다");
    expect(html).toContain(koOrder.authOnlyLink);

    // stock ran out after the page was shown
    const third = new Shopper(BEAUTY);
    await third.add([{ pid2: 37, pid3: 3700, qty: 3 }]);
    form = await cartForm(third);
    await env.DB.prepare("UPDATE product_options SET stock = 2 WHERE id = 3700").run();
    res = await third.form(
      "/user/checkout",
      fields(form.lines, form.qty, [
        ["key", form.key],
        ["intent", "order"],
      ]),
    );
    html = await res.text();
    expect(html).toContain(koCart.checkStock);
    expect(html).toContain("재고 부족 (주문 가능: 2개)"); // the cart is shown again, refreshed

    // the shop is not open
    await env.DB.prepare("UPDATE shops SET status = 'preparing' WHERE id = 1").run();
    try {
      form = await cartForm(third);
      html = await (
        await third.form(
          "/user/checkout",
          fields(form.lines, form.qty, [
            ["key", form.key],
            ["intent", "order"],
          ]),
        )
      ).text();
      expect(html).toContain(koOrder.shopStatus);
    } finally {
      await env.DB.prepare("UPDATE shops SET status = 'open' WHERE id = 1").run();
    }

    // scripts get the same as data
    const data = await third.form(
      "/user/checkout.data",
      fields(form.lines, form.qty, [
        ["key", crypto.randomUUID()],
        ["intent", "order"],
        ["js", "1"],
        ["line", "999.999"],
      ]),
    );
    expect(data.status).toBe(200);
    expect(await data.text()).toContain("CHECK_QTY_INFO");
  });
});

describe("order sheet and completion", () => {
  async function newOrder(shopper: Shopper, line: { pid2: number; pid3: number }) {
    await shopper.add([line]);
    const form = await cartForm(shopper);
    const res = await shopper.form(
      "/user/checkout",
      fields(form.lines, form.qty, [
        ["key", form.key],
        ["intent", "order"],
      ]),
    );
    return res.headers.get("location")!;
  }

  it("takes the address and a bank transfer, then confirms with the shop's account", async () => {
    const shopper = new Shopper(STUDIO_CUSTOM);
    const sheet = await newOrder(shopper, { pid2: 408, pid3: 40800 });
    const id = /id=(\d+)/.exec(sheet)![1];
    // an invalid postcode comes back with the message and what was typed
    let res = await shopper.form(sheet, { ...ADDRESS, postcode: "12", pay_method: "bank" });
    expect(res.status).toBe(400);
    let html = await res.text();
    expect(html).toContain(koOrder.invalidField);
    expect(html).toContain('value="서울특별시 강남구 테헤란로 1"');
    // each message next to its own field (issue 8, point 2)
    expect(html).toMatch(/name="postcode"[^>]*aria-invalid="true"[^>]*aria-describedby="postcode-error"/);
    expect(html).toContain('<span id="postcode-error"');
    expect(html).toContain(koOrder.fieldErrors.pattern.postcode);
    res = await shopper.form(sheet, {
      ...ADDRESS,
      address: " ",
      orderer_phone: "전화",
      memo: "메".repeat(201),
      pay_method: "bank",
    });
    expect(res.status).toBe(400);
    html = await res.text();
    expect(html).toContain(koOrder.fieldErrors.address);
    expect(html).toContain(koOrder.fieldErrors.pattern.orderer_phone);
    expect(html).toContain("200자 이내로 입력해 주세요");
    expect(html).not.toContain('aria-describedby="postcode-error"');
    // card: no provider, never faked
    res = await shopper.form(sheet, { ...ADDRESS, pay_method: "card" });
    const cardPage = await res.text();
    expect(cardPage).toContain(koOrder.paymentUnavailable);

    res = await shopper.form(sheet, { ...ADDRESS, pay_method: "bank" });
    expect(res.status).toBe(303);
    const done = res.headers.get("location")!;
    expect(done).toBe(`/user/order_complete?id=${id}&uuid_value=${shopper.device}`);
    html = await (await shopper.fetch(done)).text();
    expect(html).toContain(koOrder.complete);
    expect(html).toMatch(/우리은행.*1002-345-678901.*주식회사 모노스튜디오/s);
    expect(html).toContain("12,500원"); // 9,000 + 3,500
    expect(html).toContain("박지민"); // depositor defaults to the orderer
    // the sheet now shows the payment instead of the form
    html = await (await shopper.fetch(sheet)).text();
    expect(html).not.toContain('name="pay_method"');
  });

  it("sends the completion page back to the sheet while nothing is chosen", async () => {
    const shopper = new Shopper(BEAUTY);
    const sheet = await newOrder(shopper, { pid2: 38, pid3: 3800 });
    const id = /id=(\d+)/.exec(sheet)![1];
    const res = await shopper.fetch(`/user/order_complete?id=${id}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(sheet);
  });

  it("answers 404 to anyone but the device that ordered", async () => {
    const shopper = new Shopper(BEAUTY);
    const sheet = await newOrder(shopper, { pid2: 39, pid3: 3900 });
    const id = /id=(\d+)/.exec(sheet)![1];
    const stranger = new Shopper(BEAUTY);
    await stranger.add([{ pid2: 39, pid3: 3900 }]);
    for (const path of [sheet, `/user/order?id=${id}`, `/user/order_complete?id=${id}`, "/user/order?id=abc"]) {
      const res = await stranger.fetch(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain(koErrors.pageNotFound);
    }
    expect((await new Shopper(BEAUTY).fetch(sheet)).status).toBe(404); // no device at all
    expect((await stranger.form(sheet, { ...ADDRESS, pay_method: "bank" })).status).toBe(404);
    const sameDeviceElsewhere = new Shopper(PICKS);
    sameDeviceElsewhere.cookies.set("uuid_value", shopper.device!);
    expect((await sameDeviceElsewhere.fetch(sheet)).status).toBe(404);
  });
});

describe("pieces", () => {
  it("labels every order status of spec §4 in Korean, in one place", () => {
    expect(ORDER_STATUSES).toHaveLength(15);
    expect(orderStatusLabel("WAITING_PAYMENT")).toBe(koOrder.status.WAITING_PAYMENT);
    expect(orderStatusLabel("WAITING_PAYMENT", { payMethod: "bank" })).toBe(koOrder.waitingDeposit);
    expect(orderStatusLabel("READY_FOR_DELIVERY")).toBe(koOrder.status.READY_FOR_DELIVERY);
    expect(orderStatusLabel("READY_FOR_DELIVERY", { smartOrder: true })).toBe(koOrder.cooking);
    expect(orderStatusLabel("DONE", { refundAfterDone: true })).toBe(koOrder.refundAfterDone);
    expect(orderStatusLabel("SOMETHING_NEW")).toBe(koOrder.changedStatus);
  });

  it("reads cart buttons and quantities as spec §5 says", () => {
    expect(parseIntent("inc:1.100")).toEqual({ kind: "inc", line: { pid2: 1, pid3: 100 } });
    expect(parseIntent("npay")).toEqual({ kind: "order", npay: true });
    expect(parseIntent("bogus")).toEqual({ kind: "save" });
    expect([normaliseQty(""), normaliseQty("0"), normaliseQty("-4"), normaliseQty("7"), normaliseQty("5000")]).toEqual([
      1, 1, 1, 7, 1,
    ]);
  });

  it("asks for verifications in the order of spec §8, and a verified member passes", () => {
    const goods = [{ adult_only: 1, auth_only: 1, members_only: 1 }];
    expect(unmetRequirement(goods, UNVERIFIED)).toBe("AGE19");
    expect(unmetRequirement(goods, { adult: true, identity: false, shopMember: false })).toBe("AUTH_ONLY");
    expect(unmetRequirement(goods, { adult: true, identity: true, shopMember: false })).toBe("APPROVE_ONLY");
    expect(unmetRequirement(goods, { adult: true, identity: true, shopMember: true })).toBeNull();
    expect(unmetRequirement([{ adult_only: 0, auth_only: 0, members_only: 0 }], UNVERIFIED)).toBeNull();
  });
});
