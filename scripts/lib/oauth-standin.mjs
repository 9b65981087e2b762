// A local stand-in for Kakao Login and Naver Login (issue 37, item 5): one server, each provider
// under its own prefix, in memory, answering as each documents (docs/integrations.md §3):
//
// Kakao (KAKAO_AUTH_BASE = KAKAO_API_BASE = {origin}/kakao)
//   GET  /kakao/oauth/authorize   POST /kakao/oauth/authorize   the consent page (personas, 취소)
//   POST /kakao/oauth/token       form; byte-equal redirect_uri, single-use codes (KOE320), expiry
//   GET|POST /kakao/v2/user/me    Bearer; name and phone_number when the person agreed to them
//   GET  /kakao/v1/user/shipping_address   Bearer; -402 (HTTP 403) without the shipping_address consent
//   POST /kakao/v1/user/unlink    Bearer, or KakaoAK {admin key} with target_id_type=user_id&target_id
//   GET  /kakao/_standin/         linked users, each with 연결 끊기 알림 (right key / wrong key)
//   POST /kakao/_standin/unlink-notice {client_id?, user_id | persona, referrer_type?, key?: "wrong", url?}
// Naver (NAVER_AUTH_BASE = NAVER_API_BASE = {origin}/naver)
//   GET  /naver/oauth2.0/authorize   POST /naver/oauth2.0/authorize   (state required)
//   GET|POST /naver/oauth2.0/token   grant_type=authorization_code|refresh_token|delete
//   GET  /naver/v1/nid/me            Bearer; the resultcode/message/response envelope
//
// Apps: each provider has apps (client id, secret, registered redirect URIs; Kakao: admin key,
// app id, the unlink notice URL). A person's id is per app and stable per persona, as both
// providers' ids are. Codes live 10 minutes (`codeTtlMs`) on an injectable clock (`now()`).
//
// As a module: `startOauthStandin({ port, kakaoApps, naverApps })` or `createOauthStandin()`;
// as a CLI: node scripts/lib/oauth-standin.mjs [port]
import {
  digest,
  escapeHtml,
  htmlPage,
  jsonResponse,
  randomToken,
  readFields,
  serveHandler,
} from "./standin-server.mjs";

export const CODE_TTL_MS = 10 * 60 * 1000;
/** Kakao's access token lifetime (seconds) as its token answer gives it. */
const KAKAO_EXPIRES_IN = 21599;
const NAVER_EXPIRES_IN = "3600";

/** The local apps `npm start` registers; the Worker gets the same values as its secrets. */
export const STANDIN_KAKAO_APP = {
  clientId: "kakao-standin-rest-api-key",
  clientSecret: "kakao-standin-client-secret",
  adminKey: "kakao-standin-admin-key",
  appId: 370001,
  // The consent items (동의항목) set up in the app's console: Kakao Sync's phone and addresses too.
  consentItems: ["profile_nickname", "account_email", "name", "phone_number", "shipping_address"],
};

/**
 * Kakao's consent items as its consent window names them; `required` ones cannot be unticked.
 * Asking for an item the app does not have is KOE205, as Kakao answers it.
 */
export const KAKAO_CONSENT_ITEMS = {
  profile_nickname: { label: "닉네임", required: true },
  account_email: { label: "카카오계정(이메일)", required: false },
  name: { label: "이름", required: false },
  phone_number: { label: "카카오계정(전화번호)", required: false },
  shipping_address: { label: "배송지정보(수령인명, 배송지 주소, 전화번호)", required: false },
};
export const STANDIN_NAVER_APP = { clientId: "naver-standin-client-id", clientSecret: "naver-standin-secret" };

export const KAKAO_PERSONAS = {
  verified: {
    label: "이메일 인증된 사용자",
    nickname: "카카오인증",
    email: "kakao.verified@example.test",
    verified: true,
  },
  unverified: {
    label: "이메일 미인증",
    nickname: "카카오미인증",
    email: "kakao.unverified@example.test",
    verified: false,
  },
  noEmail: { label: "이메일 동의 안 함", nickname: "카카오비공개", email: null, verified: false },
  // Kakao Sync: a person whose Kakao account has a phone number and shipping addresses.
  sync: {
    label: "전화번호·배송지 있는 사용자",
    nickname: "카카오배송",
    name: "김배송",
    email: null,
    verified: false,
    phone: "+82 10-2345-6789",
    addresses: [
      {
        id: 501,
        name: "집",
        is_default: true,
        type: "NEW",
        base_address: "서울특별시 마포구 월드컵북로 396",
        detail_address: "1204호",
        receiver_name: "김배송",
        receiver_phone_number1: "010-2345-6789",
        receiver_phone_number2: null,
        zone_number: "03925",
        zip_code: null,
      },
      {
        id: 502,
        name: "회사",
        is_default: false,
        type: "NEW",
        base_address: "경기도 성남시 분당구 판교역로 166",
        detail_address: "카카오 판교 아지트",
        receiver_name: "김배송",
        receiver_phone_number1: "010-2345-6789",
        receiver_phone_number2: "031-123-4567",
        zone_number: "13529",
        zip_code: null,
      },
    ],
  },
};
export const NAVER_PERSONAS = {
  withEmail: {
    label: "이메일 제공 사용자",
    nickname: "네이버회원",
    name: "정네이버",
    email: "naver.member@example.test",
  },
  noEmail: { label: "이메일 동의 안 함", nickname: "네이버비공개", name: "한비공", email: null },
  another: { label: "다른 네이버 사용자", nickname: "네이버둘", name: "두네이버", email: null },
};

const KOE = {
  KOE006: "등록되지 않은 리다이렉트 URI를 사용해 인가 코드를 요청했습니다.",
  KOE101: "앱 키가 올바르지 않습니다. 카카오 로그인을 사용할 수 없는 앱입니다.",
};

/** Stable per app and persona: Kakao's ids are numbers, Naver's opaque strings. */
async function kakaoUserId(appId, persona) {
  const b = await digest(`kakao:${appId}:${persona}`);
  return 1_000_000_000 + ((((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >>> 0) % 3_000_000_000);
}
async function naverUserId(clientId, persona) {
  const b = await digest(`naver:${clientId}:${persona}`);
  return btoa(String.fromCharCode(...b.slice(0, 32)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

const redirect = (location, status = 302) =>
  new Response(null, { status, headers: { location, "cache-control": "no-store" } });

/**
 * Options: `kakaoApps`, `naverApps` (arrays of apps: `{ clientId, clientSecret?, redirectUris,
 * adminKey?, appId?, unlinkUrl? }`), `now()`, `codeTtlMs`, and `deliver(url, init)` for the unlink
 * notice (default fetch).
 */
export function createOauthStandin({
  kakaoApps = [{ ...STANDIN_KAKAO_APP, redirectUris: [] }],
  naverApps = [{ ...STANDIN_NAVER_APP, redirectUris: [] }],
  now = Date.now,
  codeTtlMs = CODE_TTL_MS,
  deliver = (url, init) => fetch(url, init),
} = {}) {
  const codes = new Map(); // code → { provider, app, redirectUri, state, persona, scopes, expiresAt, used }
  const tokens = new Map(); // access token → { provider, app, persona, scopes, expiresAt }
  const refreshTokens = new Map(); // refresh token → { provider, app, persona }
  const links = new Map(); // `${provider}:${clientId}:${persona}` → linkedAt ms
  const notices = []; // unlink notices sent

  const kakaoApp = (id) => kakaoApps.find((a) => a.clientId === id);
  const naverApp = (id) => naverApps.find((a) => a.clientId === id);

  const errorPage = (status, title, code, message) =>
    htmlPage(
      status,
      title,
      `<h1>${escapeHtml(title)}</h1><div class="card"><p><strong>${escapeHtml(code)}</strong></p><p>${escapeHtml(message)}</p></div>`,
    );

  const hiddenFields = (fields) =>
    Object.entries(fields)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
      .join("");

  function issueCode(provider, app, redirectUri, state, persona, scopes = []) {
    const code = randomToken(40);
    codes.set(code, {
      provider,
      app,
      redirectUri,
      state,
      persona,
      scopes,
      expiresAt: now() + codeTtlMs,
      used: false,
    });
    return code;
  }

  function issueTokens(provider, app, persona, scopes = []) {
    const accessToken = randomToken(48);
    const refreshToken = randomToken(48);
    const lifetime = provider === "kakao" ? KAKAO_EXPIRES_IN : Number(NAVER_EXPIRES_IN);
    tokens.set(accessToken, { provider, app, persona, scopes, expiresAt: now() + lifetime * 1000 });
    refreshTokens.set(refreshToken, { provider, app, persona, scopes });
    const linkKey = `${provider}:${app.clientId}:${persona}`;
    if (!links.has(linkKey)) links.set(linkKey, now());
    return { accessToken, refreshToken };
  }

  /** Revokes every token of a person in an app (an unlink, a delete). */
  function dropPerson(provider, app, persona) {
    for (const map of [tokens, refreshTokens])
      for (const [t, v] of map) if (v.provider === provider && v.app === app && v.persona === persona) map.delete(t);
    links.delete(`${provider}:${app.clientId}:${persona}`);
  }

  function bearer(request, provider) {
    const m = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "");
    const t = m ? tokens.get(m[1]) : undefined;
    if (!t || t.provider !== provider || t.expiresAt <= now()) return null;
    return t;
  }

  // ---- Kakao ----------------------------------------------------------------------------------

  function kakaoAuthorizeChecks(fields) {
    const app = kakaoApp(fields.get("client_id") ?? "");
    if (!app) return { page: errorPage(401, "카카오 로그인 (테스트)", "KOE101", KOE.KOE101) };
    const redirectUri = fields.get("redirect_uri") ?? "";
    if (!app.redirectUris.includes(redirectUri))
      return { page: errorPage(400, "카카오 로그인 (테스트)", "KOE006", KOE.KOE006) };
    if ((fields.get("response_type") ?? "") !== "code")
      return { page: errorPage(400, "카카오 로그인 (테스트)", "KOE010", "response_type은 code여야 합니다.") };
    const scopes = (fields.get("scope") ?? "").split(",").filter(Boolean);
    const enabled = app.consentItems ?? Object.keys(KAKAO_CONSENT_ITEMS);
    const missing = scopes.filter((s) => !enabled.includes(s));
    if (missing.length > 0)
      return {
        page: errorPage(
          400,
          "카카오 로그인 (테스트)",
          "KOE205",
          `설정하지 않은 동의 항목을 요청했습니다: ${missing.join(", ")}`,
        ),
      };
    return { app, redirectUri, state: fields.get("state"), scopes };
  }

  function kakaoAuthorizePage(url) {
    const checked = kakaoAuthorizeChecks(url.searchParams);
    if (checked.page) return checked.page;
    const keep = hiddenFields({
      client_id: checked.app.clientId,
      redirect_uri: checked.redirectUri,
      response_type: "code",
      state: checked.state,
      scope: url.searchParams.get("scope"),
      consent_form: "1",
    });
    return consentPage(
      "카카오",
      "카카오계정으로",
      KAKAO_PERSONAS,
      keep + consentItemBoxes(checked.scopes),
      "h1{color:#3c1e1e}button{background:#fee500}",
    );
  }

  /**
   * What the person agreed to: on the window, the required items and the ticked optional ones the
   * app asked for; a post made without the window (a test driving the stand-in) agrees to all.
   */
  function agreedScopes(fields, requested) {
    if (fields.get("consent_form") !== "1") return requested;
    const ticked = new Set(fields.getAll("agree"));
    return requested.filter((s) => KAKAO_CONSENT_ITEMS[s]?.required || ticked.has(s));
  }

  async function kakaoAuthorizeAction(request) {
    const fields = await readFields(request);
    const checked = kakaoAuthorizeChecks(fields);
    if (checked.page) return checked.page;
    const back = new URL(checked.redirectUri);
    const persona = fields.get("persona") ?? "";
    if (persona === "cancel") {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "User denied access");
    } else if (Object.hasOwn(KAKAO_PERSONAS, persona)) {
      const scopes = agreedScopes(fields, checked.scopes);
      back.searchParams.set(
        "code",
        issueCode("kakao", checked.app, checked.redirectUri, checked.state, persona, scopes),
      );
    } else return errorPage(400, "카카오 로그인 (테스트)", "KOE000", "로그인할 사람을 고르세요.");
    if (checked.state !== null && checked.state !== undefined) back.searchParams.set("state", checked.state);
    return redirect(back.toString());
  }

  const kakaoTokenError = (status, error, errorCode, description) =>
    jsonResponse(status, { error, error_description: description, error_code: errorCode });

  async function kakaoToken(request) {
    const f = await readFields(request);
    const app = kakaoApp(f.get("client_id") ?? "");
    if (!app) return kakaoTokenError(401, "invalid_client", "KOE101", "Not exist client_id");
    if (app.clientSecret && f.get("client_secret") !== app.clientSecret)
      return kakaoTokenError(401, "invalid_client", "KOE010", "Bad client credentials");
    const grant = f.get("grant_type");
    if (grant === "refresh_token") {
      const r = refreshTokens.get(f.get("refresh_token") ?? "");
      if (!r || r.provider !== "kakao" || r.app !== app)
        return kakaoTokenError(400, "invalid_grant", "KOE322", "refresh_token not found.");
      const { accessToken } = issueTokens("kakao", app, r.persona, r.scopes);
      return jsonResponse(200, { access_token: accessToken, token_type: "bearer", expires_in: KAKAO_EXPIRES_IN });
    }
    if (grant !== "authorization_code")
      return kakaoTokenError(400, "unsupported_grant_type", "KOE310", `grant_type ${grant} is not supported`);
    const code = f.get("code") ?? "";
    const record = codes.get(code);
    // Kakao answers an unknown, used or expired code alike.
    if (!record || record.provider !== "kakao" || record.app !== app || record.used || record.expiresAt <= now())
      return kakaoTokenError(400, "invalid_grant", "KOE320", `authorization code not found for code=${code}`);
    if (f.get("redirect_uri") !== record.redirectUri)
      return kakaoTokenError(400, "invalid_grant", "KOE303", "Redirect URI mismatch.");
    record.used = true;
    const { accessToken, refreshToken } = issueTokens("kakao", app, record.persona, record.scopes);
    return jsonResponse(200, {
      access_token: accessToken,
      token_type: "bearer",
      refresh_token: refreshToken,
      expires_in: KAKAO_EXPIRES_IN,
      scope: (record.scopes.length ? record.scopes : ["profile_nickname", "account_email"]).join(" "),
      refresh_token_expires_in: 5183999,
    });
  }

  const kakaoUnauthorized = () => jsonResponse(401, { msg: "this access token does not exist", code: -401 });

  async function kakaoMe(request) {
    const t = bearer(request, "kakao");
    if (!t) return kakaoUnauthorized();
    const p = KAKAO_PERSONAS[t.persona];
    const account = {
      profile_nickname_needs_agreement: false,
      profile: { nickname: p.nickname, is_default_nickname: false },
      has_email: true,
      email_needs_agreement: p.email === null,
    };
    if (p.email !== null)
      Object.assign(account, { is_email_valid: true, is_email_verified: p.verified, email: p.email });
    // Kakao Sync's items: given only when agreed, else flagged as needing agreement.
    if (p.name) {
      account.name_needs_agreement = !t.scopes.includes("name");
      if (t.scopes.includes("name")) account.name = p.name;
    }
    if (p.phone) {
      account.has_phone_number = true;
      account.phone_number_needs_agreement = !t.scopes.includes("phone_number");
      if (t.scopes.includes("phone_number")) account.phone_number = p.phone;
    }
    const linkedAt = links.get(`kakao:${t.app.clientId}:${t.persona}`) ?? now();
    return jsonResponse(200, {
      id: await kakaoUserId(t.app.appId ?? t.app.clientId, t.persona),
      connected_at: new Date(linkedAt).toISOString().replace(/\.\d{3}Z$/, "Z"),
      kakao_account: account,
    });
  }

  /** GET /v1/user/shipping_address: the person's addresses, default first, when they agreed. */
  async function kakaoShippingAddress(request) {
    const t = bearer(request, "kakao");
    if (!t) return kakaoUnauthorized();
    if (!t.scopes.includes("shipping_address"))
      return jsonResponse(403, {
        msg: "insufficient scopes.",
        code: -402,
        api_type: "USER_SHIPPING_ADDRESS",
        required_scopes: ["shipping_address"],
        allowed_scopes: t.scopes,
      });
    const p = KAKAO_PERSONAS[t.persona];
    const updatedAt = new Date(now()).toISOString().replace(/\.\d{3}Z$/, "Z");
    const addresses = (p.addresses ?? [])
      .map((a) => ({ ...a, updated_at: updatedAt }))
      .sort((x, y) => Number(y.is_default) - Number(x.is_default));
    return jsonResponse(200, {
      user_id: await kakaoUserId(t.app.appId ?? t.app.clientId, t.persona),
      shipping_addresses_needs_agreement: false,
      shipping_addresses: addresses,
    });
  }

  async function kakaoUnlink(request) {
    const auth = request.headers.get("authorization") ?? "";
    const admin = /^KakaoAK\s+(\S+)$/.exec(auth);
    if (admin) {
      const app = kakaoApps.find((a) => a.adminKey && a.adminKey === admin[1]);
      if (!app) return jsonResponse(401, { msg: "wrong appKey(" + "****" + ") type. ", code: -401 });
      const f = await readFields(request);
      const targetId = Number(f.get("target_id"));
      for (const persona of Object.keys(KAKAO_PERSONAS))
        if ((await kakaoUserId(app.appId ?? app.clientId, persona)) === targetId) {
          dropPerson("kakao", app, persona);
          return jsonResponse(200, { id: targetId });
        }
      return jsonResponse(400, { msg: "NotRegisteredUserException", code: -101 });
    }
    const t = bearer(request, "kakao");
    if (!t) return kakaoUnauthorized();
    const id = await kakaoUserId(t.app.appId ?? t.app.clientId, t.persona);
    dropPerson("kakao", t.app, t.persona);
    return jsonResponse(200, { id });
  }

  /**
   * Kakao's unlink notice as it sends one: the app's (or a given) URL, `Authorization: KakaoAK
   * {admin key}` (or a wrong key when asked) and app_id, user_id, referrer_type as a form.
   */
  async function sendUnlinkNotice({
    clientId,
    userId,
    persona,
    referrerType = "UNLINK_FROM_APPS",
    key,
    url,
    method = "POST",
  } = {}) {
    const app = clientId ? kakaoApp(clientId) : kakaoApps[0];
    if (!app) return { error: "KOE101" };
    const target = url ?? app.unlinkUrl;
    if (!target) return { error: "no unlink notice URL" };
    let id = userId === undefined || userId === null || userId === "" ? undefined : Number(userId);
    if (persona && Object.hasOwn(KAKAO_PERSONAS, persona)) {
      id = await kakaoUserId(app.appId ?? app.clientId, persona);
      dropPerson("kakao", app, persona);
    }
    if (id === undefined || !Number.isFinite(id)) return { error: "user_id or persona required" };
    const params = new URLSearchParams({ app_id: String(app.appId), user_id: String(id), referrer_type: referrerType });
    const adminKey = key === "wrong" ? `wrong-${randomToken(16)}` : app.adminKey;
    const headers = { authorization: `KakaoAK ${adminKey}` };
    const init =
      method === "GET"
        ? { method: "GET", headers }
        : {
            method: "POST",
            headers: { ...headers, "content-type": "application/x-www-form-urlencoded;charset=utf-8" },
            body: params.toString(),
          };
    const to = method === "GET" ? `${target}${target.includes("?") ? "&" : "?"}${params}` : target;
    const started = now();
    let record;
    try {
      const res = await deliver(to, init);
      record = {
        url: to,
        params: Object.fromEntries(params),
        key: key === "wrong" ? "wrong" : "right",
        status: res.status,
        answer: (await res.text()).slice(0, 300),
      };
    } catch (error) {
      record = {
        url: to,
        params: Object.fromEntries(params),
        key: key === "wrong" ? "wrong" : "right",
        status: 0,
        answer: String(error?.message ?? error),
      };
    }
    record.ms = now() - started;
    notices.push(record);
    return record;
  }

  async function kakaoControl(request, path) {
    if (request.method === "GET" && (path === "/_standin/" || path === "/_standin")) {
      const rows = [];
      for (const app of kakaoApps)
        for (const [persona, p] of Object.entries(KAKAO_PERSONAS)) {
          if (!links.has(`kakao:${app.clientId}:${persona}`)) continue;
          const form = (key, label) =>
            `<form method="post" action="unlink-notice">${hiddenFields({ client_id: app.clientId, persona, key })}<button>${label}</button></form>`;
          rows.push(
            `<tr><td>${escapeHtml(app.appId)}</td><td>${escapeHtml(p.label)}</td><td>${await kakaoUserId(app.appId ?? app.clientId, persona)}</td><td>${form("right", "연결 끊기 알림")}${form("wrong", "틀린 키로 알림")}</td></tr>`,
          );
        }
      const sent = notices
        .map(
          (n) =>
            `<tr><td>${escapeHtml(n.params.user_id)}</td><td>${escapeHtml(n.key)}</td><td>${escapeHtml(n.status)}</td></tr>`,
        )
        .join("");
      return htmlPage(
        200,
        "카카오 개발자 (테스트)",
        `<h1>카카오 로그인 연결 (테스트)</h1><div class="card">${rows.length ? `<table><thead><tr><th>앱</th><th>사람</th><th>회원번호</th><th></th></tr></thead><tbody>${rows.join("")}</tbody></table>` : "<p>아직 연결된 사용자가 없습니다.</p>"}</div>
<h2>보낸 연결 끊기 알림</h2><div class="card">${sent ? `<table><thead><tr><th>회원번호</th><th>키</th><th>응답</th></tr></thead><tbody>${sent}</tbody></table>` : "<p>없음</p>"}</div>`,
      );
    }
    if (request.method === "GET" && path === "/_standin/notices") return jsonResponse(200, { notices });
    if (request.method === "POST" && path === "/_standin/unlink-notice") {
      const fromForm = !(request.headers.get("content-type") ?? "").includes("application/json");
      const f = await readFields(request);
      const result = await sendUnlinkNotice({
        clientId: f.get("client_id") ?? undefined,
        userId: f.get("user_id") ?? undefined,
        persona: f.get("persona") ?? undefined,
        referrerType: f.get("referrer_type") ?? undefined,
        key: f.get("key") ?? undefined,
        url: f.get("url") ?? undefined,
        method: f.get("method") === "GET" ? "GET" : "POST",
      });
      if (result.error) return jsonResponse(400, result);
      return fromForm ? redirect("./", 303) : jsonResponse(200, result);
    }
    return jsonResponse(404, { msg: "not found", code: -404 });
  }

  async function kakao(request, path) {
    if (path === "/oauth/authorize") {
      if (request.method === "GET") return kakaoAuthorizePage(new URL(request.url));
      if (request.method === "POST") return kakaoAuthorizeAction(request);
    }
    if (path === "/oauth/token" && request.method === "POST") return kakaoToken(request);
    if (path === "/v2/user/me" && (request.method === "GET" || request.method === "POST")) return kakaoMe(request);
    if (path === "/v1/user/unlink" && request.method === "POST") return kakaoUnlink(request);
    if (path === "/v1/user/shipping_address" && request.method === "GET") return kakaoShippingAddress(request);
    if (path.startsWith("/_standin")) return kakaoControl(request, path);
    return jsonResponse(404, { msg: "not found", code: -404 });
  }

  // ---- Naver ----------------------------------------------------------------------------------

  function naverAuthorizeChecks(fields) {
    const app = naverApp(fields.get("client_id") ?? "");
    if (!app)
      return { page: errorPage(400, "네이버 로그인 (테스트)", "invalid_client", "등록되지 않은 애플리케이션입니다.") };
    const redirectUri = fields.get("redirect_uri") ?? "";
    if (!app.redirectUris.includes(redirectUri))
      return {
        page: errorPage(400, "네이버 로그인 (테스트)", "invalid_request", "Callback URL이 등록된 주소와 다릅니다."),
      };
    if ((fields.get("response_type") ?? "") !== "code")
      return {
        page: errorPage(400, "네이버 로그인 (테스트)", "unsupported_response_type", "response_type은 code여야 합니다."),
      };
    const state = fields.get("state") ?? "";
    if (state === "")
      return { page: errorPage(400, "네이버 로그인 (테스트)", "invalid_request", "state 값이 없습니다.") };
    return { app, redirectUri, state };
  }

  function naverAuthorizePage(url) {
    const checked = naverAuthorizeChecks(url.searchParams);
    if (checked.page) return checked.page;
    const keep = hiddenFields({
      client_id: checked.app.clientId,
      redirect_uri: checked.redirectUri,
      response_type: "code",
      state: checked.state,
    });
    return consentPage(
      "네이버",
      "네이버 아이디로",
      NAVER_PERSONAS,
      keep,
      "h1{color:#03a94d}button{background:#03c75a;color:#fff}",
    );
  }

  async function naverAuthorizeAction(request) {
    const fields = await readFields(request);
    const checked = naverAuthorizeChecks(fields);
    if (checked.page) return checked.page;
    const back = new URL(checked.redirectUri);
    const persona = fields.get("persona") ?? "";
    if (persona === "cancel") {
      back.searchParams.set("state", checked.state);
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "Canceled By User");
    } else if (Object.hasOwn(NAVER_PERSONAS, persona)) {
      back.searchParams.set("code", issueCode("naver", checked.app, checked.redirectUri, checked.state, persona));
      back.searchParams.set("state", checked.state);
    } else return errorPage(400, "네이버 로그인 (테스트)", "invalid_request", "로그인할 사람을 고르세요.");
    return redirect(back.toString());
  }

  // Naver answers its token endpoint's errors with 200 and an error body.
  const naverTokenError = (error, description) => jsonResponse(200, { error, error_description: description });

  async function naverToken(request, url) {
    const f = request.method === "GET" ? url.searchParams : await readFields(request);
    const app = naverApp(f.get("client_id") ?? "");
    if (!app) return naverTokenError("invalid_request", "no valid data in session");
    if (!f.get("client_secret") || f.get("client_secret") !== app.clientSecret)
      return naverTokenError("invalid_client", "client_secret is invalid");
    const grant = f.get("grant_type");
    if (grant === "authorization_code") {
      const record = codes.get(f.get("code") ?? "");
      if (!record || record.provider !== "naver" || record.app !== app || record.used || record.expiresAt <= now())
        return naverTokenError("invalid_request", "no valid data in session");
      if (f.get("state") !== record.state) return naverTokenError("invalid_request", "state mismatch");
      record.used = true;
      const { accessToken, refreshToken } = issueTokens("naver", app, record.persona);
      return jsonResponse(200, {
        access_token: accessToken,
        refresh_token: refreshToken,
        token_type: "bearer",
        expires_in: NAVER_EXPIRES_IN,
      });
    }
    if (grant === "refresh_token") {
      const r = refreshTokens.get(f.get("refresh_token") ?? "");
      if (!r || r.provider !== "naver" || r.app !== app)
        return naverTokenError("invalid_request", "invalid refresh_token");
      const { accessToken } = issueTokens("naver", app, r.persona);
      return jsonResponse(200, { access_token: accessToken, token_type: "bearer", expires_in: NAVER_EXPIRES_IN });
    }
    if (grant === "delete") {
      const token = f.get("access_token") ?? "";
      const t = tokens.get(token);
      if (!t || t.provider !== "naver" || t.app !== app)
        return naverTokenError("invalid_request", "invalid access_token");
      dropPerson("naver", app, t.persona);
      return jsonResponse(200, { access_token: token, result: "success" });
    }
    return naverTokenError("unsupported_grant_type", `grant_type ${grant} is not supported`);
  }

  async function naverMe(request) {
    const t = bearer(request, "naver");
    if (!t) return jsonResponse(401, { resultcode: "024", message: "Authentication failed (인증 실패하였습니다.)" });
    const p = NAVER_PERSONAS[t.persona];
    const response = {
      id: await naverUserId(t.app.clientId, t.persona),
      nickname: p.nickname,
      name: p.name,
      gender: "U",
      age: "30-39",
      birthday: "03-15",
    };
    if (p.email) response.email = p.email;
    return jsonResponse(200, { resultcode: "00", message: "success", response });
  }

  async function naver(request, path, url) {
    if (path === "/oauth2.0/authorize") {
      if (request.method === "GET") return naverAuthorizePage(url);
      if (request.method === "POST") return naverAuthorizeAction(request);
    }
    if (path === "/oauth2.0/token" && (request.method === "GET" || request.method === "POST"))
      return naverToken(request, url);
    if (path === "/v1/nid/me" && request.method === "GET") return naverMe(request);
    return jsonResponse(404, { resultcode: "404", message: "Not Found" });
  }

  async function handle(input, init) {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const url = new URL(request.url);
    const m = /^\/(kakao|naver)(\/.*)?$/.exec(url.pathname);
    if (m?.[1] === "kakao") return kakao(request, m[2] ?? "/");
    if (m?.[1] === "naver") return naver(request, m[2] ?? "/", url);
    return jsonResponse(404, { error: "not found" });
  }

  return {
    handle,
    codes,
    notices,
    sendUnlinkNotice,
    kakaoApps,
    naverApps,
    kakaoUserId: (persona, clientId) => {
      const app = clientId ? kakaoApp(clientId) : kakaoApps[0];
      return kakaoUserId(app?.appId ?? app?.clientId, persona);
    },
    naverUserId: (persona, clientId) => naverUserId(clientId ?? naverApps[0]?.clientId, persona),
  };
}

/** Kakao's unlink notice from the server: *.localhost reached on loopback (through `via` if given). */
async function nodeDeliver(url, init, via) {
  const target = new URL(url);
  const loopback = target.hostname === "localhost" || target.hostname.endsWith(".localhost");
  if (!via || !loopback) return fetch(url, init);
  const { request: httpRequest } = await import("node:http");
  const to = new URL(via);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: to.hostname,
        port: to.port || 80,
        method: init.method,
        path: `${target.pathname}${target.search}`,
        headers: {
          ...init.headers,
          host: target.host,
          ...(init.body ? { "content-length": Buffer.byteLength(init.body) } : {}),
        },
        timeout: 10_000,
      },
      async (res) => {
        const chunks = [];
        for await (const chunk of res) chunks.push(chunk);
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode }));
      },
    );
    req.on("error", reject);
    req.on("timeout", () => req.destroy(new Error("the unlink notice was not answered in time")));
    req.end(init.body);
  });
}

/**
 * Serves the stand-in. `redirectUris` and `unlinkUrl` register the local Worker's callbacks with
 * the default apps. Resolves to `{ origin, port, kakao: { authBase, apiBase, ...app }, naver: {
 * authBase, apiBase, ...app }, standin, close() }`.
 */
export async function startOauthStandin({
  port = 0,
  host = "127.0.0.1",
  publicHost,
  kakaoRedirectUris = [],
  naverRedirectUris = [],
  unlinkUrl,
  deliverVia,
  ...options
} = {}) {
  const kakaoApp = { ...STANDIN_KAKAO_APP, redirectUris: kakaoRedirectUris, unlinkUrl };
  const naverApp = { ...STANDIN_NAVER_APP, redirectUris: naverRedirectUris };
  const standin = createOauthStandin({
    kakaoApps: [kakaoApp],
    naverApps: [naverApp],
    deliver: (url, init) => nodeDeliver(url, init, deliverVia),
    ...options,
  });
  const served = await serveHandler(standin.handle, { port, host, publicHost });
  return {
    ...served,
    kakao: { authBase: `${served.origin}/kakao`, apiBase: `${served.origin}/kakao`, ...kakaoApp },
    naver: { authBase: `${served.origin}/naver`, apiBase: `${served.origin}/naver`, ...naverApp },
    standin,
  };
}

// As a CLI: node scripts/lib/oauth-standin.mjs [port]
if (globalThis.process?.argv?.[1]?.endsWith("oauth-standin.mjs")) {
  const { env, argv } = globalThis.process;
  const served = await startOauthStandin({ port: Number(argv[2] || env.OAUTH_STANDIN_PORT || 3396) });
  console.log(
    `Kakao/Naver login stand-in: KAKAO_AUTH_BASE=${served.kakao.authBase} NAVER_AUTH_BASE=${served.naver.authBase}`,
  );
}

/**
 * Kakao's consent items the app asked for, as the window lists them: required ones ticked for
 * good (sent as hidden fields), optional ones ticked and free to untick.
 */
function consentItemBoxes(scopes) {
  const rows = scopes
    .filter((s) => Object.hasOwn(KAKAO_CONSENT_ITEMS, s))
    .map((s) => {
      const item = KAKAO_CONSENT_ITEMS[s];
      const tag = item.required ? "[필수]" : "[선택]";
      return item.required
        ? `<label><input type="checkbox" checked disabled> ${tag} ${escapeHtml(item.label)}</label>`
        : `<label><input type="checkbox" name="agree" value="${s}" checked> ${tag} ${escapeHtml(item.label)}</label>`;
    });
  return rows.length ? `<fieldset><legend>제공 항목</legend>${rows.join("<br>")}</fieldset>` : "";
}

/** A provider's consent window: one button per persona and 동의 취소, a plain form (no script). */
function consentPage(provider, loginWith, personas, hidden, style) {
  const buttons = Object.entries(personas)
    .map(([id, p]) => `<button name="persona" value="${id}">${escapeHtml(p.label)}</button>`)
    .join("");
  return htmlPage(
    200,
    `${provider} 로그인 (테스트)`,
    `<h1>${loginWith} 로그인 (테스트)</h1><p>${provider} 로그인의 테스트 대역입니다. 로그인할 사람을 고르세요.</p>
<form method="post" class="card">${hidden}${buttons}<button name="persona" value="cancel">동의 취소</button></form>`,
    style,
  );
}
