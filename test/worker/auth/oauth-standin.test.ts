import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import {
  KakaoClient,
  kakaoAuthorizeUrl,
  NaverClient,
  naverAuthorizeUrl,
  OAuthError,
  readKakaoUnlinkNotice,
} from "../../../functions/auth/oauth-providers";
import { readConfig } from "../../../functions/env";
import {
  CODE_TTL_MS,
  createOauthStandin,
  STANDIN_KAKAO_APP,
  STANDIN_NAVER_APP,
  type KakaoPersona,
  type NaverPersona,
  type OauthStandin,
  type UnlinkNotice,
} from "../../../scripts/lib/oauth-standin.mjs";

/**
 * Issue 37, item 5: the stand-in for Kakao Login and Naver Login, its consent pages pressed as a
 * browser posts them and its API called by the storefront's clients
 * (functions/auth/oauth-providers.ts) with the stand-in's handler as the fetcher.
 */

const config = readConfig(env);
const KAKAO_AUTH = config.KAKAO_AUTH_BASE;
const KAKAO_API = config.KAKAO_API_BASE;
const NAVER_AUTH = config.NAVER_AUTH_BASE;
const NAVER_API = config.NAVER_API_BASE;
const CALLBACK = "https://auth.platform.test/auth/kakao/callback";
const NAVER_CALLBACK = "https://auth.platform.test/auth/naver/callback";
const UNLINK_URL = "https://auth.platform.test/auth/kakao/unlink";
const OTHER_APP = { clientId: "kakao-other-app", redirectUris: [CALLBACK], appId: 370002, adminKey: "other-admin" };

let standin: OauthStandin;
let clock: number;
let delivered: Request[];
const seen: string[] = [];
const handle = async (input: RequestInfo | URL, init?: RequestInit) => {
  const res = await standin.handle(input, init);
  seen.push(await res.clone().text(), JSON.stringify([...res.headers]));
  return res;
};
const fetcher = handle as unknown as typeof fetch;
const kakao = (secret: string = STANDIN_KAKAO_APP.clientSecret) =>
  new KakaoClient(KAKAO_AUTH, KAKAO_API, { restKey: STANDIN_KAKAO_APP.clientId, clientSecret: secret }, fetcher);
const naver = (secret: string = STANDIN_NAVER_APP.clientSecret) =>
  new NaverClient(NAVER_AUTH, NAVER_API, { clientId: STANDIN_NAVER_APP.clientId, clientSecret: secret }, fetcher);

beforeEach(() => {
  clock = Date.UTC(2026, 4, 10, 3, 0);
  delivered = [];
  standin = createOauthStandin({
    now: () => clock,
    kakaoApps: [{ ...STANDIN_KAKAO_APP, redirectUris: [CALLBACK], unlinkUrl: UNLINK_URL }, OTHER_APP],
    naverApps: [{ ...STANDIN_NAVER_APP, redirectUris: [NAVER_CALLBACK] }],
    deliver: async (url, init) => {
      delivered.push(new Request(url, init));
      return new Response("OK");
    },
  });
});

const post = (url: string, fields: URLSearchParams) =>
  handle(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: fields.toString(),
  });

/** Opens the consent page at `authorizeUrl` and presses a persona: where it sends the browser. */
async function consent(authorizeUrl: string, persona: string) {
  const page = await handle(authorizeUrl);
  expect(page.status).toBe(200);
  const fields = new URL(authorizeUrl).searchParams;
  fields.set("persona", persona);
  const res = await post(authorizeUrl.split("?")[0]!, fields);
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}

const kakaoLogin = (persona: KakaoPersona | "cancel", o: { clientId?: string; state?: string } = {}) =>
  consent(
    kakaoAuthorizeUrl(KAKAO_AUTH, {
      clientId: o.clientId ?? STANDIN_KAKAO_APP.clientId,
      redirectUri: CALLBACK,
      state: o.state ?? "st-kakao-1",
      scope: ["profile_nickname", "account_email"],
    }),
    persona,
  );
const naverLogin = (persona: NaverPersona | "cancel", state = "st-naver-1") =>
  consent(
    naverAuthorizeUrl(NAVER_AUTH, { clientId: STANDIN_NAVER_APP.clientId, redirectUri: NAVER_CALLBACK, state }),
    persona,
  );

const refused = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OAuthError);
  return error as OAuthError;
};

describe("Kakao: the consent page", () => {
  it("offers the personas and 동의 취소 as a plain form", async () => {
    const url = kakaoAuthorizeUrl(KAKAO_AUTH, {
      clientId: STANDIN_KAKAO_APP.clientId,
      redirectUri: CALLBACK,
      state: "s",
    });
    const page = await (await handle(url)).text();
    for (const label of ["이메일 인증된 사용자", "이메일 미인증", "이메일 동의 안 함", "동의 취소"])
      expect(page).toContain(label);
    expect(page).not.toContain("<script");
  });

  it("KOE101 for an unknown client_id, KOE006 for a redirect_uri not registered byte for byte", async () => {
    const unknown = await handle(
      kakaoAuthorizeUrl(KAKAO_AUTH, { clientId: "nope", redirectUri: CALLBACK, state: "s" }),
    );
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toContain("KOE101");
    for (const redirectUri of [`${CALLBACK}/`, CALLBACK.replace("https", "http"), `${CALLBACK}?x=1`]) {
      const res = await handle(
        kakaoAuthorizeUrl(KAKAO_AUTH, { clientId: STANDIN_KAKAO_APP.clientId, redirectUri, state: "s" }),
      );
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("KOE006");
    }
  });

  it("passes the state through with the code, and with access_denied on cancel", async () => {
    const ok = await kakaoLogin("verified", { state: "state-ABC_123" });
    expect(ok.origin + ok.pathname).toBe(CALLBACK);
    expect(ok.searchParams.get("code")).toMatch(/.{20,}/);
    expect(ok.searchParams.get("state")).toBe("state-ABC_123");
    const cancel = await kakaoLogin("cancel", { state: "state-XYZ" });
    expect(cancel.searchParams.get("error")).toBe("access_denied");
    expect(cancel.searchParams.get("error_description")).toBeTruthy();
    expect(cancel.searchParams.get("state")).toBe("state-XYZ");
    expect(cancel.searchParams.get("code")).toBeNull();
  });
});

describe("Kakao: token and profile", () => {
  it("이메일 인증된 사용자: a verified e-mail, a numeric id stable per persona", async () => {
    const code = (await kakaoLogin("verified")).searchParams.get("code")!;
    const tokens = await kakao().exchange(code, CALLBACK);
    expect(tokens.expiresIn).toBe(21599);
    expect(tokens.refreshToken).toBeTruthy();
    const me = await kakao().profile(tokens.accessToken);
    expect(me).toMatchObject({ provider: "kakao", email: "kakao.verified@example.test", emailVerified: true });
    expect(me.id).toMatch(/^\d+$/);
    const again = await kakao().profile(
      (await kakao().exchange((await kakaoLogin("verified")).searchParams.get("code")!, CALLBACK)).accessToken,
    );
    expect(again.id).toBe(me.id);
  });

  it("이메일 미인증: the e-mail, not verified", async () => {
    const code = (await kakaoLogin("unverified")).searchParams.get("code")!;
    const me = await kakao().profile((await kakao().exchange(code, CALLBACK)).accessToken);
    expect(me.email).toBe("kakao.unverified@example.test");
    expect(me.emailVerified).toBe(false);
  });

  it("이메일 동의 안 함: no e-mail at all", async () => {
    const code = (await kakaoLogin("noEmail")).searchParams.get("code")!;
    const me = await kakao().profile((await kakao().exchange(code, CALLBACK)).accessToken);
    expect(me.email).toBeNull();
    expect(me.emailVerified).toBe(false);
    expect(me.name).toBeTruthy();
  });

  it("ids are per app: the same persona has another id in another app", async () => {
    expect(await standin.kakaoUserId("verified", OTHER_APP.clientId)).not.toBe(await standin.kakaoUserId("verified"));
  });

  it("a code works once: the second exchange is KOE320", async () => {
    const code = (await kakaoLogin("verified")).searchParams.get("code")!;
    await kakao().exchange(code, CALLBACK);
    const error = await refused(kakao().exchange(code, CALLBACK));
    expect(error).toMatchObject({ kind: "invalid_code", code: "KOE320", provider: "kakao" });
    const raw = await post(
      `${KAKAO_AUTH}/oauth/token`,
      new URLSearchParams({
        grant_type: "authorization_code",
        client_id: STANDIN_KAKAO_APP.clientId,
        client_secret: STANDIN_KAKAO_APP.clientSecret,
        redirect_uri: CALLBACK,
        code,
      }),
    );
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ error: "invalid_grant", error_code: "KOE320" });
  });

  it("a redirect_uri not byte-equal to the authorize one is invalid_grant, and the code still unused", async () => {
    const code = (await kakaoLogin("verified")).searchParams.get("code")!;
    const error = await refused(kakao().exchange(code, `${CALLBACK}/`));
    expect(error.kind).toBe("redirect_mismatch");
    expect(error.message).toMatch(/redirect/i);
    await expect(kakao().exchange(code, CALLBACK)).resolves.toMatchObject({ expiresIn: 21599 });
  });

  it("an expired code is KOE320", async () => {
    const code = (await kakaoLogin("verified")).searchParams.get("code")!;
    clock += CODE_TTL_MS + 1;
    expect(await refused(kakao().exchange(code, CALLBACK))).toMatchObject({ kind: "invalid_code", code: "KOE320" });
  });

  it("a wrong client secret is a config error; a code of another app is KOE320", async () => {
    const code = (await kakaoLogin("verified")).searchParams.get("code")!;
    const error = await refused(kakao("wrong-secret").exchange(code, CALLBACK));
    expect(error.kind).toBe("config");
    expect(error.message).not.toContain("wrong-secret");
    const other = new KakaoClient(KAKAO_AUTH, KAKAO_API, { restKey: OTHER_APP.clientId }, fetcher);
    expect((await refused(other.exchange(code, CALLBACK))).code).toBe("KOE320");
  });

  it("an unknown or expired access token is invalid_token", async () => {
    expect((await refused(kakao().profile("nope"))).kind).toBe("invalid_token");
    const code = (await kakaoLogin("verified")).searchParams.get("code")!;
    const { accessToken } = await kakao().exchange(code, CALLBACK);
    clock += 21600 * 1000;
    expect((await refused(kakao().profile(accessToken))).kind).toBe("invalid_token");
  });

  it("unlink answers the id and ends the token", async () => {
    const code = (await kakaoLogin("verified")).searchParams.get("code")!;
    const { accessToken } = await kakao().exchange(code, CALLBACK);
    const me = await kakao().profile(accessToken);
    expect(await kakao().unlink(accessToken)).toBe(me.id);
    expect((await refused(kakao().profile(accessToken))).kind).toBe("invalid_token");
  });
});

describe("Kakao: the unlink notice", () => {
  const ADMIN_KEY = STANDIN_KAKAO_APP.adminKey;

  it("is sent to the app's URL with KakaoAK {admin key} and app_id, user_id, referrer_type", async () => {
    const code = (await kakaoLogin("verified")).searchParams.get("code")!;
    const me = await kakao().profile((await kakao().exchange(code, CALLBACK)).accessToken);
    const sent = (await standin.sendUnlinkNotice({ persona: "verified" })) as UnlinkNotice;
    expect(sent.status).toBe(200);
    expect(delivered).toHaveLength(1);
    const notice = delivered[0]!;
    expect(notice.url).toBe(UNLINK_URL);
    expect(notice.method).toBe("POST");
    expect(await readKakaoUnlinkNotice(notice, ADMIN_KEY)).toEqual({
      appId: String(STANDIN_KAKAO_APP.appId),
      userId: me.id,
      referrerType: "UNLINK_FROM_APPS",
    });
  });

  it("with a wrong key is refused by the check", async () => {
    await standin.sendUnlinkNotice({ persona: "verified", key: "wrong" });
    expect(await readKakaoUnlinkNotice(delivered[0]!, ADMIN_KEY)).toBeNull();
  });

  it("as a GET carries its params in the query", async () => {
    await standin.sendUnlinkNotice({ persona: "noEmail", method: "GET", referrerType: "ACCOUNT_DELETE" });
    const notice = delivered[0]!;
    expect(notice.method).toBe("GET");
    expect(await readKakaoUnlinkNotice(notice, ADMIN_KEY)).toMatchObject({ referrerType: "ACCOUNT_DELETE" });
  });

  it("is triggered from the control endpoint and ends the person's tokens", async () => {
    const code = (await kakaoLogin("verified")).searchParams.get("code")!;
    const { accessToken } = await kakao().exchange(code, CALLBACK);
    const page = await (await handle(`${KAKAO_AUTH}/_standin/`)).text();
    expect(page).toContain("연결 끊기 알림");
    const res = await handle(`${KAKAO_AUTH}/_standin/unlink-notice`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ persona: "verified", key: "right" }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ key: "right", params: { referrer_type: "UNLINK_FROM_APPS" } });
    expect((await refused(kakao().profile(accessToken))).kind).toBe("invalid_token");
    expect(standin.notices).toHaveLength(1);
  });

  it("no page, answer or notice shows the admin key or the client secret", () => {
    for (const text of seen) {
      expect(text).not.toContain(ADMIN_KEY);
      expect(text).not.toContain(STANDIN_KAKAO_APP.clientSecret);
      expect(text).not.toContain(STANDIN_NAVER_APP.clientSecret);
    }
  });
});

describe("Naver", () => {
  it("requires the state on authorize", async () => {
    const url = naverAuthorizeUrl(NAVER_AUTH, {
      clientId: STANDIN_NAVER_APP.clientId,
      redirectUri: NAVER_CALLBACK,
      state: "",
    });
    const res = await handle(url);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("state");
  });

  it("refuses an unregistered callback", async () => {
    const url = naverAuthorizeUrl(NAVER_AUTH, {
      clientId: STANDIN_NAVER_APP.clientId,
      redirectUri: `${NAVER_CALLBACK}x`,
      state: "s",
    });
    expect((await handle(url)).status).toBe(400);
  });

  it("passes the state through; cancel is access_denied with the state", async () => {
    const ok = await naverLogin("withEmail", "naver-state-1");
    expect(ok.searchParams.get("state")).toBe("naver-state-1");
    const cancel = await naverLogin("cancel", "naver-state-2");
    expect(cancel.searchParams.get("error")).toBe("access_denied");
    expect(cancel.searchParams.get("state")).toBe("naver-state-2");
  });

  it("answers the profile in its resultcode/message/response envelope; the e-mail is never verified", async () => {
    const code = (await naverLogin("withEmail")).searchParams.get("code")!;
    const tokens = await naver().exchange(code, "st-naver-1");
    expect(tokens.expiresIn).toBe(3600);
    const raw = await handle(`${NAVER_API}/v1/nid/me`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    const body = (await raw.json()) as { resultcode: string; message: string; response: { id: string; email: string } };
    expect(body).toMatchObject({ resultcode: "00", message: "success" });
    expect(body.response.email).toBe("naver.member@example.test");
    const me = await naver().profile(tokens.accessToken);
    expect(me).toEqual({
      provider: "naver",
      id: body.response.id,
      email: "naver.member@example.test",
      emailVerified: false,
      name: "정네이버",
    });
  });

  it("이메일 동의 안 함: no e-mail", async () => {
    const code = (await naverLogin("noEmail")).searchParams.get("code")!;
    const me = await naver().profile((await naver().exchange(code, "st-naver-1")).accessToken);
    expect(me.email).toBeNull();
  });

  it("a reused or expired code, a state other than the authorize one and a wrong secret are refused", async () => {
    const code = (await naverLogin("withEmail")).searchParams.get("code")!;
    expect((await refused(naver().exchange(code, "another-state"))).kind).toBe("invalid_code");
    await naver().exchange(code, "st-naver-1");
    expect((await refused(naver().exchange(code, "st-naver-1"))).kind).toBe("invalid_code");
    const late = (await naverLogin("withEmail")).searchParams.get("code")!;
    clock += CODE_TTL_MS + 1;
    expect((await refused(naver().exchange(late, "st-naver-1"))).kind).toBe("invalid_code");
    const fresh = (await naverLogin("withEmail")).searchParams.get("code")!;
    expect((await refused(naver("wrong").exchange(fresh, "st-naver-1"))).kind).toBe("config");
    const noSecret = await handle(
      `${NAVER_AUTH}/oauth2.0/token?grant_type=authorization_code&client_id=${STANDIN_NAVER_APP.clientId}&code=${fresh}&state=st-naver-1`,
    );
    expect(await noSecret.json()).toMatchObject({ error: "invalid_client" });
  });

  it("refreshes, and deletes a token (after which the envelope says 024)", async () => {
    const code = (await naverLogin("withEmail")).searchParams.get("code")!;
    const tokens = await naver().exchange(code, "st-naver-1");
    const refreshed = await post(
      `${NAVER_AUTH}/oauth2.0/token`,
      new URLSearchParams({
        grant_type: "refresh_token",
        client_id: STANDIN_NAVER_APP.clientId,
        client_secret: STANDIN_NAVER_APP.clientSecret,
        refresh_token: tokens.refreshToken!,
      }),
    );
    const fresh = (await refreshed.json()) as { access_token: string };
    expect(fresh.access_token).toBeTruthy();
    await naver().revoke(tokens.accessToken);
    const raw = await handle(`${NAVER_API}/v1/nid/me`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toMatchObject({ resultcode: "024" });
    expect((await refused(naver().profile(tokens.accessToken))).kind).toBe("invalid_token");
  });
});
