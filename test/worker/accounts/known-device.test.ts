import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../../functions/auth/throttle";
import { knownDevice, rememberDevice } from "../../../functions/auth/known-device";
import { BEAUTY } from "../helpers/request";
import { joinNew, PASSWORD, postForm, postJson } from "../helpers/auth";
import { ADDRESS, Shopper } from "../helpers/shopper";
import { koAuth } from "~/shared/messages/auth";
import { koAccount } from "~/shared/messages/account";

/**
 * Issue 50 item 4 (decision 157): strangers' guesses from many addresses reach the ceiling of an
 * account (or an order) and stop everybody; a browser that logged in (or found the order) before
 * carries a signed cookie that lets it through, counted on its own, while strangers stay stopped.
 */

const login = (email: string, password: string, ip: string, cookie?: string) =>
  postJson(BEAUTY, "/api/user/login", { email, password }, { cookie, headers: { "cf-connecting-ip": ip } });

/** The known-device cookies a response set: one line per path. */
const knownLines = (res: Response, name: string) => res.headers.getSetCookie().filter((c) => c.startsWith(`${name}=`));
/** As the browser sends it to a path under /user or to the API: the value is the same. */
const carried = (res: Response, name: string) => knownLines(res, name)[0]!.split(";")[0]!;

/** Guesses at `email` from `n` addresses at once, none of them the owner's. */
const spread = (email: string, n: number, net: string) =>
  Promise.all(
    Array.from({ length: n }, (_, i) => login(email, `wrong-${i}`, `${net}.${Math.floor(i / 200)}.${i % 200}`)),
  );

const accountCount = async (email: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM auth_attempts WHERE kind = 'login_account' AND key = ?")
    .bind(email)
    .first<{ n: number }>())!.n;

describe("a known device past the login ceiling", () => {
  it("lets the owner's browser in after 55 strangers' guesses stop everybody else", async () => {
    const { email, uid } = await joinNew(BEAUTY, "아는기기");
    const first = await login(email, PASSWORD, "192.0.2.150");
    expect(first.status).toBe(200);
    const lines = knownLines(first, "known_login");
    // One per path it is read at, host-only (no Domain), HttpOnly, not Secure over http.
    expect(lines.map((l) => /Path=([^;]+)/.exec(l)![1]).sort()).toEqual(["/api/user/login", "/user"]);
    for (const line of lines) {
      expect(line).toMatch(/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
      expect(line).not.toMatch(/Domain=|Secure/i);
    }
    const cookie = carried(first, "known_login");
    // Opaque: neither the address nor the account's number.
    expect(cookie).not.toContain(email.split("@")[0]);
    expect(cookie).not.toContain(encodeURIComponent(email));
    expect(cookie.split("=")[1]).not.toContain(String(uid));

    const guesses = await spread(email, LIMITS.login_account + 5, "198.19");
    expect(guesses.filter((r) => r.status === 401)).toHaveLength(LIMITS.login_account);
    expect(guesses.filter((r) => r.status === 429)).toHaveLength(5);
    // A browser that never logged in, even with the right password, is stopped by the ceiling.
    const stranger = await login(email, PASSWORD, "192.0.2.151");
    expect(stranger.status).toBe(429);
    expect(((await stranger.json()) as { error: { message: string } }).error.message).toBe(koAuth.loginLocked);

    // The owner's browser, from another address (a phone moving between networks), gets in.
    expect((await login(email, PASSWORD, "192.0.2.152", cookie)).status).toBe(200);
    // By the page's form too, with scripts off.
    const form = await postForm(
      BEAUTY,
      "/user/login",
      { email, password: PASSWORD },
      { cookie, headers: { "cf-connecting-ip": "192.0.2.153" } },
    );
    expect(form.status).toBe(302);
    expect(form.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(true);
  });

  it("counts the known browser's own wrong passwords per browser, never against the ceiling", async () => {
    const { email } = await joinNew(BEAUTY, "아는기기실수");
    const cookie = carried(await login(email, PASSWORD, "192.0.2.160"), "known_login");
    const before = await accountCount(email);
    for (let i = 0; i < LIMITS.login_pair; i++) {
      expect((await login(email, "wrong-password", `192.0.2.${161 + i}`, cookie)).status).toBe(401);
    }
    expect(await accountCount(email)).toBe(before);
    // Five from this browser, whatever its addresses: it waits like any other.
    expect((await login(email, PASSWORD, "192.0.2.170", cookie)).status).toBe(429);
    // Another browser of the owner (no cookie, another address) is not locked by that one.
    expect((await login(email, PASSWORD, "192.0.2.171")).status).toBe(200);
  });

  it("does not let a cookie of another account, or one altered, past the ceiling", async () => {
    const victim = await joinNew(BEAUTY, "표적");
    const attacker = await joinNew(BEAUTY, "공격자");
    const real = carried(await login(victim.email, PASSWORD, "192.0.2.180"), "known_login");
    const own = carried(await login(attacker.email, PASSWORD, "192.0.2.181"), "known_login");
    await spread(victim.email, LIMITS.login_account, "198.20");
    // The attacker's own known browser is known for the attacker's account only.
    expect((await login(victim.email, PASSWORD, "192.0.2.182", own)).status).toBe(429);
    // The victim's cookie with one character of its signature changed is no proof.
    const last = real.at(-1)!;
    const altered = real.slice(0, -1) + (last === "0" ? "1" : "0");
    expect((await login(victim.email, PASSWORD, "192.0.2.183", altered)).status).toBe(429);
    // Someone else's device id with the attacker's proofs is none either.
    const [, ownValue = ""] = own.split("=");
    const [, realValue = ""] = real.split("=");
    const spliced = `known_login=${realValue.split("~")[0]}~${ownValue.split("~").slice(1).join("~")}`;
    expect((await login(victim.email, PASSWORD, "192.0.2.184", spliced)).status).toBe(429);
    expect((await login(victim.email, PASSWORD, "192.0.2.185", real)).status).toBe(200);
  });

  it("is Secure on https, and not given or honoured without a secret", async () => {
    const { email } = await joinNew(BEAUTY, "보안");
    const res = await postForm(BEAUTY, "/user/login", { email, password: PASSWORD }, { scheme: "https" });
    expect(res.status).toBe(302);
    const lines = knownLines(res, "known_login");
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toContain("; Secure");

    const request = new Request("http://beauty.localhost/api/user/login", {
      headers: { cookie: carried(res, "known_login") },
    });
    const now = Math.floor(Date.now() / 1000);
    expect(await rememberDevice(request, "login", email, "", now)).toEqual([]);
    expect(await knownDevice(request, "login", email, "", now)).toBeNull();
    expect(await knownDevice(request, "login", email, env.KNOWN_DEVICE_SECRET!, now)).toMatch(/^[\w-]{22}$/);
    // A proof past its expiry is none.
    expect(await knownDevice(request, "login", email, env.KNOWN_DEVICE_SECRET!, now + 91 * 24 * 3600)).toBeNull();
  });
});

async function guestOrder() {
  const guest = new Shopper(BEAUTY);
  guest.ip = "198.51.100.150";
  await guest.add([{ pid2: 13, pid3: 1300 }]);
  const id = (await guest.order([{ pid2: 13, pid3: 1300, qty: 1 }])).data.order_id;
  expect((await guest.pay(id)).status).toBe(200);
  return id;
}

const lookup = (browser: Shopper, orderId: number, phone: string) =>
  browser.form("/user/order_lookup", { order_id: String(orderId), phone });

describe("a known device past the 비회원 주문조회 ceiling", () => {
  it("lets the buyer's browser find the order after 55 strangers' guesses stop everybody else", async () => {
    const id = await guestOrder();
    const buyer = new Shopper(BEAUTY);
    buyer.ip = "203.0.113.150";
    const found = await lookup(buyer, id, ADDRESS.orderer_phone);
    expect(found.status).toBe(302);
    const lines = knownLines(found, "known_lookup");
    expect(lines.map((l) => /Path=([^;]+)/.exec(l)![1]).sort()).toEqual(["/api/myshp/guest/order/lookup", "/user"]);
    expect(buyer.cookies.get("known_lookup")).not.toContain(String(id));

    const tries = await Promise.all(
      Array.from({ length: LIMITS.lookup_order + 5 }, (_, i) => {
        const stranger = new Shopper(BEAUTY);
        stranger.ip = `198.18.3.${i + 10}`;
        return lookup(stranger, id, `010-2222-${String(1000 + i)}`);
      }),
    );
    expect(tries.filter((r) => r.status === 429)).toHaveLength(5);
    const elsewhere = new Shopper(BEAUTY);
    elsewhere.ip = "203.0.113.151";
    const refused = await lookup(elsewhere, id, ADDRESS.orderer_phone);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain(koAccount.lookupTooMany);

    // The buyer's browser, on another network and without its day-long grant, still finds it.
    buyer.ip = "203.0.113.152";
    buyer.cookies.delete("olook");
    expect((await lookup(buyer, id, ADDRESS.orderer_phone)).status).toBe(302);
    // Its own wrong guesses count against it alone: five, and it waits.
    for (let i = 0; i < LIMITS.lookup_pair; i++) expect((await lookup(buyer, id, `010-3333-000${i}`)).status).toBe(404);
    expect((await lookup(buyer, id, ADDRESS.orderer_phone)).status).toBe(429);
    // The cookie names this order only: another order's ceiling stops it like anybody.
    const other = await guestOrder();
    await Promise.all(
      Array.from({ length: LIMITS.lookup_order }, (_, i) => {
        const stranger = new Shopper(BEAUTY);
        stranger.ip = `198.18.4.${i + 10}`;
        return lookup(stranger, other, `010-4444-${String(1000 + i)}`);
      }),
    );
    buyer.ip = "203.0.113.153";
    expect((await lookup(buyer, other, ADDRESS.orderer_phone)).status).toBe(429);
  });
});
