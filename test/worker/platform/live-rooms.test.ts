import { env, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { reconnectsAfter } from "~/shared/live";
import { liveRoom } from "../../../functions/live/publisher";
import { FRAMES_PER_WINDOW } from "../../../functions/live/room";
import { SOCKETS_PER_ADDRESS, SOCKETS_PER_SESSION, STALE_AFTER_MS } from "../../../functions/live/limits";
import { BISTRO_TABLES } from "../../../functions/seed/demo";
import { BEAUTY, BISTRO, get, PICKS } from "../helpers/request";
import { BEAUTY_OWNER, joinNew, login, PASSWORD } from "../helpers/auth";
import { Shopper } from "../helpers/shopper";
import { closeOpened, openLive } from "../helpers/sockets";

/** Issue 12 (in part): the event socket on a Durable Object: who may open it, pings, limits, events. */

const ORIGIN = `http://${BEAUTY}`;

function upgrade(
  host: string,
  cookie: string | null,
  opts: { origin?: string | null; room?: string; ip?: string } = {},
) {
  const headers: Record<string, string> = { upgrade: "websocket" };
  const origin = opts.origin === undefined ? `http://${host}` : opts.origin;
  if (origin) headers.origin = origin;
  if (cookie) headers.cookie = cookie;
  if (opts.ip) headers["cf-connecting-ip"] = opts.ip;
  return get(host, `/api/live/ws${opts.room ? `?room=${opts.room}` : ""}`, { headers });
}

/** The close code of a socket the room refused right after the upgrade. */
async function refusal(host: string, cookie: string | null, room?: string): Promise<number> {
  const res = await upgrade(host, cookie, { room });
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  const closed = new Promise<number>((resolve) => socket.addEventListener("close", (e) => resolve(e.code)));
  socket.accept();
  return closed;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
afterEach(closeOpened);

/** An open socket with what it receives and how it closed. */
const open = (host: string, cookie: string, room?: string, ip?: string) => openLive(host, cookie, { room, ip });

/** Which of the sockets the room closed (and how), or null for those still open a moment later. */
async function refusals(sockets: Awaited<ReturnType<typeof open>>[]) {
  return Promise.all(sockets.map((s) => Promise.race([s.closed, sleep(500).then(() => null)])));
}

describe("the live socket's door", () => {
  it("refuses without an upgrade, from another origin or none, and nobody", async () => {
    const me = await joinNew(BEAUTY);
    expect((await get(BEAUTY, "/api/live/ws", { headers: { cookie: me.cookie, origin: ORIGIN } })).status).toBe(426);
    expect((await upgrade(BEAUTY, me.cookie, { origin: "http://evil.example" })).status).toBe(403);
    expect((await upgrade(BEAUTY, me.cookie, { origin: `http://${PICKS}` })).status).toBe(403);
    expect((await upgrade(BEAUTY, me.cookie, { origin: null })).status).toBe(403);
    // Someone of this origin who may not listen: the socket opens and closes at once with its code
    // (no failed handshake in the browser's console; the client does not retry these).
    expect(await refusal(BEAUTY, null)).toBe(4401);
    // The inbox is the owner's.
    expect(await refusal(BEAUTY, me.cookie, "inbox")).toBe(4403);
  });
});

describe("the live rooms", () => {
  it("answer pings, and close on big, foreign or too many frames with their codes", async () => {
    const me = await joinNew(BEAUTY);
    const a = await open(BEAUTY, me.cookie);
    a.socket.send("ping");
    await a.next((t) => t === "pong");
    a.socket.send(JSON.stringify({ type: "ping" }));
    await new Promise((r) => setTimeout(r, 50));
    expect(a.received.filter((t) => t === "pong")).toHaveLength(2);
    a.socket.send("x".repeat(2000));
    expect((await a.closed).code).toBe(1009);

    const b = await open(BEAUTY, me.cookie);
    b.socket.send(JSON.stringify({ type: "message", text: "소켓으로 보내기" }));
    expect((await b.closed).code).toBe(1003);

    const c = await open(BEAUTY, me.cookie);
    for (let i = 0; i < 11; i++) c.socket.send(JSON.stringify({ type: "ping", n: i }));
    expect((await c.closed).code).toBe(4429);
  });

  it("count plain pings like every other frame: the eleventh in ten seconds closes the socket", async () => {
    const me = await joinNew(BEAUTY);
    const a = await open(BEAUTY, me.cookie);
    for (let i = 0; i < 200; i++) a.socket.send("ping");
    expect(await a.closed).toEqual({ code: 4429, reason: "too many frames" });
    expect(a.received.filter((t) => t === "pong").length).toBeLessThanOrEqual(FRAMES_PER_WINDOW);
  });

  it("tell the member and the owner's inbox of new messages, and nobody else", async () => {
    const account = await joinNew(BEAUTY, "실시간 회원");
    const other = await joinNew(BEAUTY, "다른 회원");
    const ownerCookie = await login(BEAUTY, BEAUTY_OWNER);
    const picksOwner = await login(PICKS, "owner@picks.example.test");
    const mine = await open(BEAUTY, account.cookie);
    const inbox = await open(BEAUTY, ownerCookie, "inbox");
    const stranger = await open(BEAUTY, other.cookie);
    const elsewhere = await open(PICKS, picksOwner, "inbox");

    const me = Shopper.signedIn(BEAUTY, account.cookie);
    const sent = await me.api<{ ticket_id: number; message: { id: number } }>("/api/message/v2/send", {
      text: "실시간으로 가나요?",
    });
    const event = JSON.parse(await inbox.next((t) => t.includes('"message"')));
    expect(event).toEqual({
      type: "message",
      ticket_id: sent.data.ticket_id,
      message_id: sent.data.message.id,
      sender: "member",
    });
    await mine.next((t) => t.includes(`"message_id":${sent.data.message.id}`));
    // The event says which conversation changed, never what was said.
    expect(inbox.received.join()).not.toContain("실시간으로");

    const owner = Shopper.signedIn(BEAUTY, ownerCookie);
    await owner.api("/api/admin/message/send", { id: sent.data.ticket_id, text: "네!" });
    await mine.next((t) => t.includes('"sender":"shop"'));
    await new Promise((r) => setTimeout(r, 100));
    expect(stranger.received.filter((t) => t !== "pong")).toEqual([]);
    expect(elsewhere.received).toEqual([]);
    for (const s of [mine, inbox, stranger, elsewhere]) s.socket.close(1000, "done");
  });

  it("tell the buyer when the owner moves their order", async () => {
    const account = await joinNew(BEAUTY, "주문 회원");
    const me = Shopper.signedIn(BEAUTY, account.cookie);
    await me.add([{ pid2: 13, pid3: 1300 }]);
    const id = (await me.order([{ pid2: 13, pid3: 1300, qty: 1 }])).data.order_id;
    expect((await me.pay(id)).status).toBe(200);
    const socket = await open(BEAUTY, account.cookie);
    const owner = Shopper.signedIn(BEAUTY, await login(BEAUTY, BEAUTY_OWNER));
    await owner.api("/api/myshp/admin/order/action", { id, action: "confirm_payment" });
    const event = JSON.parse(await socket.next((t) => t.includes('"order"')));
    expect(event).toMatchObject({ type: "order", id });
    expect(event.status).not.toBe("WAITING_PAYMENT");
    socket.socket.close(1000, "done");
  });
});

describe("the live rooms' caps (decision 094)", () => {
  it("keep ten sockets of one session and refuse the rest with 4429; a closed one makes room", async () => {
    const me = await joinNew(BEAUTY);
    const sockets = await Promise.all(Array.from({ length: 60 }, () => open(BEAUTY, me.cookie)));
    const closed = await refusals(sockets);
    const refused = closed.filter((c) => c !== null);
    expect(refused).toHaveLength(60 - SOCKETS_PER_SESSION);
    expect(new Set(refused.map((c) => `${c.code} ${c.reason}`))).toEqual(new Set(["4429 too many connections"]));
    const kept = sockets.filter((_, i) => closed[i] === null);
    kept[0]!.socket.send("ping");
    await kept[0]!.next((t) => t === "pong");
    kept[0]!.socket.close(1000, "done");
    await sleep(100);
    const again = await open(BEAUTY, me.cookie);
    expect(await refusals([again])).toEqual([null]);
    for (const s of [...kept, again]) s.socket.close(1000, "done");
  });

  it("keep thirty sockets of one client address, whatever the sessions; another address gets in", async () => {
    const { email, cookie } = await joinNew(BEAUTY);
    const sessions = [cookie];
    for (let i = 0; i < 3; i++) sessions.push(await login(BEAUTY, email, PASSWORD));
    const ip = "198.51.100.77";
    const sockets = await Promise.all(
      sessions.flatMap((c) => Array.from({ length: 8 }, () => open(BEAUTY, c, undefined, ip))),
    );
    const closed = await refusals(sockets);
    expect(closed.filter((c) => c?.code === 4429)).toHaveLength(sessions.length * 8 - SOCKETS_PER_ADDRESS);
    const elsewhere = await open(BEAUTY, sessions[3]!, undefined, "198.51.100.78");
    expect(await refusals([elsewhere])).toEqual([null]);
    for (const s of [...sockets, elsewhere]) s.socket.close(1000, "done");
  });

  it("stop counting a socket silent for three minutes, and close it (a dropped network's sockets)", async () => {
    const me = await joinNew(BEAUTY);
    const old = await Promise.all(Array.from({ length: SOCKETS_PER_SESSION }, () => open(BEAUTY, me.cookie)));
    expect((await refusals([await open(BEAUTY, me.cookie)]))[0]?.code).toBe(4429);
    // As if none of them had sent anything (not even a ping) for three minutes.
    const rooms = env.LIVE!;
    const room = rooms.get(rooms.idFromName(liveRoom.of(1, `m:${me.uid}`)));
    await runInDurableObject(room, (_room, state) => {
      const seen = Date.now() - STALE_AFTER_MS;
      for (const socket of state.getWebSockets()) socket.serializeAttachment({ windowStart: seen, frames: 0, seen });
    });
    const fresh = await open(BEAUTY, me.cookie);
    expect(await refusals([fresh])).toEqual([null]);
    expect(await old[0]!.closed).toEqual({ code: 1001, reason: "silent too long" });
    fresh.socket.close(1000, "done");
  });

  it("tell the browser not to connect again after a refusal", () => {
    expect(reconnectsAfter(4429)).toBe(false);
    expect(reconnectsAfter(4401)).toBe(false);
    expect(reconnectsAfter(4403)).toBe(false);
    // A dropped connection, a restart, an idle timeout: the client comes back.
    expect(reconnectsAfter(1006)).toBe(true);
    expect(reconnectsAfter(1001)).toBe(true);
    expect(reconnectsAfter(1000)).toBe(true);
  });
});

describe("a table's room (smart order)", () => {
  it("is opened only with this shop's table cookie, and hears the kitchen; the kitchen hears new orders", async () => {
    const phone = new Shopper(BISTRO);
    phone.cookies.set("uuid_value", "c".repeat(32));
    const scanned = await phone.fetch(`/smartorder/${BISTRO_TABLES[5]}`);
    expect(scanned.status).toBe(303);
    expect(await refusal(BISTRO, null, "table")).toBe(4401);
    // bistro's table cookie on another shop's host names no table there.
    expect(await refusal(BEAUTY, phone.cookie, "table")).toBe(4401);

    const owner = await login(BISTRO, "owner@bistro.example.test");
    const table = await open(BISTRO, phone.cookie, "table");
    const kitchen = await open(BISTRO, owner, "inbox");
    await phone.api("/api/smartorder/cart/add", { sid: "m0010", qty: 1 });
    const { data } = await phone.api<{ id: number }>("/api/smartorder/order", {
      key: crypto.randomUUID(),
      pay: "counter",
    });
    await kitchen.next((t) => t.includes(`"id":${data.id}`) && t.includes("CONFIRM_PAYMENT"));
    await table.next((t) => t.includes(`"id":${data.id}`));
    await Shopper.signedIn(BISTRO, owner).api("/api/myshp/admin/order/action", { id: data.id, action: "prepare" });
    await table.next((t) => t.includes("READY_FOR_DELIVERY"));
    await kitchen.next((t) => t.includes("READY_FOR_DELIVERY"));
    table.socket.close(1000);
    kitchen.socket.close(1000);
  });
});
