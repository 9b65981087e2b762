import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BEAUTY, STUDIO_CUSTOM, get } from "../helpers/request";
import { Shopper } from "../helpers/shopper";
import { login, setCookies } from "../helpers/auth";

const STUDIO = "studio.localhost";
// Studio's mug (functions/seed/demo.ts: studio products from 401, options id*100+n).
const MUG_WHITE = { pid2: 401, pid3: 40101 };
const MUG_BLUE = { pid2: 401, pid3: 40102 };

/** One browser with a cookie jar per host, as a real browser keeps them. */
class Browser {
  readonly hosts = new Map<string, Shopper>();
  on(host: string): Shopper {
    if (!this.hosts.has(host)) this.hosts.set(host, new Shopper(host));
    return this.hosts.get(host)!;
  }
  /** Follows 303s across hosts, each with its own cookies; returns the last response and the path it landed on. */
  async follow(
    host: string,
    path: string,
    limit = 6,
  ): Promise<{ res: Response; host: string; path: string; hops: URL[] }> {
    const hops: URL[] = [];
    let url = new URL(`http://${host}${path}`);
    for (let i = 0; i < limit; i++) {
      const res = await this.on(url.hostname).fetch(url.pathname + url.search);
      const location = res.headers.get("location");
      if (res.status !== 303 || !location) return { res, host: url.hostname, path: url.pathname + url.search, hops };
      url = new URL(location, url);
      hops.push(url);
    }
    throw new Error("too many redirects");
  }
}

const ticketCount = async () =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM device_tickets").first<{ n: number }>())!.n;

/** Runs the chain up to the ticket: the receiving host's state and the address the ticket comes back on. */
async function mintFor(browser: Browser, from: string, to: string, path = "/shop/list") {
  const start = await browser.on(to).fetch(`/api/device/handoff?url=${encodeURIComponent(path)}`);
  expect(start.status).toBe(303);
  const state = setCookies(start).get("dstate")!;
  expect(state).toMatch(/^[A-Za-z0-9_-]{22}$/);
  const ask = new URL(start.headers.get("location")!);
  expect(ask.hostname).toBe(from);
  expect(ask.pathname).toBe("/api/device/handoff/ticket");
  const minted = await browser.on(from).fetch(ask.pathname + ask.search);
  expect(minted.status).toBe(303);
  expect(minted.headers.get("referrer-policy")).toBe("no-referrer");
  expect(minted.headers.get("cache-control")).toContain("no-store");
  const back = new URL(minted.headers.get("location")!);
  expect(back.hostname).toBe(to);
  return { state, back };
}

describe("a guest's device across a shop's two hosts", () => {
  it("follows the guest from the sub-domain to the custom domain: cart, favourites, recently viewed", async () => {
    const browser = new Browser();
    const sub = browser.on(STUDIO);
    expect((await sub.add([MUG_WHITE])).data.count).toBe(1);
    expect((await sub.api("/api/myshp/my/like", { pid: 401, like: true })).status).toBe(200);
    await sub.api("/api/myshp/my/recent/view", { pid: 401 });
    const device = sub.device!;

    const { res, host, path, hops } = await browser.follow(STUDIO_CUSTOM, "/api/device/handoff?url=%2Fshop%2Flist");
    expect(host).toBe(STUDIO_CUSTOM);
    expect(path).toBe("/shop/list");
    expect(res.status).toBe(200);
    // Never the device id in an address; the ticket is not the device id either.
    for (const hop of hops) expect(hop.href).not.toContain(device);
    const custom = browser.on(STUDIO_CUSTOM);
    expect(custom.device).toBe(device);
    expect(custom.cookies.get("dstate")).toBe("");
    expect((await custom.cart()).data.count).toBe(1);
    expect((await custom.api<{ ids: number[] }>("/api/myshp/get/my/liked?pids=401")).data.ids).toEqual([401]);
    expect((await custom.api<{ ids: number[] }>("/api/myshp/get/my/recent")).data.ids).toEqual([401]);
    // Only the ticket's hash is kept.
    const ticket = hops.find((h) => h.searchParams.has("ticket"))!.searchParams.get("ticket")!;
    expect(await env.DB.prepare("SELECT 1 FROM device_tickets WHERE ticket_hash = ?").bind(ticket).first()).toBeNull();
  });

  it("uses a ticket once, only with this browser's state, on this shop's other host, within a minute", async () => {
    const browser = new Browser();
    await browser.on(STUDIO).add([MUG_WHITE]);
    const device = browser.on(STUDIO).device!;
    const landsWithout = async (host: string, back: URL, cookie?: string) => {
      const res = await get(host, back.pathname + back.search, cookie ? { headers: { cookie } } : {});
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/shop/list");
      expect(res.headers.getSetCookie().some((c) => c.startsWith("uuid_value="))).toBe(false);
    };

    // Replayed: the second redemption does nothing.
    const a = await mintFor(browser, STUDIO, STUDIO_CUSTOM);
    const first = await get(STUDIO_CUSTOM, a.back.pathname + a.back.search, {
      headers: { cookie: `dstate=${a.state}` },
    });
    expect(first.headers.getSetCookie().find((c) => c.startsWith("uuid_value="))).toContain(device);
    await landsWithout(STUDIO_CUSTOM, a.back, `dstate=${a.state}`);

    // Another browser: no state cookie, or another one.
    const b = await mintFor(browser, STUDIO, STUDIO_CUSTOM);
    await landsWithout(STUDIO_CUSTOM, b.back);
    await landsWithout(STUDIO_CUSTOM, b.back, `dstate=${"A".repeat(22)}`);

    // Another shop's host, with the state of the browser that asked.
    const c = await mintFor(browser, STUDIO, STUDIO_CUSTOM);
    const elsewhere = await get(BEAUTY, c.back.pathname + c.back.search, { headers: { cookie: `dstate=${c.state}` } });
    expect(elsewhere.headers.getSetCookie().some((x) => x.startsWith("uuid_value="))).toBe(false);
    // The sending host itself is not the host the ticket was made for.
    await landsWithout(STUDIO, c.back, `dstate=${c.state}`);

    // Expired.
    const d = await mintFor(browser, STUDIO, STUDIO_CUSTOM);
    await env.DB.prepare("UPDATE device_tickets SET expires_at = unixepoch() - 1").run();
    await landsWithout(STUDIO_CUSTOM, d.back, `dstate=${d.state}`);
  });

  it("mints nothing when the sending host has no device, and the guest lands all the same", async () => {
    const before = await ticketCount();
    const browser = new Browser();
    const { res, host, path, hops } = await browser.follow(STUDIO_CUSTOM, "/api/device/handoff?url=%2Fshop%2Flist");
    expect([host, path, res.status]).toEqual([STUDIO_CUSTOM, "/shop/list", 200]);
    expect(hops.some((h) => h.searchParams.has("ticket"))).toBe(false);
    expect(browser.on(STUDIO_CUSTOM).device).toBeUndefined();
    expect(await ticketCount()).toBe(before);
  });

  it("adds what the receiving host had to the device it receives", async () => {
    const browser = new Browser();
    await browser.on(STUDIO_CUSTOM).add([MUG_BLUE]);
    await browser.on(STUDIO_CUSTOM).api("/api/myshp/my/like", { pid: 401, like: true });
    const old = browser.on(STUDIO_CUSTOM).device!;
    await browser.on(STUDIO).add([MUG_WHITE]);
    const sent = browser.on(STUDIO).device!;
    expect(sent).not.toBe(old);

    await browser.follow(STUDIO_CUSTOM, "/api/device/handoff?url=%2F");
    const custom = browser.on(STUDIO_CUSTOM);
    expect(custom.device).toBe(sent);
    const cart = (await custom.cart()).data;
    expect(cart.count).toBe(2);
    expect((await custom.api<{ ids: number[] }>("/api/myshp/get/my/liked?pids=401")).data.ids).toEqual([401]);
    // The sub-domain sees the same now, and the old device has nothing left.
    expect((await browser.on(STUDIO).cart()).data.count).toBe(2);
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM cart_lines WHERE owner = ?")
      .bind(`d:${old}`)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);

    // And back the other way, now that both hosts share the device: nothing moves, nothing is lost.
    const back = await browser.follow(STUDIO, "/api/device/handoff?url=%2F");
    expect(back.host).toBe(STUDIO);
    expect(browser.on(STUDIO).device).toBe(sent);
    expect((await browser.on(STUDIO).cart()).data.count).toBe(2);
  });

  it("asks nothing for a member, a click on the same host, or a shop without a second host", async () => {
    const before = await ticketCount();
    const member = await get(STUDIO_CUSTOM, "/api/device/handoff?url=%2Fshop%2Flist", {
      headers: { cookie: await login(STUDIO_CUSTOM) },
    });
    expect(member.headers.get("location")).toBe("/shop/list");
    const same = await get(STUDIO_CUSTOM, "/api/device/handoff?url=%2F", {
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(same.headers.get("location")).toBe("/");
    const beauty = await get(BEAUTY, "/api/device/handoff?url=%2F");
    expect(beauty.headers.get("location")).toBe("/");
    // An address elsewhere is never a destination.
    const evil = await get(
      STUDIO_CUSTOM,
      `/api/device/handoff?back=1&url=${encodeURIComponent("https://evil.example/")}`,
    );
    expect(evil.headers.get("location")).toBe("/");
    expect(await ticketCount()).toBe(before);
  });

  it("limits the tickets one device is given", async () => {
    const browser = new Browser();
    await browser.on(STUDIO).add([MUG_WHITE]);
    await env.DB.prepare(
      `INSERT INTO device_tickets (ticket_hash, shop_id, device, host, state_hash, client, created_at, expires_at)
       SELECT 'seeded-' || value, 1, ?, 'x', 'x', 'x', unixepoch(), unixepoch() + 60
       FROM json_each('[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30]')`,
    )
      .bind(browser.on(STUDIO).device!)
      .run();
    const { back } = await mintFor(browser, STUDIO, STUDIO_CUSTOM);
    expect(back.searchParams.has("ticket")).toBe(false);
    expect(back.searchParams.get("back")).toBe("1");
  });
});
