import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { koSocial } from "~/shared/messages/social-login";
import {
  createOauthStandin,
  KAKAO_PERSONAS,
  STANDIN_KAKAO_APP,
  STANDIN_NAVER_APP,
  type OauthStandin,
} from "../../../scripts/lib/oauth-standin.mjs";
import { cookieHeader, freshIp, postForm, postJson, setCookies, whoAmI } from "../helpers/auth";
import { BEAUTY, BISTRO, get } from "../helpers/request";
import { escapeHtml } from "../../../functions/pages";

/**
 * Kakao Sync's consent items and one account across shops (decision 177), through the real login
 * flow against the Kakao stand-in (scripts/lib/oauth-standin.mjs), as social-login.test.ts drives it.
 * Each test has an app of its own (another app id), so its Kakao person is new to the platform.
 */

const KAKAO_CALLBACK = "http://localhost/auth/kakao/callback";
let standin: OauthStandin;
let appId = 380000;

beforeEach(() => {
  vi.restoreAllMocks();
  appId += 1;
  standin = createOauthStandin({
    kakaoApps: [{ ...STANDIN_KAKAO_APP, appId, redirectUris: [KAKAO_CALLBACK] }],
    naverApps: [{ ...STANDIN_NAVER_APP, redirectUris: [] }],
  });
  const network = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    return request.url.startsWith(env.KAKAO_AUTH_BASE!) ? standin.handle(request) : network(input, init);
  });
});

type Browser = { ip: string; cookies: Map<string, string> };
const browser = (): Browser => ({ ip: freshIp(), cookies: new Map() });
const cookieOf = (b: Browser) => cookieHeader(b.cookies);
function keep(b: Browser, res: Response) {
  for (const [k, v] of setCookies(res)) b.cookies.set(k, v);
}
async function visit(b: Browser, host: string, path: string): Promise<Response> {
  const res = await get(host, path, { headers: { cookie: cookieOf(b), "cf-connecting-ip": b.ip } });
  keep(b, res);
  return res;
}

/**
 * 카카오로 시작하기 on `host` as the sync persona, through Kakao's consent window: `agree` is what
 * stays ticked of the optional items (all of them unless given), as the window posts it.
 */
async function kakaoLogin(b: Browser, host: string, agree?: string[]): Promise<Response> {
  const start = await visit(b, host, `/auth/kakao/start?${new URLSearchParams({ url: "/myshop" })}`);
  expect(start.status).toBe(302);
  const authorize = start.headers.get("location")!;
  const page = await standin.handle(authorize);
  expect(page.status).toBe(200);
  const html = await page.text();
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields.set(name!, value!.replace(/&amp;/g, "&"));
  const offered = [...html.matchAll(/name="agree" value="([^"]+)"/g)].map((m) => m[1]!);
  for (const item of agree ?? offered) fields.append("agree", item);
  fields.set("persona", "sync");
  const consent = await standin.handle(authorize.split("?")[0]!, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: fields.toString(),
  });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get("location")!);
  const callback = await visit(b, back.host, back.pathname + back.search);
  expect(callback.status).toBe(303);
  const ticket = new URL(callback.headers.get("location")!);
  return visit(b, host, ticket.pathname + ticket.search);
}

/** A first login's 간편 가입 with every consent: the new member's uid. */
async function signUp(b: Browser, host: string, agree?: string[]): Promise<number> {
  const done = await kakaoLogin(b, host, agree);
  expect(done.headers.get("location")).toBe("/auth/join?url=%2Fmyshop");
  const joined = await postForm(host, "/auth/join", { name: "김배송", agree_all: "on" }, { cookie: cookieOf(b) });
  expect(joined.status).toBe(302);
  keep(b, joined);
  return whoAmI(host, cookieOf(b));
}

const phoneOf = (uid: number) =>
  env.DB.prepare("SELECT phone FROM members WHERE uid = ?")
    .bind(uid)
    .first<{ phone: string | null }>()
    .then((r) => r?.phone ?? null);
const bookOf = (uid: number) =>
  env.DB.prepare(
    `SELECT receiver_name, receiver_phone, postcode, address, detail, is_default FROM member_addresses
     WHERE uid = ? ORDER BY is_default DESC, id`,
  )
    .bind(uid)
    .all<{ receiver_phone: string; postcode: string; address: string; detail: string; is_default: number }>()
    .then((r) => r.results);

describe("Kakao Sync's consent items", () => {
  it("asks for them as configured, and fills the new member's phone and address book once", async () => {
    const b = browser();
    const start = await visit(b, BEAUTY, "/auth/kakao/start?url=%2Fmyshop");
    expect(new URL(start.headers.get("location")!).searchParams.get("scope")).toBe(
      "profile_nickname,account_email,name,phone_number,shipping_address",
    );
    // The consent window lists them, optional ones free to untick.
    const window = await (await standin.handle(start.headers.get("location")!)).text();
    expect(window).toContain('name="agree" value="phone_number" checked');
    expect(window).toContain('name="agree" value="shipping_address" checked');

    const uid = await signUp(b, BEAUTY);
    // "+82 10-2345-6789" is kept as Korean digits.
    expect(await phoneOf(uid)).toBe("01023456789");
    const book = await bookOf(uid);
    expect(book).toEqual([
      expect.objectContaining({
        postcode: "03925",
        address: "서울특별시 마포구 월드컵북로 396",
        detail: "1204호",
        receiver_phone: "01023456789",
        is_default: 1,
      }),
      expect.objectContaining({ postcode: "13529", is_default: 0 }),
    ]);
    // The order sheet's book (the API) has them, the phone shown the Korean way by the page.
    const api = await get(BEAUTY, "/api/user/addresses", { headers: { cookie: cookieOf(b) } });
    expect(((await api.json()) as { items: unknown[] }).items).toHaveLength(2);

    // The next login adds nothing again, and an address the member removed stays removed.
    await env.DB.prepare("DELETE FROM member_addresses WHERE uid = ? AND postcode = '13529'").bind(uid).run();
    const again = browser();
    const next = await kakaoLogin(again, BEAUTY);
    expect(next.headers.get("location")).toBe("/myshop");
    expect(await whoAmI(BEAUTY, cookieOf(again))).toBe(uid);
    expect(await bookOf(uid)).toHaveLength(1);
  });

  it("adds nothing the person did not agree to, and a later agreement fills then", async () => {
    const b = browser();
    const uid = await signUp(b, BEAUTY, []);
    expect(await phoneOf(uid)).toBeNull();
    expect(await bookOf(uid)).toEqual([]);
    // Ticked later: the next login brings them.
    const later = browser();
    await kakaoLogin(later, BEAUTY, ["phone_number", "shipping_address"]);
    expect(await phoneOf(uid)).toBe("01023456789");
    expect(await bookOf(uid)).toHaveLength(2);
  });

  it("never overwrites: the member's phone and default stay, an address they have is not added twice", async () => {
    const b = browser();
    const uid = await signUp(b, BEAUTY, ["name"]);
    await env.DB.prepare("UPDATE members SET phone = '01099998888' WHERE uid = ?").bind(uid).run();
    const own = await postJson(
      BEAUTY,
      "/api/user/address/add",
      {
        receiver_name: "회사 동료",
        receiver_phone: "010-5555-6666",
        postcode: "13529",
        address: "경기도 성남시 분당구 판교역로 166",
        detail: "카카오 판교 아지트",
        is_default: true,
      },
      { cookie: cookieOf(b) },
    );
    expect(own.status).toBe(200);
    await kakaoLogin(browser(), BEAUTY);
    expect(await phoneOf(uid)).toBe("01099998888");
    const book = await bookOf(uid);
    // The member's own entry is still the default; Kakao's home is added beside it, not as default.
    expect(book).toHaveLength(2);
    expect(book[0]).toMatchObject({ postcode: "13529", receiver_phone: "01055556666", is_default: 1 });
    expect(book[1]).toMatchObject({ postcode: "03925", is_default: 0 });
  });

  it("answers like Kakao: 401 for a bad token, -402 without the shipping_address consent", async () => {
    const base = env.KAKAO_API_BASE!;
    const bad = await standin.handle(`${base}/v1/user/shipping_address`, {
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ code: -401 });
    // A token for a person who unticked the addresses.
    const authorize = new URL(`${base}/oauth/authorize`);
    for (const [k, v] of Object.entries({
      client_id: STANDIN_KAKAO_APP.clientId,
      redirect_uri: KAKAO_CALLBACK,
      response_type: "code",
      scope: "profile_nickname,phone_number,shipping_address",
      consent_form: "1",
      agree: "phone_number",
      persona: "sync",
    }))
      authorize.searchParams.set(k, v);
    const consent = await standin.handle(`${base}/oauth/authorize`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: authorize.searchParams.toString(),
    });
    const code = new URL(consent.headers.get("location")!).searchParams.get("code")!;
    const token = (await (
      await standin.handle(`${base}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          client_id: STANDIN_KAKAO_APP.clientId,
          client_secret: STANDIN_KAKAO_APP.clientSecret,
          redirect_uri: KAKAO_CALLBACK,
          code,
        }).toString(),
      })
    ).json()) as { access_token: string; scope: string };
    expect(token.scope).toBe("profile_nickname phone_number");
    const auth = { headers: { authorization: `Bearer ${token.access_token}` } };
    const refused = await standin.handle(`${base}/v1/user/shipping_address`, auth);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: -402, required_scopes: ["shipping_address"] });
    const me = (await (await standin.handle(`${base}/v2/user/me`, auth)).json()) as {
      kakao_account: Record<string, unknown>;
    };
    expect(me.kakao_account.phone_number).toBe(KAKAO_PERSONAS.sync.phone);
  });
});

describe("one account across shops", () => {
  it("a person who joined one shop joins the next with one tap, nothing typed", async () => {
    const first = browser();
    const uid = await signUp(first, BEAUTY);

    const b = browser();
    const done = await kakaoLogin(b, BISTRO);
    expect(done.headers.get("location")).toBe("/auth/join?url=%2Fmyshop");
    const page = (await (await visit(b, BISTRO, "/auth/join?url=%2Fmyshop")).text()).replace(/<!-- -->/g, "");
    // What the shop receives, and who it is: the account's name and phone, filled.
    expect(page).toContain(koSocial.shareTitle);
    expect(page).toContain("김배송");
    expect(page).toContain("010-2345-6789");
    expect(page).toContain(escapeHtml(koSocial.shareButton));
    expect(page).not.toContain('name="name"');

    // The 간편 가입 form's post makes no second account from this pending row.
    const second = await postForm(BISTRO, "/auth/join", { name: "딴사람", agree_all: "on" }, { cookie: cookieOf(b) });
    expect(second.status).toBe(410);
    const members = await env.DB.prepare("SELECT count(*) AS n FROM members WHERE name = '딴사람'").first<{
      n: number;
    }>();
    expect(members?.n).toBe(0);

    // Without the consent nothing happens.
    const refused = await postForm(BISTRO, "/auth/join", { intent: "share" }, { cookie: cookieOf(b) });
    expect(refused.status).toBe(400);

    // One tap.
    const again = browser();
    await kakaoLogin(again, BISTRO);
    const joined = await postForm(
      BISTRO,
      "/auth/join",
      { intent: "share", agree_share: "on" },
      { cookie: cookieOf(again) },
    );
    expect(joined.status).toBe(302);
    expect(joined.headers.get("location")).toBe("/myshop");
    keep(again, joined);
    expect(await whoAmI(BISTRO, cookieOf(again))).toBe(uid);
    const membership = await env.DB.prepare(
      `SELECT m.shared_agreed_at FROM shop_members m JOIN shops s ON s.id = m.shop_id WHERE s.dom = 'bistro' AND m.uid = ?`,
    )
      .bind(uid)
      .first<{ shared_agreed_at: number | null }>();
    expect(membership?.shared_agreed_at).toBeGreaterThan(0);
    // Its book is the account's: the addresses are not added a second time.
    expect(await bookOf(uid)).toHaveLength(2);

    // The next Kakao login on that shop is that member at once.
    const third = browser();
    const direct = await kakaoLogin(third, BISTRO);
    expect(direct.headers.get("location")).toBe("/myshop");
    expect(await whoAmI(BISTRO, cookieOf(third))).toBe(uid);
  });
});
