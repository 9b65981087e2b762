import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { BISTRO_TABLES } from "../../../functions/seed/demo";
import { BEAUTY, BISTRO, get } from "../helpers/request";
import { Shopper } from "../helpers/shopper";
import { closeOpened, keepOpened } from "../helpers/sockets";

/**
 * Issue 40, item 5 (decision 132): a change to a table's cart reaches every phone at that table
 * through the table's room, and no other table's or shop's phone; the bar's session says what the
 * table last ordered once its cart is empty again.
 */

const COLA = "m0010"; // 콜라 2,000, one default option
const CIDER = "m0011";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
afterEach(closeOpened);

let n = 0;
/** A phone that scanned a table's code on a host: its device and table cookies. */
async function phoneAt(hash: string, host = BISTRO): Promise<Shopper> {
  const phone = new Shopper(host);
  phone.cookies.set("uuid_value", crypto.randomUUID().replaceAll("-", ""));
  phone.ip = `10.40.5.${++n}`;
  const scan = await phone.api<{ visit: string }>("/api/smartorder/open", { hash });
  expect(scan.status).toBe(200);
  phone.cookies.set("smart_table", scan.data.visit);
  return phone;
}

/** The phone's table socket, with everything it hears. */
async function listen(phone: Shopper) {
  const res = await get(phone.host, "/api/live/ws?room=table", {
    headers: { upgrade: "websocket", origin: `http://${phone.host}`, cookie: phone.cookie },
  });
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  const heard: string[] = [];
  const closed = new Promise<number>((resolve) => socket.addEventListener("close", (e) => resolve(e.code)));
  keepOpened(socket, closed);
  socket.addEventListener("message", (e) => {
    heard.push(String(e.data));
  });
  socket.accept();
  // A ping answered: the socket is in its room before the test writes anything.
  socket.send("ping");
  await until(() => heard.includes("pong"), heard);
  return { socket, heard, events: () => heard.filter((h) => h !== "pong") };
}

async function until(ok: () => boolean, heard: string[]): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (ok()) return;
    await sleep(20);
  }
  throw new Error(`not heard; heard ${JSON.stringify(heard)}`);
}

type Session = { count: number; total: number; last: { id: number; count: number; total: number } | null };

describe("the table's cart, live", () => {
  it("tells the phones at the table, and only them, that the cart changed", async () => {
    const a = await phoneAt(BISTRO_TABLES[6]!);
    const b = await phoneAt(BISTRO_TABLES[6]!);
    expect(b.cookies.get("smart_table")).toBe(a.cookies.get("smart_table"));
    const other = await phoneAt(BISTRO_TABLES[7]!);
    // Another shop's table (a shop may set tables up whatever its kind).
    const beauty = await env.DB.prepare("SELECT id FROM shops WHERE dom = 'beauty'").first<{ id: number }>();
    const hash = "4".repeat(32);
    await env.DB.prepare("INSERT INTO shop_tables (shop_id, name, hash, sort, created_at) VALUES (?, 'B1', ?, 1, ?)")
      .bind(beauty!.id, hash, Date.now())
      .run();
    const elsewhere = await phoneAt(hash, BEAUTY);

    const atA = await listen(a);
    const atB = await listen(b);
    const atOther = await listen(other);
    const atElsewhere = await listen(elsewhere);

    // A adds a dish: both phones at the table hear it, and the event says nothing but that.
    const added = await a.api<{ lines: { id: number }[] }>("/api/smartorder/cart/add", { sid: COLA, qty: 1 });
    expect(added.status).toBe(200);
    await until(() => atB.events().length === 1 && atA.events().length === 1, atB.heard);
    expect(atB.events()).toEqual([JSON.stringify({ type: "table_cart" })]);

    // B changes its quantity, then removes it: each change is heard at the table.
    const line = added.data.lines[0]!.id;
    expect((await b.api("/api/smartorder/cart/qty", { line, qty: 3 })).status).toBe(200);
    await until(() => atA.events().length === 2, atA.heard);
    expect((await b.api("/api/smartorder/cart/qty", { line, qty: 0 })).status).toBe(200);
    await until(() => atA.events().length === 3 && atB.events().length === 3, atA.heard);

    // Another table's change reaches its own phone, never this table's; another shop's neither way.
    expect((await other.api("/api/smartorder/cart/add", { sid: CIDER, qty: 1 })).status).toBe(200);
    await until(() => atOther.events().length === 1, atOther.heard);
    // The other table's phone heard only its own table: nothing of A's and B's three changes.
    expect(atOther.events()).toEqual([JSON.stringify({ type: "table_cart" })]);
    expect(atElsewhere.events()).toEqual([]);
    expect(atA.events()).toHaveLength(3);
    expect(atB.events()).toHaveLength(3);
  });

  it("gives the bar what the table last ordered once the cart is empty again", async () => {
    const a = await phoneAt(BISTRO_TABLES[5]!);
    const b = await phoneAt(BISTRO_TABLES[5]!);
    await a.api("/api/smartorder/cart/add", { sid: COLA, qty: 2 });
    await b.api("/api/smartorder/cart/add", { sid: CIDER, qty: 1 });
    const before = await b.api<Session>("/api/smartorder/session");
    expect(before.data).toMatchObject({ count: 3, last: null });
    const order = await a.api<{ id: number }>("/api/smartorder/order", { key: crypto.randomUUID(), pay: "counter" });
    expect(order.status).toBe(200);
    const after = await b.api<Session>("/api/smartorder/session");
    expect(after.data).toMatchObject({
      count: 0,
      total: 0,
      last: { id: order.data.id, count: 3, total: before.data.total },
    });
  });
});
