import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BEAUTY, get, STUDIO_CUSTOM } from "../helpers/request";
import { cookieHeader, login, setCookieLine, setCookies, whoAmI } from "../helpers/auth";

const STUDIO = "studio.localhost";

/** Follows the carry-over from the custom domain, the way a browser would, up to the code. */
async function startCarry(path = "/shop/list", keep = "1") {
  const start = await get(STUDIO_CUSTOM, `/api/user/login/redirect?url=${encodeURIComponent(path)}&keep=${keep}`);
  expect(start.status).toBe(303);
  const state = setCookies(start).get("lstate")!;
  expect(state).toMatch(/^[A-Za-z0-9_-]{22}$/);
  const toSource = new URL(start.headers.get("location")!);
  expect(toSource.origin).toBe(`http://${STUDIO}`);
  expect(toSource.pathname).toBe("/api/user/login/redirect/dom");
  return { state, toSource };
}

describe("carrying a login to the shop's custom domain", () => {
  it("exchanges a one-time code for the custom domain's own session", async () => {
    const studioCookie = await login(STUDIO);
    const { state, toSource } = await startCarry("/shop/list", "1");
    expect(toSource.searchParams.get("url")).toBe(`http://${STUDIO_CUSTOM}/shop/list`);

    const issued = await get(STUDIO, toSource.pathname + toSource.search, { headers: { cookie: studioCookie } });
    expect(issued.status).toBe(303);
    expect(issued.headers.get("referrer-policy")).toBe("no-referrer");
    const back = new URL(issued.headers.get("location")!);
    expect(back.origin).toBe(`http://${STUDIO_CUSTOM}`);
    expect(back.pathname).toBe("/api/user/login/redirect");
    const code = back.searchParams.get("code")!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Never a session secret in the address.
    for (const part of studioCookie.split("; ")) expect(back.href).not.toContain(part.split("=")[1]);
    // Only the hash of the code is stored.
    expect(await env.DB.prepare("SELECT 1 FROM login_codes WHERE code_hash = ?").bind(code).first()).toBeNull();

    const done = await get(STUDIO_CUSTOM, back.pathname + back.search, { headers: { cookie: `lstate=${state}` } });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/shop/list");
    expect(setCookieLine(done, "sid")).toContain("Max-Age=2592000"); // keep=1 carried over
    const customCookie = cookieHeader(setCookies(done));
    expect(await whoAmI(STUDIO_CUSTOM, customCookie)).toBe(2001);
    // The custom domain's session is its own: different from the sub-domain's.
    expect(customCookie).not.toBe(studioCookie);
    expect(await whoAmI(STUDIO_CUSTOM, studioCookie)).toBe(0);

    // Single use.
    const replay = await get(STUDIO_CUSTOM, back.pathname + back.search, { headers: { cookie: `lstate=${state}` } });
    expect(replay.headers.get("location")).toBe("/user/login?url=%2Fshop%2Flist&carry=failed");
    expect(replay.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(false);
    expect(await (await get(STUDIO_CUSTOM, replay.headers.get("location")!)).text()).toContain(
      "로그인 상태를 가져오지 못했습니다.",
    );
  });

  it("refuses a code without this browser's state, on another host, or after a minute", async () => {
    const studioCookie = await login(STUDIO);
    const issue = async () => {
      const { state, toSource } = await startCarry();
      const issued = await get(STUDIO, toSource.pathname + toSource.search, { headers: { cookie: studioCookie } });
      return { state, back: new URL(issued.headers.get("location")!) };
    };

    // Login CSRF: someone else's code, in a browser that did not start the flow.
    const a = await issue();
    const noState = await get(STUDIO_CUSTOM, a.back.pathname + a.back.search);
    expect(noState.headers.get("location")).toContain("carry=failed");
    const otherState = await get(STUDIO_CUSTOM, a.back.pathname + a.back.search, {
      headers: { cookie: `lstate=${"A".repeat(22)}` },
    });
    expect(otherState.headers.get("location")).toContain("carry=failed");

    // Another shop's host cannot use it.
    const b = await issue();
    const elsewhere = await get(BEAUTY, b.back.pathname + b.back.search, { headers: { cookie: `lstate=${b.state}` } });
    expect(elsewhere.headers.get("location")).toContain("carry=failed");

    // Expired.
    const c = await issue();
    await env.DB.prepare("UPDATE login_codes SET expires_at = unixepoch() - 1").run();
    const late = await get(STUDIO_CUSTOM, c.back.pathname + c.back.search, {
      headers: { cookie: `lstate=${c.state}` },
    });
    expect(late.headers.get("location")).toContain("carry=failed");
  });

  it("issues codes only for the shop's own custom domain, and only to a member", async () => {
    const codes = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM login_codes").first<{ n: number }>())!.n;
    const before = await codes();
    const studioCookie = await login(STUDIO);
    for (const url of ["https://evil.example/", `http://${BEAUTY}/`, "javascript:alert(1)", "not a url"]) {
      const res = await get(STUDIO, `/api/user/login/redirect/dom?state=s&url=${encodeURIComponent(url)}`, {
        headers: { cookie: studioCookie },
      });
      expect(res.headers.get("location"), url).toBe("/");
    }
    // A shop without a custom domain has nowhere to carry to.
    const beauty = await login(BEAUTY);
    const none = await get(
      BEAUTY,
      `/api/user/login/redirect/dom?state=s&url=${encodeURIComponent(`http://${BEAUTY}/`)}`,
      {
        headers: { cookie: beauty },
      },
    );
    expect(none.headers.get("location")).toBe("/");
    expect(await codes()).toBe(before);

    // A guest on the sub-domain logs in first and comes back to the same step.
    const { toSource } = await startCarry("/myshop");
    const guest = await get(STUDIO, toSource.pathname + toSource.search);
    const login_ = new URL(guest.headers.get("location")!, `http://${STUDIO}`);
    expect(login_.pathname).toBe("/user/login");
    expect(login_.searchParams.get("url")).toBe(toSource.pathname + toSource.search);
  });

  it("started on the sub-domain, goes through the custom domain's state first", async () => {
    const res = await get(
      STUDIO,
      `/api/user/login/redirect/dom?url=${encodeURIComponent(`http://${STUDIO_CUSTOM}/myshop`)}&keep=0`,
    );
    expect(res.headers.get("location")).toBe(`http://${STUDIO_CUSTOM}/api/user/login/redirect?url=%2Fmyshop&keep=0`);
  });

  it("the custom domain's login page offers it", async () => {
    const page = await (await get(STUDIO_CUSTOM, "/user/login?url=%2Fmyshop")).text();
    expect(page).toContain("studio.localhost에서 이미 로그인했다면 로그인 상태 가져오기");
    expect(page).toContain('href="/api/user/login/redirect?url=%2Fmyshop&amp;keep=0"');
    expect(await (await get(STUDIO, "/user/login")).text()).not.toContain("로그인 상태 가져오기");
  });
});
