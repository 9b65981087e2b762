import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CartStore, deviceOwner } from "../../../functions/db/cart";
import { OrderStore, type NewOrder } from "../../../functions/db/orders";
import { BEAUTY } from "../helpers/request";
import { ADDRESS, Shopper, setStock, stockOf } from "../helpers/shopper";
import { joinNew } from "../helpers/auth";
import type { Db } from "../../../functions/db/session";
import { koAuth } from "~/shared/messages/auth";
import { koCart, koOrder } from "~/shared/messages/cart";

/**
 * Issue 7, points 2–5 and 10: one order per intent, an order sheet that leaves the cart alone,
 * limits on unpaid orders, ended sessions, and writes in a fixed number of statements.
 */

type Sheet = { id: number; status: string; cancel_reason: string | null; deadline: number };

const sheetOf = (s: Shopper, id: number) =>
  s.api<Sheet & { payment: { deadline: number } | null }>(`/api/myshp/get/my/order?id=${id}`);

/** The cart page's form as a browser without scripts would post it. */
async function cartForm(shopper: Shopper) {
  const html = await (await shopper.fetch("/user/checkout")).text();
  const key = /name="key" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const lines = [...html.matchAll(/name="line" value="(\d+\.\d+)"/g)].map((m) => m[1]!);
  // Quantities as the page shows them (the inputs are named qty:{line}); a missing one fails.
  const qty = lines.map((l) => {
    const value = new RegExp(`name="qty:${l.replace(".", "\\.")}"[^>]*value="(\\d+)"`).exec(html)?.[1];
    if (!value) throw new Error(`no quantity for ${l}`);
    return [`qty:${l}`, value] as [string, string];
  });

  return { key, lines, qty };
}

function orderFields(form: Awaited<ReturnType<typeof cartForm>>, key = form.key): [string, string][] {
  return [...form.lines.map((l) => ["line", l] as [string, string]), ...form.qty, ["key", key], ["intent", "order"]];
}

describe("one order per intent", () => {
  it("leaves the cart as it was; ordering it again gives the same sheet, whatever the key", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([
      { pid2: 13, pid3: 1300, qty: 2 },
      { pid2: 14, pid3: 1400 },
    ]);
    const form = await cartForm(shopper);
    const first = await shopper.form("/user/checkout", orderFields(form));
    expect(first.status).toBe(302);
    // Back: the cart is all there, and a new page (new key) orders the same lines.
    const again = await cartForm(shopper);
    expect(again.lines).toHaveLength(2);
    expect(again.key).not.toBe(form.key);
    const second = await shopper.form("/user/checkout", orderFields(again));
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE owner = ?")
      .bind(`d:${shopper.device}`)
      .first<{ n: number }>();
    expect(n!.n).toBe(1);
  });

  it("makes a new sheet for a changed cart and closes the old one, which can no longer be paid", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([{ pid2: 15, pid3: 1500, qty: 1 }]);
    const old = (await shopper.order([{ pid2: 15, pid3: 1500, qty: 1 }])).data.order_id;
    await shopper.add([{ pid2: 15, pid3: 1500, qty: 1 }]); // now 2
    const fresh = (await shopper.order([{ pid2: 15, pid3: 1500, qty: 2 }])).data.order_id;
    expect(fresh).not.toBe(old);
    expect((await sheetOf(shopper, old)).data).toMatchObject({ status: "CANCELED", cancel_reason: "replaced" });
    const late = await shopper.pay(old);
    expect(late.status).toBe(409);
    expect(late.data.error?.code).toBe("ORDER_CLOSED");
    const page = await (await shopper.fetch(`/user/order?id=${old}`)).text();
    expect(page).toContain("새 주문서가 만들어져 이 주문서는 닫혔습니다");
    expect((await shopper.pay(fresh)).status).toBe(200);
  });

  it("leaves one payable sheet when two tabs order at once with different keys", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([{ pid2: 16, pid3: 1600, qty: 1 }]);
    const list = [{ pid2: 16, pid3: 1600, qty: 1 }];
    const results = await Promise.all([shopper.order(list), shopper.order(list), shopper.order(list)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const open = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM orders WHERE owner = ? AND status = 'WAITING_PAYMENT' AND pay_method IS NULL",
    )
      .bind(`d:${shopper.device}`)
      .first<{ n: number }>();
    expect(open!.n).toBe(1);
    const ids = [...new Set(results.map((r) => r.data.order_id))];
    const payable = await Promise.all(ids.map((id) => shopper.pay(id)));
    expect(payable.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it("cannot order again what was already paid for, even from a stale page with a new key", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([{ pid2: 18, pid3: 1800, qty: 1 }]);
    const stale = await cartForm(shopper);
    const id = (await shopper.order([{ pid2: 18, pid3: 1800, qty: 1 }])).data.order_id;
    expect((await shopper.pay(id)).status).toBe(200);
    const stock = await stockOf(1800);
    const retry = await shopper.form("/user/checkout", orderFields(stale, crypto.randomUUID()));
    expect(retry.status).toBe(409);
    expect(await retry.text()).toContain(koCart.empty);
    expect(await stockOf(1800)).toBe(stock);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE owner = ?")
      .bind(`d:${shopper.device}`)
      .first<{ n: number }>();
    expect(n!.n).toBe(1);
  });

  it("keeps the submitted key on the page after a failed attempt, without scripts", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([{ pid2: 23, pid3: 2300, qty: 1 }]);
    const form = await cartForm(shopper);
    await env.DB.prepare("UPDATE shops SET status = 'preparing' WHERE id = 1").run();
    let html: string;
    try {
      const res = await shopper.form("/user/checkout", orderFields(form));
      expect(res.status).toBe(409);
      html = await res.text();
    } finally {
      await env.DB.prepare("UPDATE shops SET status = 'open' WHERE id = 1").run();
    }
    expect(html).toContain(koOrder.shopStatus);
    expect(/name="key" value="([^"]+)"/.exec(html)?.[1]).toBe(form.key);
  });

  it("keeps a quantity added to the cart after the sheet was made", async () => {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([{ pid2: 20, pid3: 2000, qty: 1 }]);
    const id = (await shopper.order([{ pid2: 20, pid3: 2000, qty: 1 }])).data.order_id;
    await shopper.add([{ pid2: 20, pid3: 2000, qty: 2 }]); // 3 in the cart now
    expect((await shopper.pay(id)).status).toBe(200);
    const cart = (await shopper.cart()).data;
    expect(cart.groups.flatMap((g) => g.data.map((i) => [i.pid2, i.qty]))).toEqual([[20, 2]]);
  });
});

describe("stock cannot be held hostage", () => {
  it("refuses a fourth unpaid bank transfer of one shopper, and says why", async () => {
    const shopper = new Shopper(BEAUTY);
    await setStock(2500, 500);
    for (let i = 0; i < 3; i++) {
      await shopper.add([{ pid2: 25, pid3: 2500 }]);
      const id = (await shopper.order([{ pid2: 25, pid3: 2500, qty: 1 }])).data.order_id;
      expect((await shopper.pay(id)).status).toBe(200);
    }
    await shopper.add([{ pid2: 25, pid3: 2500 }]);
    const id = (await shopper.order([{ pid2: 25, pid3: 2500, qty: 1 }])).data.order_id;
    const stock = await stockOf(2500);
    const res = await shopper.pay(id);
    expect(res.status).toBe(429);
    expect(res.data.error?.code).toBe("TOO_MANY_UNPAID");
    expect(res.data.error?.message).toContain("입금을 기다리는 주문이 이미 3건 있습니다");
    expect(await stockOf(2500)).toBe(stock);
    // The sheet says the same, without scripts.
    const page = await shopper.form(`/user/order?id=${id}`, { pay_method: "bank", ...ADDRESS });
    expect(page.status).toBe(409);
    expect(await page.text()).toContain("입금을 기다리는 주문이 이미 3건 있습니다");
  });

  it("counts unpaid orders per client address too, across devices", async () => {
    await setStock(2600, 500);
    const ip = "203.0.113.77";
    const results: number[] = [];
    for (let i = 0; i < 11; i++) {
      const shopper = new Shopper(BEAUTY);
      shopper.ip = ip;
      await shopper.add([{ pid2: 26, pid3: 2600 }]);
      const id = (await shopper.order([{ pid2: 26, pid3: 2600, qty: 1 }])).data.order_id;
      results.push((await shopper.pay(id)).status);
    }
    expect(results.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(results[10]).toBe(429);
    // Loopback (a developer's machine: wrangler dev, the browser tests) is nobody's address.
    const local = new Shopper(BEAUTY);
    local.ip = "127.0.0.1";
    await local.add([{ pid2: 26, pid3: 2600 }]);
    const localId = (await local.order([{ pid2: 26, pid3: 2600, qty: 1 }])).data.order_id;
    await env.DB.prepare("UPDATE orders SET ip = '127.0.0.1' WHERE ip = ?").bind(ip).run();
    expect((await local.pay(localId)).status).toBe(200);
  });

  it("lets a guest's unpaid transfer hold at most half of an option's stock, rounded up (decision 095)", async () => {
    await setStock(2701, 5);
    const guest = new Shopper(BEAUTY);
    await guest.add([{ pid2: 27, pid3: 2701, qty: 5 }]);
    const all = (await guest.order([{ pid2: 27, pid3: 2701, qty: 5 }])).data.order_id;
    const res = await guest.pay(all);
    expect(res.status).toBe(409);
    const message = koOrder.holdTooLarge;
    expect(res.data.error).toEqual({ code: "HOLD_TOO_LARGE", message });
    expect(await stockOf(2701)).toBe(5);
    // The sheet says the same without scripts, and leads back to the cart.
    const page = await guest.form(`/user/order?id=${all}`, { pay_method: "bank", ...ADDRESS });
    expect(page.status).toBe(409);
    expect(await page.text()).toContain(message);

    // Three of five is half, rounded up; then one of the two left.
    const other = new Shopper(BEAUTY);
    await other.add([{ pid2: 27, pid3: 2701, qty: 3 }]);
    expect((await other.pay((await other.order([{ pid2: 27, pid3: 2701, qty: 3 }])).data.order_id)).status).toBe(200);
    const third = new Shopper(BEAUTY);
    await third.add([{ pid2: 27, pid3: 2701, qty: 2 }]);
    const both = (await third.order([{ pid2: 27, pid3: 2701, qty: 2 }])).data.order_id;
    expect((await third.pay(both)).data.error?.code).toBe("HOLD_TOO_LARGE");
    const fourth = new Shopper(BEAUTY);
    await fourth.add([{ pid2: 27, pid3: 2701 }]);
    expect((await fourth.pay((await fourth.order([{ pid2: 27, pid3: 2701, qty: 1 }])).data.order_id)).status).toBe(200);
    // The last unit can always be bought; a member (an account to reach) may take all that is left.
    const { cookie } = await joinNew(BEAUTY);
    const member = Shopper.signedIn(BEAUTY, cookie);
    await member.add([{ pid2: 27, pid3: 2701 }]);
    expect((await member.pay((await member.order([{ pid2: 27, pid3: 2701, qty: 1 }])).data.order_id)).status).toBe(200);
    expect(await stockOf(2701)).toBe(0);
  });

  it("rate-limits making order sheets", async () => {
    const shopper = new Shopper(BEAUTY);
    shopper.ip = "203.0.113.78";
    await shopper.add([{ pid2: 28, pid3: 2800, qty: 1 }]);
    const statuses: number[] = [];
    for (let qty = 1; qty <= 21; qty++) {
      // A changed cart each time, so every call makes a new sheet.
      await shopper.api("/api/myshp/sync/mcart/v4", { list: [{ pid2: 28, pid3: 2800, qty }] });
      statuses.push((await shopper.order([{ pid2: 28, pid3: 2800, qty }])).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    const res = await shopper.order([{ pid2: 28, pid3: 2800, qty: 21 }]);
    expect(res.data.error?.message).toBe(koOrder.tooManyOrders);
  });

  it("refuses more than 300 units in one order", async () => {
    const shopper = new Shopper(BEAUTY);
    await setStock(2900, 999);
    await shopper.add([{ pid2: 29, pid3: 2900, qty: 301 }]);
    const res = await shopper.order([{ pid2: 29, pid3: 2900, qty: 301 }]);
    expect(res.status).toBe(409);
    expect(res.data.error).toEqual({
      code: "ORDER_TOO_LARGE",
      message: "한 번에 주문할 수 있는 수량은 모두 합해 최대 300개입니다",
    });
  });

  it("gives guests the shop's shorter deposit deadline; members keep three days", async () => {
    await env.DB.prepare("UPDATE shops SET guest_deposit_hours = 12 WHERE id = 1").run();
    try {
      const guest = new Shopper(BEAUTY);
      await guest.add([{ pid2: 31, pid3: 3100 }]);
      const id = (await guest.order([{ pid2: 31, pid3: 3100, qty: 1 }])).data.order_id;
      await guest.pay(id);
      const hours = ((await sheetOf(guest, id)).data.deadline - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(11.9);
      expect(hours).toBeLessThanOrEqual(12);

      const member = new Shopper(BEAUTY);
      const { cookie } = await joinNew(BEAUTY);
      for (const pair of cookie.split("; ")) {
        const at = pair.indexOf("=");
        member.cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      await member.add([{ pid2: 31, pid3: 3100 }]);
      const mid = (await member.order([{ pid2: 31, pid3: 3100, qty: 1 }])).data.order_id;
      await member.pay(mid);
      expect(((await sheetOf(member, mid)).data.deadline - Date.now()) / 86_400_000).toBeGreaterThan(2.99);
    } finally {
      await env.DB.prepare("UPDATE shops SET guest_deposit_hours = NULL WHERE id = 1").run();
    }
  });
});

describe("an ended session never turns into a guest", () => {
  async function expiredMember() {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([{ pid2: 32, pid3: 3200 }]); // a device cart the shopper had before logging in
    const { cookie, uid } = await joinNew(BEAUTY);
    for (const pair of cookie.split("; ")) {
      const at = pair.indexOf("=");
      // The session cookies only: this browser keeps its own device id.
      if (pair.startsWith("uuid_value=")) continue;
      shopper.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    await shopper.add([{ pid2: 33, pid3: 3300 }]);
    await env.DB.prepare("UPDATE sessions SET expires_at = 0 WHERE uid = ?").bind(uid).run();
    return { shopper, uid };
  }

  it("asks for login again on the cart page, its actions and the order sheet, keeping the way back", async () => {
    const { shopper, uid } = await expiredMember();
    const login = "/user/login?url=%2Fuser%2Fcheckout&expired=1";

    const page = await shopper.fetch("/user/checkout");
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe(login);

    const data = await shopper.fetch("/user/checkout.data");
    expect(await data.text()).toContain("/user/login?url=%2Fuser%2Fcheckout&expired=1");

    const order = await shopper.form("/user/checkout", [
      ["line", "32.3200"],
      ["qty:32.3200", "1"],
      ["key", crypto.randomUUID()],
      ["intent", "order"],
    ]);
    expect(order.status).toBe(303);
    expect(order.headers.get("location")).toBe(login);

    const add = await shopper.form("/shop/view/b0033", { pid2: "33", option: "3300", qty: "1" });
    expect(add.status).toBe(303);
    expect(add.headers.get("location")).toMatch(/^\/user\/login\?url=%2Fshop%2Fview%2F/);

    const sheet = await shopper.fetch("/user/order?id=123456789012");
    expect(sheet.status).toBe(303);
    expect(sheet.headers.get("location")).toBe("/user/login?url=%2Fuser%2Forder%3Fid%3D123456789012&expired=1");

    const api = await shopper.add([{ pid2: 32, pid3: 3200 }]);
    expect(api.status).toBe(401);
    expect(api.data.error).toEqual({
      code: "SESSION_EXPIRED",
      message: koAuth.sessionExpired,
    });

    // Nothing was written for the device or the member.
    const orders = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE owner IN (?, ?)")
      .bind(`d:${shopper.device}`, `m:${uid}`)
      .first<{ n: number }>();
    expect(orders!.n).toBe(0);
    const device = await env.DB.prepare("SELECT SUM(qty) AS n FROM cart_lines WHERE owner = ?")
      .bind(`d:${shopper.device}`)
      .first<{ n: number }>();
    expect(device!.n).toBe(1);

    const notice = await (await shopper.fetch(login)).text();
    expect(notice).toContain(koAuth.sessionExpired);
    expect(notice).toContain(koAuth.continueAsGuest);
  });

  it("sends the background save to login too, instead of saving for the device", async () => {
    const { shopper } = await expiredMember();
    const res = await shopper.form("/user/checkout/save", [
      ["line", "32.3200"],
      ["qty:32.3200", "5"],
    ]);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ saved: false, login: "/user/login?url=%2Fuser%2Fcheckout&expired=1" });
    const device = await env.DB.prepare("SELECT qty FROM cart_lines WHERE owner = ?")
      .bind(`d:${shopper.device}`)
      .first<{ qty: number }>();
    expect(device!.qty).toBe(1);
  });
});

describe("writes in a fixed number of statements", () => {
  /** D1 with a count of the statements prepared through it (each is run once, alone or in a batch). */
  function counted(db: Db) {
    const count = { n: 0 };
    const proxy = new Proxy(db, {
      get(target, key) {
        if (key === "prepare")
          return (sql: string) => {
            count.n += 1;
            return target.prepare(sql);
          };
        const value = Reflect.get(target, key) as unknown;
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    return { db: proxy, count };
  }

  async function bulkCatalogue(n: number) {
    await env.DB.batch([
      env.DB.prepare(
        `WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ?1)
         INSERT OR IGNORE INTO products (id, sid, shop_id, title, price) SELECT 900000 + n, 'bulk-' || n, 1, '벌크 ' || n, 1000 FROM i`,
      ).bind(n),
      env.DB.prepare(
        `WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ?1)
         INSERT OR IGNORE INTO product_options (id, product_id, stock, default_option) SELECT 9000000 + n, 900000 + n, 10, 1 FROM i`,
      ).bind(n),
    ]);
    return Array.from({ length: n }, (_, i) => ({ pid2: 900001 + i, pid3: 9000001 + i, qty: 1 }));
  }

  async function statementsFor(lines: { pid2: number; pid3: number; qty: number }[]) {
    const shopper = new Shopper(BEAUTY);
    await shopper.add([lines[0]!]);
    const owner = deviceOwner(shopper.device!);
    const { db, count } = counted(env.DB);
    const cart = new CartStore(db);
    const used: Record<string, number> = {};
    const measure = async (name: string, fn: () => Promise<unknown>) => {
      count.n = 0;
      await fn();
      used[name] = count.n;
    };
    await measure("add", () => cart.add(1, owner, lines, Date.now()));
    await measure("update", () =>
      cart.update(
        1,
        owner,
        lines.map((l) => ({ ...l, qty: 2 })),
        [],
        Date.now(),
      ),
    );
    await cart.update(1, owner, lines, [], Date.now());
    const resolved = await new CartStore(env.DB).lines(1, owner);
    const order: NewOrder = {
      shopId: 1,
      owner,
      key: crypto.randomUUID(),
      now: Date.now(),
      deadline: Date.now() + 3_600_000,
      lines: resolved,
      groups: [
        {
          uid: 1001,
          origin_uid: 1001,
          shop_name: "뷰티 라운지",
          shop_name_origin: "뷰티 라운지",
          sub_price: 0,
          delivery_fee: 0,
        },
      ],
      itemsPrice: 0,
      deliveryPrice: 0,
      npay: false,
      fromMaster: false,
      ua: null,
      ip: null,
      fbp: null,
      fbc: null,
    };
    const store = new OrderStore(db);
    let id = 0;
    await measure("create", async () => (id = await store.create(order)));
    await measure("pay", () =>
      store.pay(1, owner, id, Date.now(), {
        ...ADDRESS,
        depositor: "김하나",
        email: null,
        points: 0,
        uid: null,
        bank: { name: "우리은행", account: "1", holder: "뷰티" },
        deadline: Date.now() + 86_400_000,
        ip: null,
        thirdPartyAgreed: false,
      }),
    );
    await measure("remove", () => cart.update(1, owner, [], lines, Date.now()));
    expect(await new CartStore(env.DB).count(1, owner)).toBe(0);
    return { used, lines: resolved.length };
  }

  it("costs the same for a 200-line cart as for one line", async () => {
    const lines = await bulkCatalogue(200);
    const one = await statementsFor(lines.slice(0, 1));
    const all = await statementsFor(lines);
    expect(one.lines).toBe(1);
    expect(all.lines).toBe(200);
    expect(all.used).toEqual(one.used);
    expect(all.used).toEqual({ add: 4, update: 3, create: 8, pay: 11, remove: 3 });
  });

  it("orders and pays a 200-line cart through the API", async () => {
    const lines = await bulkCatalogue(200);
    const shopper = new Shopper(BEAUTY);
    expect((await shopper.add(lines)).status).toBe(200);
    const res = await shopper.order(lines);
    expect(res.status).toBe(200);
    const stock = await stockOf(9000200);
    expect((await shopper.pay(res.data.order_id)).status).toBe(200);
    expect(await stockOf(9000200)).toBe(stock - 1);
    expect((await shopper.cart()).data.count).toBe(0);
  });
});
