import { env, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { newDeviceId } from "~/shared/device";
import { LIVE_CLOSE } from "~/shared/live";
import { LEASE_RENEW_AFTER_MS, SOCKETS_PER_ADDRESS, SOCKETS_PER_SESSION } from "../../../functions/live/limits";
import { liveRoom } from "../../../functions/live/publisher";
import { joinNew } from "../helpers/auth";
import { BEAUTY, PICKS } from "../helpers/request";
import { closeOpened, openLive } from "../helpers/sockets";

/**
 * Issue 50, item 4 (decision 150): the cap of live sockets per client address holds across every
 * room of the platform, and invented device ids (a guest's room each) do not multiply it. Each
 * address's slots are leases in its own Durable Object: given back on close, never held by a
 * refused socket, lapsing when no room gives them back, kept by a pinging socket.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
afterEach(closeOpened);

type Opened = Awaited<ReturnType<typeof openLive>>;

/** An upgrade of a page on `host` from client address `ip`, its socket accepted. */
const open = (host: string, cookie: string, ip: string) => openLive(host, cookie, { ip });

/** For each socket: how the room closed it, or null for one still open a moment later. */
const outcomes = (sockets: Opened[]) =>
  Promise.all(sockets.map((s) => Promise.race([s.closed, sleep(500).then(() => null)])));

/** A guest's device cookie with an id nobody was given: any 32 hex digits. */
const invented = () => `uuid_value=${newDeviceId()}`;

/** The address's ledger (functions/live/address.ts), named by the counted address. */
const ledger = (ip: string) => env.LIVE_ADDRESSES!.get(env.LIVE_ADDRESSES!.idFromName(ip));

/** Fills the address: twelve invented devices, six on each of two shops, five sockets each. */
async function fill(ip: string) {
  const devices = Array.from({ length: 12 }, (_, i) => ({ host: i < 6 ? BEAUTY : PICKS, cookie: invented() }));
  const sockets = await Promise.all(
    devices.flatMap((d) => Array.from({ length: 5 }, () => open(d.host, d.cookie, ip))),
  );
  const closed = await outcomes(sockets);
  return { devices, sockets, closed, kept: sockets.filter((_, i) => closed[i] === null) };
}

describe("the live sockets of one client address (decision 150)", () => {
  it("are thirty on the whole platform, however many device ids it invents; another address gets in", async () => {
    const ip = "198.51.100.150";
    const { closed, kept } = await fill(ip);
    expect(kept).toHaveLength(SOCKETS_PER_ADDRESS);
    const refused = closed.filter((c) => c !== null);
    expect(refused).toHaveLength(60 - SOCKETS_PER_ADDRESS);
    expect(new Set(refused.map((c) => `${c.code} ${c.reason}`))).toEqual(
      new Set([`${LIVE_CLOSE.tooMany} too many connections`]),
    );
    expect(await ledger(ip).held()).toBe(SOCKETS_PER_ADDRESS);
    // A member's own room from the same address is refused too; another address is not.
    const member = await joinNew(BEAUTY);
    expect(await outcomes([await open(BEAUTY, member.cookie, ip)])).toEqual([
      { code: LIVE_CLOSE.tooMany, reason: "too many connections" },
    ]);
    expect(await outcomes([await open(BEAUTY, member.cookie, "198.51.100.151")])).toEqual([null]);
  });

  it("give a closed socket's slot back, to any room of any shop", async () => {
    const ip = "198.51.100.152";
    const { kept } = await fill(ip);
    expect(kept).toHaveLength(SOCKETS_PER_ADDRESS);
    kept[0]!.socket.close(1000, "done");
    await kept[0]!.closed;
    for (let i = 0; i < 50 && (await ledger(ip).held()) >= SOCKETS_PER_ADDRESS; i++) await sleep(20);
    expect(await ledger(ip).held()).toBe(SOCKETS_PER_ADDRESS - 1);
    expect(await outcomes([await open(PICKS, invented(), ip)])).toEqual([null]);
    expect(await outcomes([await open(BEAUTY, invented(), ip)])).toEqual([
      { code: LIVE_CLOSE.tooMany, reason: "too many connections" },
    ]);
  });

  it("are not held by sockets a room refuses for its own cap per session", async () => {
    const ip = "198.51.100.153";
    const cookie = invented();
    const sockets = await Promise.all(Array.from({ length: 15 }, () => open(BEAUTY, cookie, ip)));
    const closed = await outcomes(sockets);
    expect(closed.filter((c) => c === null)).toHaveLength(SOCKETS_PER_SESSION);
    expect(await ledger(ip).held()).toBe(SOCKETS_PER_SESSION);
  });

  it("lapse when no room gives them back, while a pinging socket keeps its own", async () => {
    const ip = "198.51.100.154";
    const device = newDeviceId();
    const mine = await open(BEAUTY, `uuid_value=${device}`, ip);
    const others = await Promise.all(
      Array.from({ length: 6 }, invented).flatMap((cookie) => Array.from({ length: 5 }, () => open(PICKS, cookie, ip))),
    );
    expect((await outcomes([mine, ...others])).filter((c) => c === null)).toHaveLength(SOCKETS_PER_ADDRESS);
    // As if every room had been reset without running its close handlers, LEASE_MS ago.
    await runInDurableObject(ledger(ip), (_ledger, state) => {
      state.storage.sql.exec("UPDATE leases SET expires = ?", Date.now() - 1);
    });
    expect(await ledger(ip).held()).toBe(0);
    // One socket still pings: its room renews its slot once the last renewal is a minute old.
    const rooms = env.LIVE!;
    const room = rooms.get(rooms.idFromName(liveRoom.of(1, `d:${device}`)));
    await runInDurableObject(room, (_room, state) => {
      for (const socket of state.getWebSockets()) {
        const seen = socket.deserializeAttachment() as Record<string, unknown>;
        socket.serializeAttachment({ ...seen, renewed: Date.now() - LEASE_RENEW_AFTER_MS });
      }
    });
    mine.socket.send("ping");
    for (let i = 0; i < 50 && (await ledger(ip).held()) === 0; i++) await sleep(20);
    expect(mine.received).toContain("pong");
    expect(await ledger(ip).held()).toBe(1);
    // The lapsed slots are free again: 29 new sockets get in beside the pinging one, not 30.
    const again = await Promise.all(
      Array.from({ length: 6 }, invented).flatMap((cookie) =>
        Array.from({ length: 5 }, () => open(BEAUTY, cookie, ip)),
      ),
    );
    expect((await outcomes(again)).filter((c) => c === null)).toHaveLength(SOCKETS_PER_ADDRESS - 1);
  });
});
