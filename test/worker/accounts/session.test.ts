import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../../functions/auth/crypto";
import { readMember } from "../../../functions/auth/member";
import { BEAUTY, get, PICKS } from "../helpers/request";
import {
  cookieHeader,
  joinNew,
  login,
  PASSWORD,
  postJson,
  setCookieLine,
  setCookies,
  SHOPPER,
  whoAmI,
} from "../helpers/auth";

const attributes = (line: string | undefined) =>
  (line ?? "")
    .split(";")
    .slice(1)
    .map((a) => a.trim().toLowerCase());

describe("session cookies", () => {
  it("are host-only, HttpOnly, SameSite=Lax, 128-bit random, and not persistent without keep", async () => {
    const res = await postJson(BEAUTY, "/api/user/login", { email: SHOPPER, password: PASSWORD, keep: false });
    expect(res.status).toBe(200);
    for (const name of ["sid", "skey"]) {
      const line = setCookieLine(res, name);
      expect(line, name).toBeDefined();
      const attrs = attributes(line);
      expect(attrs).toContain("httponly");
      expect(attrs).toContain("samesite=lax");
      expect(attrs).toContain("path=/");
      expect(attrs.some((a) => a.startsWith("domain"))).toBe(false);
      expect(attrs.some((a) => a.startsWith("max-age") || a.startsWith("expires"))).toBe(false);
      expect(attrs).not.toContain("secure"); // plain http (local development)
      // 16 random bytes in base64url; the session id after the member it was made for (decision 125)
      expect(setCookies(res).get(name)).toMatch(
        name === "sid" ? /^[1-9]\d*\.[A-Za-z0-9_-]{22}$/ : /^[A-Za-z0-9_-]{22}$/,
      );
    }
    const jar = setCookies(res);
    expect(jar.get("sid")).not.toBe(jar.get("skey"));
  });

  it("persist for 30 days with keep, and are Secure on https", async () => {
    const res = await SELF.fetch(`https://${BEAUTY}/api/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: `https://${BEAUTY}`, "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ email: SHOPPER, password: PASSWORD, keep: true }),
    });
    expect(res.status).toBe(200);
    for (const name of ["sid", "skey"]) {
      const attrs = attributes(setCookieLine(res, name));
      expect(attrs).toContain("secure");
      expect(attrs).toContain(`max-age=${30 * 24 * 60 * 60}`);
    }
  });

  it("keeps only a hash of skey on the server", async () => {
    const res = await postJson(BEAUTY, "/api/user/login", { email: SHOPPER, password: PASSWORD });
    const jar = setCookies(res);
    const row = await env.DB.prepare("SELECT * FROM sessions WHERE sid = ?")
      .bind(jar.get("sid"))
      .first<{ skey_hash: string; host: string; uid: number }>();
    expect(row).not.toBeNull();
    expect(row!.skey_hash).not.toContain(jar.get("skey")!);
    expect(row!.skey_hash).toBe(await sha256Hex(jar.get("skey")!));
    expect(row!.host).toBe(BEAUTY);
    expect(row!.uid).toBe(2001);
  });
});

describe("login rotates the session", () => {
  it("makes a new session at every login and ends the one the browser had", async () => {
    const first = await login(BEAUTY);
    expect(await whoAmI(BEAUTY, first)).toBe(2001);
    const res = await postJson(BEAUTY, "/api/user/login", { email: SHOPPER, password: PASSWORD }, { cookie: first });
    const second = cookieHeader(setCookies(res));
    expect(second).not.toBe(first);
    expect(setCookies(res).get("sid")).not.toBe(new URLSearchParams(first.replace(/; /g, "&")).get("sid"));
    expect(await whoAmI(BEAUTY, second)).toBe(2001);
    expect(await whoAmI(BEAUTY, first)).toBe(0);
  });

  it("never adopts a session id the browser brought along (fixation)", async () => {
    const planted = "sid=AAAAAAAAAAAAAAAAAAAAAA; skey=BBBBBBBBBBBBBBBBBBBBBB";
    const res = await postJson(BEAUTY, "/api/user/login", { email: SHOPPER, password: PASSWORD }, { cookie: planted });
    expect(setCookies(res).get("sid")).not.toBe("AAAAAAAAAAAAAAAAAAAAAA");
    expect(await whoAmI(BEAUTY, planted)).toBe(0);
  });
});

describe("logout", () => {
  it("deletes the cookies, revokes the session on the server and goes to the return path", async () => {
    const cookie = await login(BEAUTY);
    const sid = new Map(cookie.split("; ").map((p) => p.split("=") as [string, string])).get("sid");
    const res = await get(BEAUTY, "/api/user/logout/v2?url=%2Fshop%2Flist%3Fcategory%3D0", {
      headers: { cookie, "sec-fetch-site": "same-origin" },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/shop/list?category=0");
    for (const name of ["sid", "skey"]) {
      const attrs = attributes(setCookieLine(res, name));
      expect(setCookies(res).get(name)).toBe("");
      expect(attrs).toContain("max-age=0");
    }
    expect(await env.DB.prepare("SELECT 1 FROM sessions WHERE sid = ?").bind(sid).first()).toBeNull();
    // The old cookies, replayed, are worth nothing.
    expect(await whoAmI(BEAUTY, cookie)).toBe(0);
  });

  it("never redirects off the host", async () => {
    for (const url of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const res = await get(BEAUTY, `/api/user/logout/v2?url=${encodeURIComponent(url)}`);
      expect(res.headers.get("location"), url).toBe("/");
    }
  });

  it("only asks for confirmation when the link was followed from another site", async () => {
    const cookie = await login(BEAUTY);
    for (const site of ["cross-site", "same-site"]) {
      const res = await get(BEAUTY, "/api/user/logout/v2?url=%2F", { headers: { cookie, "sec-fetch-site": site } });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await res.text()).toContain('<form method="post" action="/api/user/logout/v2?url=%2F">');
      expect(await whoAmI(BEAUTY, cookie)).toBe(2001);
    }
    // The confirmation is a same-origin form post.
    const res = await get(BEAUTY, "/api/user/logout/v2?url=%2F", {
      method: "POST",
      headers: { cookie, origin: `http://${BEAUTY}`, "sec-fetch-site": "same-origin" },
    });
    expect(res.status).toBe(303);
    expect(await whoAmI(BEAUTY, cookie)).toBe(0);
  });
});

describe("a session belongs to one host", () => {
  it("does not log the member in on another shop's host", async () => {
    const cookie = await login(BEAUTY);
    expect(await whoAmI(BEAUTY, cookie)).toBe(2001);
    expect(await whoAmI(PICKS, cookie)).toBe(0);
    expect((await get(PICKS, "/api/myshp/userinfo", { headers: { cookie } })).status).toBe(401);
    const page = await get(PICKS, "/myshop", { headers: { cookie } });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/user/login?url=%2Fmyshop&dom=picks");
  });

  it("needs both cookies, the right secret and an unexpired row", async () => {
    const cookie = await login(BEAUTY);
    const jar = new Map(cookie.split("; ").map((p) => p.split("=") as [string, string]));
    const sid = jar.get("sid")!;
    expect(await whoAmI(BEAUTY, `sid=${sid}`)).toBe(0);
    expect(await whoAmI(BEAUTY, `sid=${sid}; skey=${"x".repeat(22)}`)).toBe(0);
    await env.DB.prepare("UPDATE sessions SET expires_at = unixepoch() - 1 WHERE sid = ?").bind(sid).run();
    expect(await whoAmI(BEAUTY, cookie)).toBe(0);
  });

  it("reads the member in one query, and none without cookies", async () => {
    const cookie = await login(BEAUTY);
    let queries = 0;
    const counting = new Proxy(env.DB, {
      get(target, prop, receiver) {
        if (prop === "prepare") {
          return (sql: string) => {
            queries += 1;
            return target.prepare(sql);
          };
        }
        return Reflect.get(target, prop, receiver);
      },
    });
    const request = (c?: string) =>
      new Request(`http://${BEAUTY}/`, { headers: c ? { cookie: c, host: BEAUTY } : { host: BEAUTY } });
    expect(await readMember({ ...env, DB: counting }, request())).toBeNull();
    expect(queries).toBe(0);
    const member = await readMember({ ...env, DB: counting }, request(cookie));
    expect(member).toMatchObject({ uid: 2001, name: "한지민 🛍️", admin: false });
    expect(queries).toBe(1);
  });

  it("ignores session secrets in the login-redirect URL", async () => {
    const cookie = await login(BEAUTY);
    const jar = new Map(cookie.split("; ").map((p) => p.split("=") as [string, string]));
    const res = await get(
      BEAUTY,
      `/api/user/login/redirect?sid=${jar.get("sid")}&skey=${jar.get("skey")}&url=%2Fmyshop`,
    );
    expect(res.headers.getSetCookie().filter((c) => /^(sid|skey)=/.test(c))).toEqual([]);
    expect(res.headers.get("location")).toBe("/user/login?url=%2Fmyshop&dom=beauty");
  });
});

describe("user calls of the spec", () => {
  it("answer for guests and members", async () => {
    expect(await whoAmI(BEAUTY, "")).toBe(0);
    expect((await get(BEAUTY, "/api/myshp/userinfo")).status).toBe(401);
    expect(await (await get(BEAUTY, "/api/user/is_admin")).json()).toEqual({ admin: false });

    const { cookie, uid } = await joinNew(BEAUTY, "테스트");
    expect(await whoAmI(BEAUTY, cookie)).toBe(uid);
    expect(uid).toBeGreaterThan(100000);
    const info = await (await get(BEAUTY, "/api/myshp/userinfo", { headers: { cookie } })).json();
    expect(info).toEqual({
      uid,
      name: "테스트",
      profile: null,
      admin: false,
      mshop: false,
      verified: { identity: false, adult: false },
    });
    expect(await (await get(BEAUTY, "/api/myshp/userinfo/myshop", { headers: { cookie } })).json()).toEqual({
      shop: null,
      mshop: false,
      shops: [],
    });
  });

  it("tell the owner apart on their own shop only, and the admin by flag", async () => {
    const owner = await login(BEAUTY, "owner@beauty.example.test");
    const info = (await (await get(BEAUTY, "/api/myshp/userinfo", { headers: { cookie: owner } })).json()) as {
      uid: number;
      mshop: boolean;
    };
    expect(info).toMatchObject({ uid: 1001, mshop: true, admin: false });
    const mine = await (await get(BEAUTY, "/api/myshp/userinfo/myshop", { headers: { cookie: owner } })).json();
    expect(mine).toMatchObject({ shop: { shopid: 1, dom: "beauty", url: "http://beauty.localhost" }, mshop: true });

    const onPicks = await login(PICKS, "owner@beauty.example.test");
    const there = await (await get(PICKS, "/api/myshp/userinfo", { headers: { cookie: onPicks } })).json();
    expect(there).toMatchObject({ uid: 1001, mshop: false });

    const admin = await login(BEAUTY, "admin@example.test");
    expect(await (await get(BEAUTY, "/api/user/is_admin", { headers: { cookie: admin } })).json()).toEqual({
      admin: true,
    });
  });
});
