import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CartStore, memberOwner, mergeGuestCart } from "../../../functions/db/cart";
import { BEAUTY, PICKS, STUDIO_CUSTOM, get } from "../helpers/request";
import { Shopper, type CartData } from "../helpers/shopper";
import { koCart } from "~/shared/messages/cart";
import { koCartButton } from "~/shared/messages/shop/cart";

// Demo ids (functions/seed/demo.ts): beauty products 1…44, a product without choices has the one
// option id*100; picks sells beauty's goods as picks 201…213 and its own goods 251…253.
const TONER = { pid2: 1, pid3: 100 }; // 어성초 진정 토너 18,900원, stock 50
const SERUM_50 = { pid2: 5, pid3: 502 }; // 히알루론산 세럼 26,000 + 6,000
const PICK_TONER = { pid2: 201, pid3: 100 }; // picks' pick of the toner
const PICKS_POUCH = { pid2: 251, pid3: 25100 }; // picks' own pouch 14,000원
const MUG_WHITE = { pid2: 401, pid3: 40101 }; // studio's mug 28,000원

describe("device id", () => {
  it("is minted on the first posted change, readable by scripts, host-only, Lax", async () => {
    // Reading pages mints none, except a product page opened by a person (its view is remembered).
    expect((await get(BEAUTY, "/")).headers.get("set-cookie")).toBeNull();
    expect((await get(BEAUTY, "/shop/list?category=0")).headers.get("set-cookie")).toBeNull();
    const bot = { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
    expect((await get(BEAUTY, "/shop/view/b0001", { headers: bot })).headers.get("set-cookie")).toBeNull();
    const prefetch = { "sec-purpose": "prefetch" };
    expect((await get(BEAUTY, "/shop/view/b0001", { headers: prefetch })).headers.get("set-cookie")).toBeNull();
    expect((await get(BEAUTY, "/shop/view/b0001")).headers.get("set-cookie")).toMatch(/^uuid_value=[0-9a-f]{32};/);

    const shopper = new Shopper(BEAUTY);
    const res = await shopper.fetch("/api/myshp/add/cart/v3", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ list: [{ ...TONER, qty: 1 }] }),
    });
    expect(res.status).toBe(200);
    // (The write's D1 bookmark comes in a cookie of its own: decision 074.)
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("uuid_value="))!;
    expect(cookie).toMatch(/^uuid_value=[0-9a-f]{32};/);
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(cookie).not.toMatch(/Secure/); // http here; https gets Secure

    // Known devices keep their id.
    const again = await shopper.add([TONER]);
    expect(again.status).toBe(200);
    expect((await shopper.cart()).data.groups[0]!.data[0]!.qty).toBe(2);
  });

  it("replaces a malformed id instead of trusting it", async () => {
    const shopper = new Shopper(BEAUTY);
    shopper.cookies.set("uuid_value", "not-a-device");
    await shopper.add([TONER]);
    expect(shopper.device).toMatch(/^[0-9a-f]{32}$/);
    expect((await shopper.cart()).data.count).toBe(1);
  });
});

describe("add to cart", () => {
  it("turns a quantity of 0 or less (or nonsense) into 1 and adds up repeats", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([{ ...SERUM_50, qty: 0 }]);
    let item = (await shopper.cart()).data.groups[0]!.data[0]!;
    expect(item.qty).toBe(1);
    await shopper.add([{ ...SERUM_50, qty: -7 }]);
    await shopper.api("/api/myshp/add/cart/v3", { list: [{ ...SERUM_50, qty: "abc" }] });
    item = (await shopper.cart()).data.groups[0]!.data[0]!;
    expect(item.qty).toBe(3);
    expect(item.price).toBe(32000);
    expect(item.opt_name).toBe("50ml");
  });

  it("refuses an invalid product or option with the catalogue's Korean message", async () => {
    const shopper = new Shopper(BEAUTY);
    for (const line of [
      { pid2: 99999, pid3: 100 }, // no such product
      { pid2: 1, pid3: 501 }, // an option of other goods
      { pid2: 5, pid3: 5 }, // no such option
      MUG_WHITE, // another shop's product
      PICK_TONER, // picks' row: not sold by beauty
      { pid2: 7, pid3: 700 }, // sales discontinued
    ]) {
      const res = await shopper.add([line]);
      expect(res.status, JSON.stringify(line)).toBe(400);
      expect(res.data.error).toEqual({
        code: "INVALID_PRODUCT",
        message: koCartButton.addFailed,
      });
    }
    // Nothing of a refused list gets in, not even its valid lines.
    expect((await shopper.add([TONER, MUG_WHITE])).status).toBe(400);
    expect((await shopper.cart()).data.count).toBe(0);
  });

  it("refuses an option with no stock left", async () => {
    const shopper = new Shopper(BEAUTY);
    const res = await shopper.add([{ pid2: 12, pid3: 1200 }]);
    expect(res.status).toBe(409);
    expect(res.data.error?.message).toBe(koCart.checkStock);
  });

  it("takes another shop's goods only as a pick this shop sells, keeping origin_uid", async () => {
    const shopper = new Shopper(PICKS);
    expect((await shopper.add([{ ...TONER }])).status).toBe(400); // beauty's own row
    expect((await shopper.add([{ ...PICK_TONER, qty: 2 }, PICKS_POUCH])).status).toBe(200);
    const cart = (await shopper.cart()).data;
    const keys = cart.groups.map((g) => g.key).sort();
    expect(keys).toEqual(["1001x1002", "1002"]);
    const pickGroup = cart.groups.find((g) => g.key === "1001x1002")!;
    expect(pickGroup).toMatchObject({
      uid: 1002,
      origin_uid: 1001,
      shop_name: "에디터 픽",
      shop_name_origin: "뷰티 라운지",
    });
    expect(pickGroup.data[0]).toMatchObject({
      pid2: 201,
      pid3: 100,
      price: 18900,
      qty: 2,
      name: "어성초 진정 토너 300ml",
    });
    expect(pickGroup.url).toBe("http://beauty.localhost");
  });

  it("ignores prices, uids and owners a browser sends", async () => {
    const shopper = new Shopper(PICKS);
    const res = await shopper.api("/api/myshp/add/cart/v3", {
      list: [{ ...PICK_TONER, qty: 1, price: 1, uid: 1004, origin_uid: 1004, sid: "s0001", default_option: true }],
    });
    expect(res.status).toBe(200);
    const cart = (await shopper.cart()).data;
    expect(cart.groups[0]).toMatchObject({ uid: 1002, origin_uid: 1001 });
    expect(cart.groups[0]!.data[0]!.price).toBe(18900);
    expect(cart.sub_total).toBe(18900);
  });

  it("keeps each shop host's guest carts apart, and each device's", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([TONER]);
    // The same device id on another shop's host finds an empty cart there.
    const elsewhere = new Shopper(STUDIO_CUSTOM);
    elsewhere.cookies.set("uuid_value", shopper.device!);
    expect((await elsewhere.cart()).data.count).toBe(0);
    expect((await elsewhere.api<{ count: number }>("/api/myshp/get/cart/count")).data.count).toBe(0);
    // Another device on the same host too.
    const other = new Shopper(BEAUTY);
    expect((await other.cart()).data.count).toBe(0);
    // A uuid_value in the query never picks someone else's cart.
    const sync = await other.api<CartData>(`/api/myshp/sync/mcart/v4?uuid_value=${shopper.device}`, {
      list: [],
      remove: [TONER],
    });
    expect(sync.status).toBe(200);
    expect(other.device).not.toBe(shopper.device); // the post minted the other shopper's own id
    expect((await shopper.cart()).data.count).toBe(1);
  });

  it("holds a cart of 150 lines, and refuses a line past 200", async () => {
    // 210 one-option products in beauty, for this test only.
    const db = env.DB;
    await db.batch(
      Array.from({ length: 210 }, (_, i) => [
        db
          .prepare("INSERT INTO products (id, sid, shop_id, title, price) VALUES (?, ?, 1, ?, 1000)")
          .bind(9000 + i, `bulk${i}`, `대량 상품 ${i}`),
        db
          .prepare("INSERT INTO product_options (id, product_id, name, stock, default_option) VALUES (?, ?, '', 10, 1)")
          .bind(900000 + i, 9000 + i),
      ]).flat(),
    );
    const shopper = new Shopper(BEAUTY);
    const lines = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ pid2: 9000 + from + i, pid3: 900000 + from + i, qty: 1 }));
    const added = await shopper.add(lines(0, 150));
    expect(added.status).toBe(200);
    expect(added.data.count).toBe(150);
    const cart = (await shopper.cart()).data;
    expect(cart.count).toBe(150);
    expect(cart.sub_total).toBe(150_000);
    expect(cart.delivery_fee).toBe(0);
    expect((await shopper.add(lines(150, 50))).data.count).toBe(200);
    const full = await shopper.add(lines(200, 1));
    expect(full.status).toBe(409);
    expect(full.data.error?.code).toBe("CART_FULL");
    // Adding to a line already there is still fine.
    expect((await shopper.add(lines(0, 1))).status).toBe(200);
  });
});

describe("cart view, fees and saving", () => {
  it("computes delivery per shipping shop from the server, with each shop's own terms", async () => {
    const shopper = new Shopper(PICKS);
    await shopper.add([PICK_TONER, PICKS_POUCH]);
    let cart = (await shopper.cart()).data;
    const group = (key: string) => cart.groups.find((g) => g.key === key)!;
    // beauty ships the pick (default 3,000 won under 30,000), picks ships its pouch.
    expect(group("1001x1002")).toMatchObject({ sub_total: 18900, my_delivery_fee: 3000, total: 21900 });
    expect(group("1002")).toMatchObject({ sub_total: 14000, my_delivery_fee: 3000, total: 17000 });
    expect(cart).toMatchObject({ sub_total: 32900, delivery_fee: 6000, total: 38900 });

    // Two toners pass beauty's 30,000 won threshold: that group ships free, the other does not.
    await shopper.api("/api/myshp/sync/mcart/v4", [{ ...PICK_TONER, qty: 2 }]);
    cart = (await shopper.cart()).data;
    expect(group("1001x1002")).toMatchObject({ sub_total: 37800, my_delivery_fee: 0 });
    expect(group("1002").my_delivery_fee).toBe(3000);

    // studio: 3,500 won under 50,000.
    const studio = new Shopper(STUDIO_CUSTOM);
    await studio.add([MUG_WHITE]);
    expect((await studio.cart()).data.groups[0]).toMatchObject({ sub_total: 28000, my_delivery_fee: 3500 });
    await studio.api("/api/myshp/sync/mcart/v4", [{ ...MUG_WHITE, qty: 2 }]);
    expect((await studio.cart()).data.groups[0]).toMatchObject({ sub_total: 56000, my_delivery_fee: 0 });
  });

  it("answers get/delivery_fee/v3 per group, recomputing uids and prices", async () => {
    const shopper = new Shopper(PICKS);
    const res = await shopper.api<{ uid: number; from_uid: number; sub_price: number; delivery_fee: number }[]>(
      "/api/myshp/get/delivery_fee/v3",
      [
        { uid: 1, from_uid: 1, data: [{ ...PICK_TONER, qty: 1 }] },
        // the spec's form: the option of a product without choices named by default_option
        { uid: 999, from_uid: 999, data: [{ pid2: 251, qty: 3, default_option: 25100 }] },
      ],
    );
    expect(res.status).toBe(200);
    expect(res.data).toEqual([
      { uid: 1002, from_uid: 1001, sub_price: 18900, delivery_fee: 3000 },
      { uid: 1002, from_uid: 1002, sub_price: 42000, delivery_fee: 0 },
    ]);
  });

  it("marks quantity above stock and discontinued goods, and leaves the latter out of totals", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([
      { pid2: 3, pid3: 300, qty: 5 },
      { pid2: 14, pid3: 1400 },
    ]); // 3 pads left
    let cart = (await shopper.cart()).data;
    const pads = cart.groups[0]!.data.find((i) => i.pid2 === 3)!;
    expect(pads).toMatchObject({ qty: 5, available_qty: 3, error: "qty", error_data: { available_qty: 3 } });
    expect(cart.has_error).toBe(true);

    await env.DB.prepare("UPDATE products SET sold_out = 1 WHERE id = 14").run();
    try {
      cart = (await shopper.cart()).data;
      const oil = cart.groups[0]!.data.find((i) => i.pid2 === 14)!;
      expect(oil).toMatchObject({ error: "sold_out", available_qty: 0 });
      expect(cart.sub_total).toBe(5 * 21000);
    } finally {
      await env.DB.prepare("UPDATE products SET sold_out = 0 WHERE id = 14").run();
    }
  });

  it("saves quantities and removals with sync/mcart/v4, and never adds a line", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([TONER, SERUM_50]);
    const res = await shopper.api<CartData>("/api/myshp/sync/mcart/v4", {
      list: [
        { ...TONER, qty: 4 },
        { pid2: 2, pid3: 200, qty: 3 }, // not in the cart: ignored
      ],
      remove: [SERUM_50],
    });
    expect(res.status).toBe(200);
    expect(res.data.count).toBe(1);
    expect(res.data.groups[0]!.data[0]).toMatchObject({ pid2: 1, qty: 4 });
    // 0 or less saves as 1, and so does anything above the maximum (issue 7: one quantity rule)
    await shopper.api("/api/myshp/sync/mcart/v4", [{ ...TONER, qty: 999 }]);
    expect((await shopper.cart()).data.groups[0]!.data[0]!.qty).toBe(999);
    await shopper.api("/api/myshp/sync/mcart/v4", [{ ...TONER, qty: 0 }]);
    expect((await shopper.cart()).data.groups[0]!.data[0]!.qty).toBe(1);
    await shopper.api("/api/myshp/sync/mcart/v4", [{ ...TONER, qty: 123456 }]);
    expect((await shopper.cart()).data.groups[0]!.data[0]!.qty).toBe(1);
  });

  it("computes a local cart (add/cart/v3/local, load/mcart/v3) without storing it", async () => {
    const shopper = new Shopper(PICKS);
    const local = await shopper.api<{
      list: {
        pid2: number;
        qty: number;
        newitem: boolean;
        price: number;
        uid: number;
        origin_uid: number;
        dom: string;
      }[];
    }>("/api/myshp/add/cart/v3/local", {
      list: [{ ...PICK_TONER, qty: 2 }],
      ex_data: [
        { ...PICKS_POUCH, qty: 1, price: 1 },
        { pid2: 401, pid3: 40101, qty: 1 },
      ],
    });
    expect(local.status).toBe(200);
    expect(local.data.list).toEqual([
      expect.objectContaining({
        pid2: 201,
        qty: 2,
        newitem: true,
        price: 18900,
        uid: 1002,
        origin_uid: 1001,
        dom: "beauty",
      }),
      expect.objectContaining({ pid2: 251, qty: 1, newitem: false, price: 14000, uid: 1002, origin_uid: 1002 }),
    ]);
    const view = await shopper.api<CartData>("/api/myshp/load/mcart/v3", { list: local.data.list });
    expect(view.data).toMatchObject({ count: 2, sub_total: 51800 });
    expect((await shopper.api<{ count: number }>("/api/myshp/get/cart/count")).data.count).toBe(0);
  });
});

describe("tracking values and device values", () => {
  it("carries fbp/fbc with cart calls and gives them back from load/cart_cookie/v3", async () => {
    const shopper = new Shopper(BEAUTY);
    shopper.cookies.set("_fbp", "fb.1.1700000000000.111");
    shopper.cookies.set("_fbc", "fb.1.1700000000000.abc");
    await shopper.add([TONER]);
    expect((await shopper.api("/api/myshp/load/cart_cookie/v3?shopid=1")).data).toEqual({
      fbp: "fb.1.1700000000000.111",
      fbc: "fb.1.1700000000000.abc",
    });
    // Without the cookies (another browser tab cleared them) the cart still knows them.
    shopper.cookies.delete("_fbp");
    shopper.cookies.delete("_fbc");
    expect((await shopper.api("/api/myshp/load/cart_cookie/v3")).data).toEqual({
      fbp: "fb.1.1700000000000.111",
      fbc: "fb.1.1700000000000.abc",
    });
  });

  it("parks values per device with uuid/sync_save and uuid/sync_load, for that device only", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([TONER]);
    const uuid = shopper.device!;
    const saved = await shopper.api("/api/myshp/uuid/sync_save", { value: "[1,2]", uuid, type: "cart", fbp: "p" });
    expect(saved).toEqual({ status: 200, data: { ok: true } });
    expect((await shopper.api("/api/myshp/uuid/sync_load", { uuid, type: "cart" })).data).toEqual({
      value: "[1,2]",
      fbp: "p",
      fbc: null,
    });
    const other = new Shopper(BEAUTY);
    await other.add([TONER]);
    expect((await other.api("/api/myshp/uuid/sync_load", { uuid, type: "cart" })).status).toBe(403);
    expect((await other.api("/api/myshp/uuid/sync_save", { value: "x", uuid, type: "cart" })).status).toBe(403);
  });
});

describe("member carts (store level; logging in through the forms is membership.test.ts)", () => {
  it("load/member_cart/v3 needs a logged-in member", async () => {
    const shopper = new Shopper(BEAUTY);
    expect((await shopper.api("/api/myshp/load/member_cart/v3")).status).toBe(401);
  });

  it("merges a guest cart into the member's: quantities added, limits kept, guest cart gone", async () => {
    const store = new CartStore(env.DB);
    const member = memberOwner(5001);
    await store.add(
      1,
      member,
      [
        { ...TONER, qty: 2 },
        { pid2: 2, pid3: 200, qty: 990 },
      ],
      1000,
    );
    const shopper = new Shopper(BEAUTY);
    await shopper.add([{ ...TONER, qty: 3 }, { pid2: 2, pid3: 200, qty: 20 }, SERUM_50]);
    // Another shop's guest cart of the same device is not touched.
    const picks = new Shopper(PICKS);
    picks.cookies.set("uuid_value", shopper.device!);
    await picks.add([PICKS_POUCH]);

    await mergeGuestCart(env.DB, 1, shopper.device!, 5001);

    const lines = await store.lines(1, member);
    const qty = Object.fromEntries(lines.map((l) => [l.pid3, l.qty]));
    expect(qty).toEqual({ 100: 5, 200: 999, 502: 1 });
    expect((await shopper.cart()).data.count).toBe(0);
    expect((await picks.cart()).data.count).toBe(1);
    // Merging again (a second login) changes nothing.
    await mergeGuestCart(env.DB, 1, shopper.device!, 5001);
    expect((await store.lines(1, member)).map((l) => l.qty).sort()).toEqual([1, 5, 999]);
  });

  it("keeps the newest 200 lines when a merge would pass the limit", async () => {
    const store = new CartStore(env.DB);
    const member = memberOwner(5002);
    const bulk = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({ pid2: 9000 + from + i, pid3: 900000 + from + i, qty: 1 }));
    // (the 210 bulk products of the 150-line test above exist in this file's database)
    await store.add(1, member, bulk(0, 150), 1_000);
    const shopper = new Shopper(BEAUTY);
    await shopper.add(bulk(100, 100)); // 50 shared with the member's, 50 new: 200 in all
    await shopper.add([TONER]); // the newest line: one past the limit
    await mergeGuestCart(env.DB, 1, shopper.device!, 5002);
    const lines = await store.lines(1, member);
    expect(lines).toHaveLength(200);
    expect(lines[0]!.pid2).toBe(1);
    expect(lines.find((l) => l.pid2 === 9100)!.qty).toBe(2);
  });

  it("the member's own cart works like a guest's in the store", async () => {
    const store = new CartStore(env.DB);
    const member = memberOwner(5003);
    await store.add(4, member, [{ ...MUG_WHITE, qty: 2 }], 1);
    await store.update(4, member, [{ ...MUG_WHITE, qty: 5 }], [], 2);
    expect((await store.lines(4, member))[0]).toMatchObject({ qty: 5, uid: 1004, price: 28000 });
    expect(await store.count(1, member)).toBe(0);
  });
});

// A shopper who never added anything has an empty cart and gets no device id from reading it.
it("reading an empty cart mints nothing", async () => {
  const res = await get(BEAUTY, "/api/myshp/load/my_cart");
  expect(res.status).toBe(200);
  expect(res.headers.get("set-cookie")).toBeNull();
  expect(await res.json()).toMatchObject({ count: 0, groups: [], total: 0 });
});
