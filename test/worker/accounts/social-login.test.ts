import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { koSocial } from "~/shared/messages/social-login";
import {
  createOauthStandin,
  STANDIN_KAKAO_APP,
  STANDIN_NAVER_APP,
  type OauthStandin,
} from "../../../scripts/lib/oauth-standin.mjs";
import { cookieHeader, freshIp, login, postForm, postJson, setCookies, whoAmI } from "../helpers/auth";
import { BEAUTY, BISTRO, get, PICKS, STUDIO_CUSTOM } from "../helpers/request";
import { escapeHtml } from "../../../functions/pages";

/**
 * Kakao and Naver login through the platform's one callback (decision 115): started on a shop's
 * host, answered on the platform's (`localhost` in tests), and finished on the shop's host with a
 * one-time ticket bound to the starting browser's state cookie. The providers are the stand-in's
 * handler (scripts/lib/oauth-standin.mjs) in place of the network.
 */

const PLATFORM = "localhost";
const KAKAO_CALLBACK = `http://${PLATFORM}/auth/kakao/callback`;
const NAVER_CALLBACK = `http://${PLATFORM}/auth/naver/callback`;
const UNLINK_URL = `http://${PLATFORM}/auth/kakao/unlink`;

let standin: OauthStandin;

/** The status Kakao's notice got from the Worker. */
const noticeStatus = (n: Awaited<ReturnType<OauthStandin["sendUnlinkNotice"]>>) => ("status" in n ? n.status : -1);

beforeEach(() => {
  vi.restoreAllMocks();
  standin = createOauthStandin({
    kakaoApps: [{ ...STANDIN_KAKAO_APP, redirectUris: [KAKAO_CALLBACK], unlinkUrl: UNLINK_URL }],
    naverApps: [{ ...STANDIN_NAVER_APP, redirectUris: [NAVER_CALLBACK] }],
    deliver: (url: string, init: RequestInit) => {
      const u = new URL(url);
      return get(u.host, u.pathname + u.search, init);
    },
  });
  const network = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    const ours = [env.KAKAO_AUTH_BASE!, env.NAVER_AUTH_BASE!].some((base) => request.url.startsWith(base));
    return ours ? standin.handle(request) : network(input, init);
  });
});

type Browser = { ip: string; cookies: Map<string, string> };
const browser = (): Browser => ({ ip: freshIp(), cookies: new Map() });
const cookieOf = (b: Browser) => cookieHeader(b.cookies);
function keep(b: Browser, res: Response) {
  for (const [k, v] of setCookies(res)) b.cookies.set(k, v);
}

/** A browser's GET on `host`, keeping what it is given. */
async function visit(b: Browser, host: string, path: string): Promise<Response> {
  const res = await get(host, path, { headers: { cookie: cookieOf(b), "cf-connecting-ip": b.ip } });
  keep(b, res);
  return res;
}

/** 카카오로 시작하기 on `host`: the provider's authorize address. */
async function start(b: Browser, host: string, provider: "kakao" | "naver" = "kakao", url = "/myshop") {
  const res = await visit(b, host, `/auth/${provider}/start?${new URLSearchParams({ url })}`);
  expect(res.status).toBe(302);
  expect(res.headers.get("cache-control")).toContain("no-store");
  return res.headers.get("location")!;
}

/** The provider's consent page pressed as a person: the platform's callback address it sends to. */
async function consent(authorizeUrl: string, persona: string): Promise<URL> {
  expect((await standin.handle(authorizeUrl)).status).toBe(200);
  const fields = new URL(authorizeUrl).searchParams;
  fields.set("persona", persona);
  const res = await standin.handle(authorizeUrl.split("?")[0]!, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: fields.toString(),
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}

const callback = (b: Browser, at: URL) => visit(b, at.host, at.pathname + at.search);

/** Start to callback: the ticket's address on the shop's host. */
async function throughProvider(b: Browser, host: string, persona: string, provider: "kakao" | "naver" = "kakao") {
  const back = await consent(await start(b, host, provider), persona);
  const res = await callback(b, back);
  expect(res.status).toBe(303);
  return new URL(res.headers.get("location")!);
}

const identities = (provider: string, where = "1 = 1") =>
  env.DB.prepare(`SELECT shop_id, uid FROM member_identities WHERE provider = ? AND ${where}`)
    .bind(provider)
    .all<{ shop_id: number; uid: number }>()
    .then((r) => r.results);

describe("the start on a shop's host", () => {
  it("keeps the state on the server, sets a host-only cookie and sends the one registered callback", async () => {
    const b = browser();
    const location = new URL(await start(b, STUDIO_CUSTOM, "kakao", "https://evil.example/steal"));
    expect(location.searchParams.get("redirect_uri")).toBe(KAKAO_CALLBACK);
    const state = location.searchParams.get("state")!;
    expect(state.length).toBeGreaterThan(40);
    expect(b.cookies.get("oauth_state")).toBe(state);
    const row = await env.DB.prepare("SELECT return_origin, return_path, purpose FROM oauth_states").first<{
      return_origin: string;
      return_path: string;
      purpose: string;
    }>();
    // The host comes from the shop's record; a foreign address is never a return path.
    expect(row).toMatchObject({ return_origin: `http://${STUDIO_CUSTOM}`, return_path: "/", purpose: "login" });
  });
});

describe("a first login on the custom domain", () => {
  it("asks the shop's consents on our own form, then creates the member and lands logged in", async () => {
    const b = browser();
    const ticket = await throughProvider(b, STUDIO_CUSTOM, "noEmail");
    expect(ticket.host).toBe(STUDIO_CUSTOM);
    expect(ticket.pathname).toBe("/auth/complete");
    const done = await visit(b, STUDIO_CUSTOM, ticket.pathname + ticket.search);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/auth/join?url=%2Fmyshop");
    expect(b.cookies.get("oauth_state")).toBe("");
    const form = await visit(b, STUDIO_CUSTOM, "/auth/join?url=%2Fmyshop");
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain(koSocial.joinButton);
    // Without the required consents: refused next to them, nothing created.
    const refused = await postForm(STUDIO_CUSTOM, "/auth/join", { name: "카카오회원" }, { cookie: cookieOf(b) });
    expect(refused.status).toBe(400);
    const joined = await postForm(
      STUDIO_CUSTOM,
      "/auth/join",
      { name: "카카오회원", agree_all: "on" },
      { cookie: cookieOf(b) },
    );
    expect(joined.status).toBe(302);
    expect(joined.headers.get("location")).toBe("/myshop");
    keep(b, joined);
    const uid = await whoAmI(STUDIO_CUSTOM, cookieOf(b));
    expect(uid).toBeGreaterThan(100000);
    expect(await identities("kakao", `uid = ${uid}`)).toHaveLength(1);
    // The pending sign-up was used: the form again says it has expired.
    const again = await postForm(
      STUDIO_CUSTOM,
      "/auth/join",
      { name: "둘째", agree_all: "on" },
      { cookie: cookieOf(b) },
    );
    expect(again.status).toBe(410);

    // The next login with the same person is that member, and the last way in cannot be removed.
    const other = browser();
    const next = await throughProvider(other, STUDIO_CUSTOM, "noEmail");
    const session = await visit(other, STUDIO_CUSTOM, next.pathname + next.search);
    expect(session.status).toBe(303);
    expect(session.headers.get("location")).toBe("/myshop");
    expect(await whoAmI(STUDIO_CUSTOM, cookieOf(other))).toBe(uid);
    const last = await postJson(
      STUDIO_CUSTOM,
      "/api/user/social/unlink",
      { provider: "kakao" },
      { cookie: cookieOf(b) },
    );
    expect(last.status).toBe(409);
    expect(((await last.json()) as { error: { message: string } }).error.message).toBe(koSocial.lastMethod);
    expect(await identities("kakao", `uid = ${uid}`)).toHaveLength(1);
  });

  it("works the same with Naver", async () => {
    const b = browser();
    // A person of its own: one who signed up in any shop joins the next with one tap (decision 177).
    const ticket = await throughProvider(b, BISTRO, "another", "naver");
    expect((await visit(b, BISTRO, ticket.pathname + ticket.search)).headers.get("location")).toContain("/auth/join");
    const joined = await postForm(
      BISTRO,
      "/auth/join",
      { name: "네이버회원", agree_all: "on" },
      { cookie: cookieOf(b) },
    );
    keep(b, joined);
    expect(await whoAmI(BISTRO, cookieOf(b))).toBeGreaterThan(100000);
  });
});

describe("states and tickets", () => {
  it("refuses a replayed, unknown, foreign-provider or expired state with a Korean page", async () => {
    const b = browser();
    const back = await consent(await start(b, BEAUTY), "unverified");
    expect((await callback(b, back)).status).toBe(303);
    const replay = await callback(b, back);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain(koSocial.stateInvalid);

    const unknown = new URL(back);
    unknown.searchParams.set("state", "made-up-state");
    expect((await callback(b, unknown)).status).toBe(400);

    // A Naver state at Kakao's callback is not Kakao's.
    const naverState = new URL(await start(b, BEAUTY, "naver")).searchParams.get("state")!;
    const foreign = new URL(back);
    foreign.searchParams.set("state", naverState);
    expect((await callback(b, foreign)).status).toBe(400);

    const late = await consent(await start(b, BEAUTY), "unverified");
    await env.DB.prepare("UPDATE oauth_states SET expires_at = 0 WHERE used_at IS NULL").run();
    const expired = await callback(b, late);
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain(koSocial.stateInvalid);
  });

  it("a reused code (a double callback with a new state) is Kakao's KOE320: a Korean error page", async () => {
    const b = browser();
    const first = await consent(await start(b, BEAUTY), "unverified");
    expect((await callback(b, first)).status).toBe(303);
    const second = new URL(await start(b, BEAUTY));
    const reused = new URL(first);
    reused.searchParams.set("state", second.searchParams.get("state")!);
    const res = await callback(b, reused);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(koSocial.codeInvalid);
    expect(html).toContain(`http://${BEAUTY}/user/login`);
    expect(html).not.toContain(STANDIN_KAKAO_APP.clientSecret);
  });

  it("redeems a ticket once, only with the starting browser's cookie, only on its own host", async () => {
    const b = browser();
    // A person with a session to hand out: the shopper links Kakao on picks first.
    const shopper = await login(PICKS);
    const linkStart = await postForm(
      PICKS,
      "/auth/kakao/start",
      { purpose: "link", url: "/user/info" },
      { cookie: shopper },
    );
    expect(linkStart.status).toBe(303);
    const linkBrowser: Browser = { ip: freshIp(), cookies: setCookies(linkStart) };
    for (const part of shopper.split("; ")) {
      const [k = "", v = ""] = part.split("=");
      linkBrowser.cookies.set(k, v);
    }
    const linkBack = await callback(linkBrowser, await consent(linkStart.headers.get("location")!, "unverified"));
    const linkTicket = new URL(linkBack.headers.get("location")!);
    const linked = await visit(linkBrowser, PICKS, linkTicket.pathname + linkTicket.search);
    expect(linked.headers.get("location")).toBe("/user/info?social=linked-kakao");
    expect(await identities("kakao", "shop_id = (SELECT id FROM shops WHERE dom = 'picks')")).toHaveLength(1);

    // Now a Kakao login on picks: the ticket without the cookie, with another browser's, replayed.
    const ticket = await throughProvider(b, PICKS, "unverified");
    const path = ticket.pathname + ticket.search;
    const bare = await get(PICKS, path, { headers: { "cf-connecting-ip": b.ip } });
    expect(bare.status).toBe(303);
    expect(bare.headers.get("location")).toBe("/user/login?social=failed");
    expect(setCookies(bare).get("sid")).toBeUndefined();
    const stranger = browser();
    await start(stranger, PICKS);
    const foreign = await visit(stranger, PICKS, path);
    expect(foreign.headers.get("location")).toBe("/user/login?social=failed");
    // On another host of the platform the ticket is nothing either (and it still works at home).
    const elsewhere = await get(BEAUTY, path, { headers: { cookie: cookieOf(b), "cf-connecting-ip": b.ip } });
    expect(elsewhere.headers.get("location")).toBe("/user/login?social=failed");
    const ok = await visit(b, PICKS, path);
    expect(ok.headers.get("location")).toBe("/myshop");
    expect(await whoAmI(PICKS, cookieOf(b))).toBe(2001);
    const replay = await get(PICKS, path, { headers: { cookie: cookieOf(b), "cf-connecting-ip": b.ip } });
    expect(replay.headers.get("location")).toBe("/user/login?social=failed");
    expect(setCookies(replay).get("sid")).toBeUndefined();

    // The shopper has a password: removing the link is allowed.
    const info = await get(PICKS, "/api/user/social/links", { headers: { cookie: shopper } });
    expect(await info.json()).toMatchObject({ links: [{ provider: "kakao" }], password: true });
    const removed = await postJson(PICKS, "/api/user/social/unlink", { provider: "kakao" }, { cookie: shopper });
    expect(removed.status).toBe(200);
    expect(await identities("kakao", "shop_id = (SELECT id FROM shops WHERE dom = 'picks')")).toHaveLength(0);
  });
});

describe("an e-mail account is never merged", () => {
  it("sends the shopper to log in with the password and link from 내 정보", async () => {
    const join = await postJson(BEAUTY, "/api/user/join", {
      email: "kakao.verified@example.test",
      password: "demo1234!",
      name: "이메일회원",
      keep: false,
      agree_terms: true,
      agree_privacy: true,
      agree_age: true,
    });
    expect(join.status).toBe(200);
    const b = browser();
    const ticket = await throughProvider(b, BEAUTY, "verified");
    const res = await visit(b, BEAUTY, ticket.pathname + ticket.search);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/user/login?url=%2Fmyshop&social=exists-kakao");
    expect(b.cookies.get("sid")).toBeUndefined();
    expect(await identities("kakao", "shop_id = (SELECT id FROM shops WHERE dom = 'beauty')")).toHaveLength(0);
    const page = await visit(b, BEAUTY, "/user/login?url=%2Fmyshop&social=exists-kakao");
    expect(await page.text()).toContain(koSocial.exists(koSocial.provider.kakao));
  });
});

describe("whether an e-mail has an account (decision 152)", () => {
  /** What a first login answers on `host`: the ticket's redirect and the cookies it sets, by name. */
  async function firstAnswer(host: string, persona: string, provider: "kakao" | "naver" = "kakao") {
    const b = browser();
    const ticket = await throughProvider(b, host, persona, provider);
    const res = await visit(b, host, ticket.pathname + ticket.search);
    const page = await (await visit(b, host, res.headers.get("location")!)).text();
    return {
      answer: {
        status: res.status,
        location: res.headers.get("location"),
        cookies: [...setCookies(res).keys()].sort(),
      },
      page,
    };
  }

  const join = (email: string) =>
    postJson(BEAUTY, "/api/user/join", {
      email,
      password: "demo1234!",
      name: "주소주인",
      keep: false,
      agree_terms: true,
      agree_privacy: true,
      agree_age: true,
    });

  it("is never told by an address the provider does not vouch for: the same answer with or without one", async () => {
    const cases = [
      { persona: "unverified", provider: "kakao", email: "kakao.unverified@example.test" },
      { persona: "withEmail", provider: "naver", email: "naver.member@example.test" },
    ] as const;
    for (const { persona, provider, email } of cases) {
      // beauty: where no earlier test here finished a login as these people.
      const before = await firstAnswer(BEAUTY, persona, provider);
      expect(before.answer.location, provider).toBe("/auth/join?url=%2Fmyshop");
      expect((await join(email)).status, email).toBe(200);
      // Anyone can give a provider someone else's address: its account here changes nothing they see.
      const after = await firstAnswer(BEAUTY, persona, provider);
      expect(after.answer, provider).toEqual(before.answer);
      expect(after.page).not.toContain(escapeHtml(koSocial.exists(koSocial.provider[provider])));
      // Every first login is told how an account holder links instead of signing up again.
      expect(after.page).toContain(escapeHtml(koSocial.joinHasAccount(koSocial.provider[provider])));
    }
  });
});

describe("Kakao's unlink notice", () => {
  it("removes the person's links with the right admin key and nothing with a wrong one", async () => {
    const b = browser();
    // Someone who has not signed up anywhere yet in this file (decision 177 joins the others by one tap).
    const ticket = await throughProvider(b, BEAUTY, "sync");
    await visit(b, BEAUTY, ticket.pathname + ticket.search);
    await postForm(BEAUTY, "/auth/join", { name: "해제대상", agree_all: "on" }, { cookie: cookieOf(b) });
    const before = (await identities("kakao")).length;
    expect(before).toBeGreaterThan(0);
    const kakaoId = await env.DB.prepare(
      "SELECT provider_user_id AS id FROM member_identities WHERE uid = (SELECT max(uid) FROM members)",
    ).first<{ id: string }>();

    const wrong = await standin.sendUnlinkNotice({ userId: kakaoId!.id, key: "wrong" });
    expect(noticeStatus(wrong)).toBe(401);
    expect((await identities("kakao")).length).toBe(before);

    const right = await standin.sendUnlinkNotice({ userId: kakaoId!.id, method: "GET" });
    expect(noticeStatus(right)).toBe(200);
    expect(await identities("kakao", `provider_user_id = '${kakaoId!.id}'`)).toHaveLength(0);

    // A person we never saw still gets 200, as Kakao asks.
    const unknown = await standin.sendUnlinkNotice({ userId: "999999999" });
    expect(noticeStatus(unknown)).toBe(200);
  });
});

describe("an account made by a Kakao or Naver login", () => {
  it("shows no e-mail or password form, and leaves without a password; an e-mail account still needs one", async () => {
    const b = browser();
    const ticket = await throughProvider(b, BEAUTY, "noEmail", "naver");
    await visit(b, BEAUTY, ticket.pathname + ticket.search);
    keep(b, await postForm(BEAUTY, "/auth/join", { name: "네이버만", agree_all: "on" }, { cookie: cookieOf(b) }));
    const uid = await whoAmI(BEAUTY, cookieOf(b));
    const settings = await get(BEAUTY, "/api/user/settings", { headers: { cookie: cookieOf(b) } });
    expect(await settings.json()).toMatchObject({ email: null, has_password: false });
    const page = (await (await visit(b, BEAUTY, "/user/info")).text()).replace(/<!-- -->/g, "");
    expect(page).toContain(koSocial.noEmail);
    expect(page).not.toContain("@members.invalid");
    expect(page).not.toContain('name="current"');
    expect(page).not.toContain('name="leave_password"');

    // 회원탈퇴 on the session and the box alone.
    const left = await postForm(BEAUTY, "/user/info", { intent: "withdraw", confirm: "on" }, { cookie: cookieOf(b) });
    expect(left.status).toBe(302);
    const row = await env.DB.prepare("SELECT email FROM members WHERE uid = ?").bind(uid).first<{ email: string }>();
    expect(row?.email).toBe(`withdrawn-${uid}@invalid`);

    // An e-mail account is asked for its password, by the field, and nothing happens without it.
    const member = await login(BEAUTY, "shopper@example.test");
    const refused = await postJson(BEAUTY, "/api/user/withdraw", { password: "" }, { cookie: member });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: "PASSWORD_REQUIRED", field: "password" } });
    const own = await get(BEAUTY, "/api/user/settings", { headers: { cookie: member } });
    expect(await own.json()).toMatchObject({ email: "shopper@example.test", has_password: true });
  });
});
