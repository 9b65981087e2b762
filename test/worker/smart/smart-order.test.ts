import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TableStore, VISIT_MS } from "../../../functions/db/tables";
import { BISTRO_TABLES } from "../../../functions/seed/demo";
import { joinNew, login } from "../helpers/auth";
import { Shopper, setStock, stockOf } from "../helpers/shopper";
import { BEAUTY, BISTRO } from "../helpers/request";
import { koCart } from "~/shared/messages/cart";
import { koSmart } from "~/shared/messages/smart";

type Cart = {
  lines: { id: number; title: string; label: string; unit_price: number; qty: number; problem: string | null }[];
  count: number;
  total: number;
};
type Failure = { error: { code: string; message: string; field?: string } };

const KIMCHI = "m0001"; // 김치찌개 9,000: 맵기 options 30101..30103, add-ons 3011 라면사리 1,500, 3012 치즈 1,000
const BIBIMBAP = "m0004"; // 비빔밥 9,500: 양 보통 30401 / 곱빼기 30402 (+2,000), add-on 3041 계란후라이 1,000
const PORK_CUTLET = "m0005"; // 돈까스 10,500, one default option
const COLA = "m0010";

let tableNo = 0;
/** A phone at a table: its device cookie, and the table cookie a scan of the code gives it. */
async function diner(hash: string, host = BISTRO): Promise<Shopper> {
  const phone = new Shopper(host);
  phone.cookies.set("uuid_value", crypto.randomUUID().replaceAll("-", ""));
  phone.ip = `10.13.${tableNo}.${Math.floor(Math.random() * 250)}`;
  const opened = await phone.api<{ visit: string; name: string }>("/api/smartorder/open", { hash });
  if (opened.status === 200) phone.cookies.set("smart_table", opened.data.visit);
  return phone;
}

/** A table nobody else's test uses, with a fresh meal. */
function freshTable(): string {
  return BISTRO_TABLES[tableNo++ % BISTRO_TABLES.length]!;
}

const orderOf = (id: number) =>
  env.DB.prepare("SELECT status, table_name, pay_later, paid_amount, total_price, visit_id FROM orders WHERE id = ?")
    .bind(id)
    .first<{
      status: string;
      table_name: string;
      pay_later: number;
      paid_amount: number;
      total_price: number;
      visit_id: string;
    }>();

describe("tables and their codes", () => {
  it("opens one meal for every phone that scans the same code, and nothing for an unknown or another shop's code", async () => {
    const hash = freshTable();
    const a = await diner(hash);
    const b = await diner(hash);
    expect(a.cookies.get("smart_table")).toMatch(/^[0-9a-f]{32}$/);
    expect(b.cookies.get("smart_table")).toBe(a.cookies.get("smart_table"));

    const unknown = await new Shopper(BISTRO).api<Failure>("/api/smartorder/open", { hash: "0".repeat(32) });
    expect(unknown.status).toBe(404);
    expect(unknown.data.error.message).toBe(koSmart.tableNotFound);
    // bistro's code on another shop's host opens nothing.
    expect((await new Shopper(BEAUTY).api("/api/smartorder/open", { hash })).status).toBe(404);
    // A bistro table cookie means nothing on another shop.
    const elsewhere = new Shopper(BEAUTY);
    elsewhere.cookies.set("smart_table", a.cookies.get("smart_table")!);
    expect((await elsewhere.api<Failure>("/api/smartorder/cart")).data.error.code).toBe("TABLE_SESSION");
    expect((await new Shopper(BISTRO).api<Failure>("/api/smartorder/menu")).status).toBe(404);
  });

  it("lets the owner add, renew and retire tables; a retired code and its meal open nothing", async () => {
    const owner = Shopper.signedIn(BISTRO, await login(BISTRO, "owner@bistro.example.test"));
    const added = await owner.api<{ tables: { id: number; name: string; hash: string }[] }>("/api/admin/tables/add", {
      name: "테라스 1",
    });
    expect(added.status).toBe(200);
    const table = added.data.tables.find((t) => t.name === "테라스 1")!;
    expect(table.hash).toMatch(/^[0-9a-f]{32}$/);
    expect((await owner.api<Failure>("/api/admin/tables/add", { name: "테라스 1" })).data.error.field).toBe("name");

    const phone = await diner(table.hash);
    expect((await phone.api("/api/smartorder/menu")).status).toBe(200);
    const renewed = await owner.api<{ tables: { id: number; name: string; hash: string }[] }>("/api/admin/tables/act", {
      id: table.id,
      act: "renew",
    });
    const again = renewed.data.tables.find((t) => t.name === "테라스 1")!;
    expect(again.hash).not.toBe(table.hash);
    expect((await phone.api("/api/smartorder/menu")).status).toBe(404);
    expect((await new Shopper(BISTRO).api("/api/smartorder/open", { hash: table.hash })).status).toBe(404);
    expect((await new Shopper(BISTRO).api("/api/smartorder/open", { hash: again.hash })).status).toBe(200);

    // Not the owner: no tables.
    const shopper = Shopper.signedIn(BISTRO, await login(BISTRO));
    expect((await shopper.api("/api/admin/tables")).status).toBe(403);
    // Another shop's owner cannot touch bistro's tables from their own host.
    const beautyOwner = Shopper.signedIn(BEAUTY, await login(BEAUTY, "owner@beauty.example.test"));
    await beautyOwner.api("/api/admin/tables/act", { id: again.id, act: "retire" });
    expect((await new Shopper(BISTRO).api("/api/smartorder/open", { hash: again.hash })).status).toBe(200);
  });
});

describe("the table's cart", () => {
  it("is shared by the phones at the table and prices options and add-ons from the menu", async () => {
    const hash = freshTable();
    const a = await diner(hash);
    const b = await diner(hash);
    const item = await a.api<{
      item: { option_label: string };
      options: { id: number; name: string }[];
      extras: { id: number }[];
    }>(`/api/smartorder/item?sid=${KIMCHI}`);
    expect(item.data.item.option_label).toBe("맵기");
    expect(item.data.options.map((o) => o.name)).toEqual(["순한맛", "보통맛", "매운맛"]);

    // 김치찌개 매운맛 + 라면사리 + 치즈: 9,000 + 1,500 + 1,000; add-ons in any order are the same line.
    await a.api("/api/smartorder/cart/add", { sid: KIMCHI, option: 30103, extras: [3012, 3011], qty: 1 });
    await b.api("/api/smartorder/cart/add", { sid: KIMCHI, option: 30103, extras: [3011, 3012], qty: 1 });
    await b.api("/api/smartorder/cart/add", { sid: KIMCHI, option: 30103, qty: 1 });
    const cart = await a.api<Cart>("/api/smartorder/cart");
    expect(cart.data.lines).toEqual([
      expect.objectContaining({ title: "김치찌개", label: "매운맛 · 라면사리, 치즈", unit_price: 11_500, qty: 2 }),
      expect.objectContaining({ title: "김치찌개", label: "매운맛", unit_price: 9000, qty: 1 }),
    ]);
    await a.api("/api/smartorder/cart/add", { sid: BIBIMBAP, option: 30402, extras: [3041] });
    const more = await b.api<Cart>("/api/smartorder/cart");
    expect(more.data.lines.at(-1)).toMatchObject({ label: "곱빼기 · 계란후라이", unit_price: 12_500 });
    expect(more.data.total).toBe(2 * 11_500 + 9000 + 12_500);

    // The browser never names a price; a choice must be the item's own.
    const noChoice = await a.api<Failure>("/api/smartorder/cart/add", { sid: KIMCHI, qty: 1 });
    expect(noChoice.data.error).toMatchObject({ field: "option", message: koSmart.errors.choose });
    const foreign = await a.api<Failure>("/api/smartorder/cart/add", { sid: KIMCHI, option: 30402, qty: 1 });
    expect(foreign.data.error.field).toBe("option");
    const foreignExtra = await a.api<Failure>("/api/smartorder/cart/add", { sid: PORK_CUTLET, extras: [3011] });
    expect(foreignExtra.data.error.field).toBe("extras");
    expect((await a.api<Failure>("/api/smartorder/cart/add", { sid: "b0001" })).status).toBe(404);
    expect((await a.api<Failure>("/api/smartorder/cart/add", { sid: COLA, qty: 100 })).data.error.field).toBe("qty");

    // Another table sees none of it.
    const other = await diner(freshTable());
    expect((await other.api<Cart>("/api/smartorder/cart")).data.lines).toEqual([]);
    await other.api("/api/smartorder/cart/qty", { line: cart.data.lines[0]!.id, qty: 0 });
    expect((await a.api<Cart>("/api/smartorder/cart")).data.lines).toHaveLength(3);
  });
});

describe("meals past their time", () => {
  it("lose their cart to the scheduled job, and only theirs", async () => {
    const a = await diner(BISTRO_TABLES[6]);
    await a.api("/api/smartorder/cart/add", { sid: COLA, qty: 1 });
    const visit = a.cookies.get("smart_table")!;
    const count = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM table_cart_lines WHERE visit_id = ?")
        .bind(visit)
        .first<{ n: number }>())!.n;
    expect(await new TableStore(env.DB).purgeEnded(Date.now())).toBe(0);
    expect(await count()).toBe(1);
    await new TableStore(env.DB).purgeEnded(Date.now() + VISIT_MS + 1);
    expect(await count()).toBe(0);
  });
});

describe("table orders", () => {
  it("makes one order when two phones order the same cart at once, into the kitchen at once when paid later", async () => {
    const hash = freshTable();
    const a = await diner(hash);
    const b = await diner(hash);
    await a.api("/api/smartorder/cart/add", { sid: KIMCHI, option: 30102, extras: [3012], qty: 2 });
    await b.api("/api/smartorder/cart/add", { sid: COLA, qty: 1 });
    const before = await stockOf(30102);
    const [first, second] = await Promise.all([
      a.api<{ id: number } & Failure>("/api/smartorder/order", {
        key: crypto.randomUUID(),
        memo: "덜 맵게",
        pay: "counter",
      }),
      b.api<{ id: number } & Failure>("/api/smartorder/order", { key: crypto.randomUUID(), pay: "counter" }),
    ]);
    const results = [first, second].sort((x, y) => x.status - y.status);
    expect(results.map((r) => r.status)).toEqual([200, 409]);
    expect(results[1]!.data.error.code).toBe("TABLE_ORDERED");
    const id = results[0]!.data.id;
    expect(await orderOf(id)).toMatchObject({
      status: "CONFIRM_PAYMENT",
      table_name: expect.any(String),
      pay_later: 1,
    });
    expect(await stockOf(30102)).toBe(before - 2);
    expect((await a.api<Cart>("/api/smartorder/cart")).data.lines).toEqual([]);

    // Both phones follow it; another table cannot read it.
    const seen = await b.api<{
      orders: { id: number }[];
      order: { lines: { name: string; opt_name: string; unit_price: number }[]; memo: string };
    }>(`/api/smartorder/orders?id=${id}`);
    expect(seen.data.orders.map((o) => o.id)).toEqual([id]);
    expect(seen.data.order.lines[0]).toMatchObject({ name: "김치찌개", opt_name: "보통맛 · 치즈", unit_price: 10_000 });
    const other = await diner(freshTable());
    expect((await other.api(`/api/smartorder/orders?id=${id}`)).status).toBe(404);

    // The same form again is the same order.
    const key = crypto.randomUUID();
    await a.api("/api/smartorder/cart/add", { sid: COLA, qty: 1 });
    const once = await a.api<{ id: number }>("/api/smartorder/order", { key, pay: "counter" });
    const twice = await a.api<{ id: number }>("/api/smartorder/order", { key, pay: "counter" });
    expect(twice.data.id).toBe(once.data.id);
  });

  it("is cooked and served from the kitchen board through the state machine", async () => {
    const a = await diner(freshTable());
    await a.api("/api/smartorder/cart/add", { sid: BIBIMBAP, option: 30401, qty: 1 });
    const { data } = await a.api<{ id: number }>("/api/smartorder/order", { key: crypto.randomUUID(), pay: "counter" });
    const owner = Shopper.signedIn(BISTRO, await login(BISTRO, "owner@bistro.example.test"));
    const board = await owner.api<{
      orders: { id: number; actions: string[]; pay: string; lines: { name: string }[] }[];
    }>("/api/admin/kitchen");
    const card = board.data.orders.find((o) => o.id === data.id)!;
    expect(card).toMatchObject({ pay: "counter", actions: ["prepare", "kitchen_cancel"], lines: [{ name: "비빔밥" }] });
    const act = (action: string) =>
      owner.api<{ status: string; actions: string[]; table: { name: string } }>("/api/myshp/admin/order/action", {
        id: data.id,
        action,
      });
    const cooking = await act("prepare");
    expect(cooking.data).toMatchObject({ status: "READY_FOR_DELIVERY", actions: ["serve", "kitchen_cancel"] });
    expect(cooking.data.table.name).toBeTruthy();
    expect((await act("ship")).status).toBe(409);
    expect((await act("serve")).data.status).toBe("DONE");
    expect(await orderOf(data.id)).toMatchObject({ status: "DONE", paid_amount: 9500 });
    // The diners cannot move it; the shop's other owners' hosts cannot see it.
    expect(
      (await a.api("/api/myshp/my/order/action", { id: data.id, action: "request_cancel", reason: "x" })).status,
    ).not.toBe(200);
  });

  it("refuses a dish sold out while in the cart with the stock message, and the kitchen's cancel returns the stock", async () => {
    const a = await diner(freshTable());
    await a.api("/api/smartorder/cart/add", { sid: PORK_CUTLET, qty: 2 });
    const option = (await env.DB.prepare("SELECT id FROM product_options WHERE product_id = 305").first<{
      id: number;
    }>())!.id;
    const stock = await stockOf(option);
    await setStock(option, 1);
    const cart = await a.api<Cart>("/api/smartorder/cart");
    expect(cart.data.lines[0]!.problem).toBe("재고 부족 (주문 가능: 1개)");
    const refused = await a.api<Failure>("/api/smartorder/order", { key: crypto.randomUUID(), pay: "counter" });
    expect(refused.status).toBe(409);
    expect(refused.data.error).toMatchObject({
      code: "CHECK_QTY_INFO",
      message: koCart.checkStock,
    });
    await setStock(option, stock);
    const { data } = await a.api<{ id: number }>("/api/smartorder/order", { key: crypto.randomUUID(), pay: "counter" });
    expect(await stockOf(option)).toBe(stock - 2);
    const owner = Shopper.signedIn(BISTRO, await login(BISTRO, "owner@bistro.example.test"));
    const canceled = await owner.api<{ status: string }>("/api/myshp/admin/order/action", {
      id: data.id,
      action: "kitchen_cancel",
    });
    expect(canceled.data.status).toBe("CANCELED");
    expect(await stockOf(option)).toBe(stock);
  });

  it("takes a bank transfer that waits for 입금확인, and ends with the meal", async () => {
    const hash = freshTable();
    const a = await diner(hash);
    await a.api("/api/smartorder/cart/add", { sid: COLA, qty: 2 });
    const noName = await a.api<Failure>("/api/smartorder/order", { key: crypto.randomUUID(), pay: "bank" });
    expect(noName.data.error.field).toBe("depositor");
    const { data } = await a.api<{ id: number }>("/api/smartorder/order", {
      key: crypto.randomUUID(),
      pay: "bank",
      depositor: "김손님",
    });
    expect((await orderOf(data.id))!.status).toBe("WAITING_PAYMENT");
    const seen = await a.api<{ order: { bank: { amount: number } } }>(`/api/smartorder/orders?id=${data.id}`);
    expect(seen.data.order.bank.amount).toBe(4000);
    const owner = Shopper.signedIn(BISTRO, await login(BISTRO, "owner@bistro.example.test"));
    const board = await owner.api<{ orders: { id: number; actions: string[] }[] }>("/api/admin/kitchen");
    expect(board.data.orders.find((o) => o.id === data.id)!.actions).toEqual(["confirm_payment", "kitchen_cancel"]);

    // The owner ends the meal: the phones' cookie opens nothing more, the next scan is a new meal.
    const tables = await owner.api<{ tables: { id: number; hash: string; in_use: boolean }[] }>("/api/admin/tables");
    const table = tables.data.tables.find((t) => t.hash === hash)!;
    expect(table.in_use).toBe(true);
    await a.api("/api/smartorder/cart/add", { sid: COLA, qty: 1 });
    await owner.api("/api/admin/tables/act", { id: table.id, act: "end" });
    expect((await a.api<Failure>("/api/smartorder/cart")).data.error.code).toBe("TABLE_SESSION");
    // The ended meal's cart is gone with it.
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM table_cart_lines WHERE visit_id = ?")
      .bind(a.cookies.get("smart_table"))
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
    const next = await diner(hash);
    expect(next.cookies.get("smart_table")).not.toBe(a.cookies.get("smart_table"));
  });

  it("lets a member of the shop pay it all with points, and nobody else", async () => {
    const hash = freshTable();
    const guest = await diner(hash);
    await guest.api("/api/smartorder/cart/add", { sid: COLA, qty: 1 });
    const noLogin = await guest.api<Failure>("/api/smartorder/order", { key: crypto.randomUUID(), pay: "points" });
    expect(noLogin.data.error).toMatchObject({ field: "pay", message: koSmart.errors.pointsLogin });

    const me = await joinNew(BISTRO, "포인트 손님");
    const member = Shopper.signedIn(BISTRO, me.cookie);
    member.ip = "10.13.99.1";
    const opened = await member.api<{ visit: string }>("/api/smartorder/open", { hash });
    member.cookies.set("smart_table", opened.data.visit);
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO shop_members (shop_id, uid, privacy_agreed_at, joined_at) VALUES (3, ?1, ?2, ?2)",
      ).bind(me.uid, now),
      env.DB.prepare(
        "INSERT INTO point_history (shop_id, uid, amount, reason, created_at, rem_value) VALUES (3, ?1, 3000, 'admin', ?2, 3000)",
      ).bind(me.uid, now),
    ]);
    expect((await member.api<{ points: number }>("/api/smartorder/session")).data.points).toBe(3000);
    // The cart is the table's: the guest's cola is in it. 2,000 + 2,000 > 3,000 points: refused.
    await member.api("/api/smartorder/cart/add", { sid: COLA, qty: 1 });
    const short = await member.api<Failure>("/api/smartorder/order", { key: crypto.randomUUID(), pay: "points" });
    expect(short.data.error).toMatchObject({ code: "POINTS_SHORT", field: "pay" });
    const lines = (await member.api<Cart>("/api/smartorder/cart")).data.lines;
    await member.api("/api/smartorder/cart/qty", { line: lines[0]!.id, qty: 1 });
    const paid = await member.api<{ id: number }>("/api/smartorder/order", { key: crypto.randomUUID(), pay: "points" });
    expect(paid.status).toBe(200);
    expect(await orderOf(paid.data.id)).toMatchObject({ status: "CONFIRM_PAYMENT", pay_later: 0, paid_amount: 0 });
    expect((await member.api<{ points: number }>("/api/smartorder/session")).data.points).toBe(1000);
  });
});
