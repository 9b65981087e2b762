import { createScheduledController, env } from "cloudflare:test";
import worker from "../../../functions/worker";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BISTRO_TABLES } from "../../../functions/seed/demo";
import { LivePublisher, liveRoom } from "../../../functions/live/publisher";
import { createTossStandin, type TossStandin } from "../../../scripts/lib/toss-standin.mjs";
import { login } from "../helpers/auth";
import { Shopper, stockOf } from "../helpers/shopper";
import { BISTRO } from "../helpers/request";
import { koCheckout } from "~/shared/messages/checkout";
import { koSmart } from "~/shared/messages/smart";

/**
 * Issue 35 item 6, decision 105: a restaurant that takes payment first. The table's order is an
 * unpaid attempt until Toss's window comes back approved and the card flow confirms it; the kitchen
 * never sees an attempt, and hears of the order on its confirmation. Toss is the local stand-in,
 * routed in where the Worker calls its API.
 */

type Failure = { error: { code: string; message: string; field?: string } };
type Window = { client_key: string; order_id: string; order_name: string; amount: number; easy_pay: string | null };
type Kitchen = { orders: { id: number; status: string; pay: string }[] };

const COLA = "m0010";
const BISTRO_ID = 3;
const STUDIO = "studio.localhost";

let standin: TossStandin;
let published: { rooms: string[]; event: { type: string; id?: number; status?: string } }[];

beforeEach(() => {
  standin = createTossStandin();
  const network = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    return request.url.startsWith(env.TOSS_API_BASE!) ? standin.handle(request) : network(input, init);
  });
  published = [];
  const publish = LivePublisher.prototype.publish;
  vi.spyOn(LivePublisher.prototype, "publish").mockImplementation(function (this: LivePublisher, rooms, event) {
    published.push({ rooms, event });
    return publish.call(this, rooms, event);
  });
});
afterEach(() => vi.restoreAllMocks());

let tableNo = 0;
let phones = 0;
/** A table nobody else's test here uses. */
const freshTable = () => BISTRO_TABLES[tableNo++ % BISTRO_TABLES.length]!;

/** A phone at a table (by default one of its own): its device cookie and the table cookie. */
async function diner(hash = freshTable()): Promise<Shopper> {
  const phone = new Shopper(BISTRO);
  phone.cookies.set("uuid_value", crypto.randomUUID().replaceAll("-", ""));
  phone.ip = `10.35.6.${++phones}`;
  const opened = await phone.api<{ visit: string }>("/api/smartorder/open", { hash });
  phone.cookies.set("smart_table", opened.data.visit);
  return phone;
}

const owner = async () => Shopper.signedIn(BISTRO, await login(BISTRO, "owner@bistro.example.test"));

async function payFirst(on: boolean) {
  const res = await (await owner()).form("/admin/tables", { intent: "pay", mode: on ? "first" : "later" });
  expect(res.status).toBe(303);
}

/** 결제하기 at the table (the page's action as a browser with scripts posts it): the window it opens. */
async function attempt(phone: Shopper, pay = "card", add = true) {
  if (add) await phone.api("/api/smartorder/cart/add", { sid: COLA, qty: 2 });
  const res = await phone.api<{ id: number; window: Window }>("/api/smartorder/order", {
    key: crypto.randomUUID(),
    pay,
  });
  expect(res.status).toBe(200);
  expect(res.data.window).not.toBeNull();
  return res.data;
}

/** The stand-in's window: opened as the SDK would, then one of its buttons; where it sends the phone back. */
async function press(w: Window, action: "approve" | "reject", id: number): Promise<string> {
  const back = (pay: string) => `http://${BISTRO}/smartorder/order_check?id=${id}&pay=${pay}`;
  const fields = new URLSearchParams({
    clientKey: w.client_key,
    customerKey: "ANONYMOUS",
    method: "CARD",
    amount: String(w.amount),
    currency: "KRW",
    orderId: w.order_id,
    orderName: w.order_name,
    successUrl: back("done"),
    failUrl: back("fail"),
  });
  if (w.easy_pay) fields.set("easyPay", w.easy_pay);
  const base = env.TOSS_API_BASE!;
  expect((await standin.handle(`${base}/_standin/window?${fields}`)).status).toBe(200);
  fields.set("action", action);
  const res = await standin.handle(`${base}/_standin/window`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: fields.toString(),
  });
  expect(res.status).toBe(303);
  const location = new URL(res.headers.get("location")!);
  return `${location.pathname}${location.search}`;
}

const kitchenIds = async () => (await (await owner()).api<Kitchen>("/api/admin/kitchen")).data.orders.map((o) => o.id);
const orderRow = (id: number) =>
  env.DB.prepare("SELECT status, pay_method, stock_taken, paid_amount FROM orders WHERE id = ?")
    .bind(id)
    .first<{ status: string; pay_method: string | null; stock_taken: number; paid_amount: number }>();
/** What Toss (the stand-in) says of a window's payment now. */
const tossStatusOf = (orderId: string) =>
  standin
    .listing()
    .flatMap((m) => m.payments as { orderId: string; status: string }[])
    .find((p) => p.orderId === orderId)?.status;
const newOrderEvents = (id: number) => published.filter((p) => p.event.type === "order" && p.event.id === id);

describe("the restaurant's 결제 방식", () => {
  it("is the owner's, and 선결제 needs the shop's Toss keys", async () => {
    const shopper = Shopper.signedIn(BISTRO, await login(BISTRO));
    expect((await shopper.api("/api/admin/tables/pay", { mode: "first" })).status).toBe(403);
    expect((await new Shopper(BISTRO).api("/api/admin/tables/pay", { mode: "first" })).status).toBe(401);

    // A shop without Toss keys is told so, in Korean, and stays 후불.
    const studio = Shopper.signedIn(STUDIO, await login(STUDIO, "owner@studio.example.test"));
    const refused = await studio.api<Failure>("/api/admin/tables/pay", { mode: "first" });
    expect(refused.status).toBe(409);
    expect(refused.data.error).toMatchObject({ field: "mode", message: koSmart.admin.payFirstNeedsKeys });
    expect((await studio.api<{ pay_first: boolean }>("/api/admin/tables")).data.pay_first).toBe(false);
    const page = await studio.form("/admin/tables", { intent: "pay", mode: "first" });
    expect(page.status).toBe(409);
    expect(await page.text()).toContain(koSmart.admin.payFirstNeedsKeys);

    await payFirst(true);
    expect((await (await owner()).api<{ pay_first: boolean }>("/api/admin/tables")).data.pay_first).toBe(true);
    // In 선결제 a table cannot order to pay at the counter any more.
    const phone = await diner();
    await phone.api("/api/smartorder/cart/add", { sid: COLA, qty: 1 });
    const counter = await phone.api<Failure>("/api/smartorder/order", { key: crypto.randomUUID(), pay: "counter" });
    expect(counter.data.error).toMatchObject({ field: "pay", message: koSmart.errors.payFirstOnly });
    await payFirst(false);
    const card = await phone.api<Failure>("/api/smartorder/order", { key: crypto.randomUUID(), pay: "card" });
    expect(card.data.error).toMatchObject({ field: "pay", message: koSmart.errors.payFirstOff });
  });
});

describe("a table paying first", () => {
  beforeEach(() => payFirst(true));

  it("is an attempt the kitchen never sees: no stock taken, no event, the cart kept", async () => {
    const phone = await diner();
    const stock = await colaStock();
    const { id, window } = await attempt(phone);
    expect(window.amount).toBe(2 * 2000);
    expect(await orderRow(id)).toMatchObject({ status: "WAITING_PAYMENT", pay_method: null, stock_taken: 0 });
    expect(await colaStock()).toBe(stock);
    expect(await kitchenIds()).not.toContain(id);
    expect(newOrderEvents(id)).toEqual([]);
    // The table's own list shows no unplaced order, and the cart waits for the payment.
    const mine = await phone.api<{ orders: { id: number }[] }>("/api/smartorder/orders");
    expect(mine.data.orders.map((o) => o.id)).not.toContain(id);
    expect((await phone.api<{ count: number }>("/api/smartorder/cart")).data.count).toBe(2);
  });

  it("is paid on the window's approval: stock taken once, in the kitchen, announced live; a replay changes nothing", async () => {
    const phone = await diner();
    const stock = await colaStock();
    // The same dish in this phone's ordinary cart of the shop is not the table's: it stays.
    const cola = await colaIds();
    expect((await phone.add([{ ...cola, qty: 1 }])).status).toBe(200);
    const { id, window } = await attempt(phone, "kakaopay");
    expect(window.easy_pay).toBe("KAKAOPAY");
    const success = await press(window, "approve", id);
    const back = await phone.fetch(success);
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`/smartorder/order_complete?id=${id}`);

    expect(await orderRow(id)).toMatchObject({ status: "CONFIRM_PAYMENT", stock_taken: 1, paid_amount: 4000 });
    expect(await colaStock()).toBe(stock - 2);
    const kitchen = (await (await owner()).api<Kitchen>("/api/admin/kitchen")).data.orders.find((o) => o.id === id);
    expect(kitchen).toMatchObject({ status: "CONFIRM_PAYMENT", pay: "card" });
    expect(newOrderEvents(id)).toHaveLength(1);
    expect(newOrderEvents(id)[0]!.rooms).toContain(liveRoom.inbox(BISTRO_ID));
    expect((await phone.api<{ count: number }>("/api/smartorder/cart")).data.count).toBe(0);
    expect((await phone.fetch(`/smartorder/order_complete?id=${id}`)).status).toBe(200);
    expect((await phone.api<{ count: number }>("/api/myshp/load/my_cart")).data.count).toBe(1);

    // The same success address again (a refresh, a replay): the same answer, nothing more.
    const again = await phone.fetch(success);
    expect(again.headers.get("location")).toBe(`/smartorder/order_complete?id=${id}`);
    expect(await colaStock()).toBe(stock - 2);
    expect(await orderRow(id)).toMatchObject({ status: "CONFIRM_PAYMENT", paid_amount: 4000 });
    expect(newOrderEvents(id)).toHaveLength(1);
    const payments = await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE order_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(payments!.n).toBe(1);

    // Another phone, even at the same table, cannot confirm it.
    const stranger = await diner();
    const theirs = await stranger.fetch(success);
    expect(theirs.headers.get("location")).toMatch(/^\/smartorder\/order_check\?payment_error=/);
  });

  it("is not placed when the window is refused: nothing in the kitchen, the order check says why", async () => {
    const phone = await diner();
    const stock = await colaStock();
    const { id, window } = await attempt(phone);
    const failure = await press(window, "reject", id);
    const back = await phone.fetch(failure);
    expect(back.status).toBe(303);
    const check = back.headers.get("location")!;
    expect(check).toBe("/smartorder/order_check?payment_error=REJECT_CARD_COMPANY");
    const page = await (await phone.fetch(check)).text();
    expect(page).toContain(koCheckout.failures.REJECT_CARD_COMPANY);

    expect(await orderRow(id)).toMatchObject({ status: "WAITING_PAYMENT", pay_method: null, stock_taken: 0 });
    expect(await colaStock()).toBe(stock);
    expect(await kitchenIds()).not.toContain(id);
    expect(newOrderEvents(id)).toEqual([]);
    expect((await phone.api<{ count: number }>("/api/smartorder/cart")).data.count).toBe(2);
    const attemptRow = await env.DB.prepare("SELECT state, reason FROM payment_attempts WHERE order_id = ?")
      .bind(id)
      .first<{ state: string; reason: string }>();
    expect(attemptRow).toEqual({ state: "failed", reason: "REJECT_CARD_COMPANY" });
  });

  it("is paid once when two phones pay the same cart: the later one is refused before Toss takes anything", async () => {
    const hash = freshTable();
    const a = await diner(hash);
    const b = await diner(hash);
    expect(b.cookies.get("smart_table")).toBe(a.cookies.get("smart_table"));
    const stock = await colaStock();
    const first = await attempt(a);
    const second = await attempt(b, "card", false);
    const [toA, toB] = [
      await press(first.window, "approve", first.id),
      await press(second.window, "approve", second.id),
    ];
    expect((await a.fetch(toA)).headers.get("location")).toBe(`/smartorder/order_complete?id=${first.id}`);
    // The table's lines are paid already: the second phone's window is never confirmed (decision 142).
    expect((await b.fetch(toB)).headers.get("location")).toBe("/smartorder/order_check?payment_error=TABLE_ORDERED");
    expect(await colaStock()).toBe(stock - 2);
    expect(await kitchenIds()).toContain(first.id);
    expect(await kitchenIds()).not.toContain(second.id);
    expect(tossStatusOf(second.window.order_id)).toBe("IN_PROGRESS");
  });

  it("is checked on the order's page when D1 fails after Toss took it, and reaches the kitchen when the reconciler records it", async () => {
    const phone = await diner();
    const stock = await colaStock();
    const { id, window } = await attempt(phone);
    const success = await press(window, "approve", id);
    // D1 fails writing the order's payment: Toss holds the money, the order is not paid yet.
    await env.DB.prepare(
      "CREATE TRIGGER d1_down BEFORE INSERT ON payments BEGIN SELECT RAISE(ABORT, 'D1_UNAVAILABLE'); END",
    ).run();
    const logged: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
    try {
      expect((await phone.fetch(success)).headers.get("location")).toBe(`/smartorder/order_complete?id=${id}`);
    } finally {
      await env.DB.prepare("DROP TRIGGER IF EXISTS d1_down").run();
    }
    expect(logged.some((l) => l.includes("payment taken but not recorded"))).toBe(true);
    expect(tossStatusOf(window.order_id)).toBe("DONE");
    expect(await kitchenIds()).not.toContain(id);
    const checking = await phone.api<{ order: { checking: boolean; status: string } }>(
      `/api/smartorder/orders?id=${id}`,
    );
    expect(checking.data.order).toMatchObject({ checking: true, status: "WAITING_PAYMENT" });
    expect(await (await phone.fetch(`/smartorder/order_complete?id=${id}`)).text()).toContain(
      koCheckout.checking.title,
    );
    // The reconciler's next look records it: paid, in the kitchen, the table told.
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now() + 61_000, cron: "* * * * *" }), env);
    expect(await orderRow(id)).toMatchObject({ status: "CONFIRM_PAYMENT", stock_taken: 1 });
    expect(await colaStock()).toBe(stock - 2);
    expect(await kitchenIds()).toContain(id);
    expect(newOrderEvents(id).at(-1)!.rooms).toEqual([`${BISTRO_ID}/inbox`, expect.stringMatching(/table:/)]);
  });

  it("gives the later payment back when two phones' payments of the same cart reach Toss at once", async () => {
    const hash = freshTable();
    const a = await diner(hash);
    const b = await diner(hash);
    const stock = await colaStock();
    const first = await attempt(a);
    const second = await attempt(b, "card", false);
    const [toA, toB] = [
      await press(first.window, "approve", first.id),
      await press(second.window, "approve", second.id),
    ];
    // The first phone's confirm is slow at Toss: the second reserves, is confirmed and recorded
    // meanwhile. Toss then answers the first with its money, which the table can no longer take.
    standin.addFault({ path: "/v1/payments/confirm", kind: "delay", delayMs: 1_500 });
    const slow = a.fetch(toA);
    await vi.waitFor(() => expect(standin.faults).toHaveLength(0));
    const fast = await b.fetch(toB);
    expect(fast.headers.get("location")).toBe(`/smartorder/order_complete?id=${second.id}`);
    expect((await slow).headers.get("location")).toBe("/smartorder/order_check?payment_error=PAYMENT_CANCELED");
    expect(await colaStock()).toBe(stock - 2);
    // Exactly one payment kept at Toss; the other taken and given back whole, at once.
    expect(tossStatusOf(second.window.order_id)).toBe("DONE");
    expect(tossStatusOf(first.window.order_id)).toBe("CANCELED");
    expect(await kitchenIds()).toContain(second.id);
    expect(await kitchenIds()).not.toContain(first.id);
    const kept = await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE order_id IN (?, ?)")
      .bind(first.id, second.id)
      .first<{ n: number }>();
    expect(kept!.n).toBe(1);
  });

  it("cannot be sent without scripts: the page says so and a post records nothing", async () => {
    const phone = await diner();
    await phone.api("/api/smartorder/cart/add", { sid: COLA, qty: 1 });
    const page = await (await phone.fetch("/smartorder/order_check")).text();
    expect(page).toContain(koSmart.payFirstNeedsScripts);
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>();
    const res = await phone.form("/smartorder/order_check", { intent: "order", key: crypto.randomUUID(), pay: "card" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(koSmart.payFirstNeedsScripts);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>()).toEqual(before);
  });

  it("lets the window in on every page of the table: the menu's taps reach the order check inside the page", async () => {
    const phone = await diner();
    const toss = new URL(env.TOSS_SDK_URL!).origin;
    // Issue 52: the policy is the first document's, the menu's, when the cart bar is tapped with scripts.
    for (const path of ["/smartorder/start", "/smartorder/order_check"]) {
      const csp = (await phone.fetch(path)).headers.get("content-security-policy") ?? "";
      const script = csp.split(";").find((d) => d.trim().startsWith("script-src "));
      expect(script, path).toContain(toss);
    }
    // Other pages still allow none of it.
    const home = (await phone.fetch("/")).headers.get("content-security-policy")!;
    expect(home).not.toContain(toss);
  });
});

/** 콜라 as a cart names it: its product and its one option. */
async function colaIds(): Promise<{ pid2: number; pid3: number }> {
  const row = await env.DB.prepare(
    `SELECT p.id AS pid2, o.id AS pid3 FROM product_options o JOIN products p ON p.id = o.product_id
     WHERE p.sid = ? AND p.shop_id = ?`,
  )
    .bind(COLA, BISTRO_ID)
    .first<{ pid2: number; pid3: number }>();
  return row!;
}

/** 콜라's stock. */
const colaStock = async () => stockOf((await colaIds()).pid3);
