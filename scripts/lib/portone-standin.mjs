// A local stand-in for PortOne V2's identity verification (issue 37, item 5), in memory, answering
// as PortOne documents (docs/integrations.md §2.2, §2.5):
//
//   GET  /identity-verifications/{id}[?storeId=]   Authorization: PortOne {API secret}
//   GET  /v2/browser-sdk.js                        the SDK: PortOne.requestIdentityVerification(…)
//   GET  /_standin/identity?storeId&identityVerificationId&channelKey&redirectUrl   the window
//   POST /_standin/identity                        a persona chosen (or 취소)
//   GET  /_standin/ (page)   GET /_standin/identity-verifications (JSON)   what was verified
//
// PortOne creates a verification when the SDK opens its window, not through our API: so does the
// window here (READY, keyed by storeId + id). A VERIFIED id is never verified again.
// Personas' birth years follow the injectable clock's year in Korea, so a test can stand on
// either side of 1 January 00:00 KST.
//
// As a module: `startPortoneStandin({ port })` (npm start, the browser tests' server) or
// `createPortoneStandin()` for the handler alone (Worker tests). As a CLI:
//   node scripts/lib/portone-standin.mjs [port]
import {
  base64,
  digest,
  escapeHtml,
  htmlPage,
  jsonResponse,
  randomToken,
  readFields,
  serveHandler,
} from "./standin-server.mjs";

export const SDK_PATH = "/v2/browser-sdk.js";
export const WINDOW_PATH = "/_standin/identity";
/** The API secret `npm start` and the tests give the Worker; any other is refused (401). */
export const STANDIN_API_SECRET = "portone-standin-api-secret-local-only";
export const STANDIN_STORE_ID = "store-00000000-0000-4000-8000-000000000037";
export const STANDIN_CHANNEL_KEY = "channel-key-00000000-0000-4000-8000-000000000037";

/** The window's personas, in the order the page shows them. */
export const PERSONAS = {
  adult: { label: "성인", name: "김성인", age: 30, gender: "FEMALE", isForeigner: false, di: true },
  turns19: { label: "올해 19세", name: "이열아홉", age: 19, gender: "MALE", isForeigner: false, di: true },
  minor: { label: "미성년자", name: "박미성", age: 17, gender: "FEMALE", isForeigner: false, di: true },
  foreigner: { label: "외국인", name: "SMITH JOHN", age: 35, gender: "MALE", isForeigner: true, di: true },
  noDi: {
    label: "DI 없음 (이니시스 통합인증)",
    name: "최통합",
    age: 40,
    gender: "FEMALE",
    isForeigner: false,
    di: false,
  },
};

// PortOne's error bodies are `{ type, message }`.
const ERRORS = {
  UNAUTHORIZED: [401, "인증 정보가 올바르지 않습니다."],
  IDENTITY_VERIFICATION_NOT_FOUND: [404, "요청된 본인인증 건이 존재하지 않습니다."],
  INVALID_REQUEST: [400, "요청된 입력 정보가 유효하지 않습니다."],
};
const portoneError = (type) => {
  const [status, message] = ERRORS[type];
  return jsonResponse(status, { type, message });
};

/** Korea's calendar year at `ms` (UTC+9, no daylight saving). */
export const kstYear = (ms) => new Date(ms + 9 * 3600_000).getUTCFullYear();
/** PortOne's times: ISO 8601 in UTC. */
const iso = (ms) => new Date(ms).toISOString();

/**
 * The verified customer of a persona at `nowMs`. 올해 19세 is born on 31 December, so only the
 * calendar-year rule of the youth protection law (not a birthday) makes them an adult.
 */
export async function personaCustomer(persona, storeId, nowMs) {
  const p = PERSONAS[persona];
  const year = kstYear(nowMs) - p.age;
  const birthDate = persona === "turns19" ? `${year}-12-31` : `${year}-03-15`;
  const ci = base64(await digest(`ci:${persona}`));
  // DI is scoped to the site (here the store); CI is the same person everywhere.
  const di = base64(await digest(`di:${storeId}:${persona}`));
  const customer = {
    id: `customer-${persona}`,
    name: p.name,
    operator: "SKT",
    phoneNumber: persona === "turns19" ? "01098765432" : "01012345678",
    birthDate,
    gender: p.gender,
    isForeigner: p.isForeigner,
    ci,
  };
  return p.di ? { ...customer, di } : customer;
}

function sdkSource(origin) {
  return `// PortOne browser SDK (identity verification only), as the local stand-in serves it.
(function () {
  "use strict";
  var WINDOW = ${JSON.stringify(`${origin}${WINDOW_PATH}`)};
  window.PortOne = {
    requestIdentityVerification: function (o) {
      o = o || {};
      var q = new URLSearchParams();
      ["storeId", "identityVerificationId", "channelKey", "redirectUrl"].forEach(function (k) {
        if (o[k] !== undefined && o[k] !== null) q.set(k, String(o[k]));
      });
      // The redirect flow (mobile): the page goes to the window and comes back to redirectUrl.
      window.location.assign(WINDOW + "?" + q.toString());
      return new Promise(function () {});
    }
  };
})();
`;
}

/**
 * The stand-in as a request handler over in-memory state. Options: `apiSecret` (default
 * STANDIN_API_SECRET), `now()` (default Date.now).
 */
export function createPortoneStandin({ apiSecret = STANDIN_API_SECRET, now = Date.now } = {}) {
  /** `${storeId}\n${id}` → record. */
  const verifications = new Map();
  const keyOf = (storeId, id) => `${storeId}\n${id}`;

  function view(r) {
    const base = {
      status: r.status,
      id: r.id,
      channel: { type: "TEST", id: r.channelKey, key: r.channelKey, name: "본인인증 (테스트)", pgProvider: "DANAL" },
      requestedAt: iso(r.requestedAt),
      updatedAt: iso(r.updatedAt),
      statusChangedAt: iso(r.updatedAt),
      version: "V2",
    };
    if (r.status === "VERIFIED")
      return {
        ...base,
        verifiedCustomer: r.customer,
        verifiedAt: iso(r.updatedAt),
        pgTxId: r.txId,
        pgRawResponse: "{}",
      };
    if (r.status === "FAILED") return { ...base, requestedCustomer: {}, failure: r.failure };
    return { ...base, requestedCustomer: {} };
  }

  async function api(request, url) {
    const m = /^\/identity-verifications\/([^/]+)$/.exec(url.pathname);
    if (!m || request.method !== "GET") return portoneError("INVALID_REQUEST");
    const auth = request.headers.get("authorization") ?? "";
    if (auth !== `PortOne ${apiSecret}`) return portoneError("UNAUTHORIZED");
    const id = decodeURIComponent(m[1]);
    const storeId = url.searchParams.get("storeId");
    const found = storeId
      ? verifications.get(keyOf(storeId, id))
      : [...verifications.values()].find((r) => r.id === id);
    return found ? jsonResponse(200, view(found)) : portoneError("IDENTITY_VERIFICATION_NOT_FOUND");
  }

  function params(fields) {
    const p = {
      storeId: fields.get("storeId") ?? "",
      identityVerificationId: fields.get("identityVerificationId") ?? "",
      channelKey: fields.get("channelKey") ?? "",
      redirectUrl: fields.get("redirectUrl") ?? "",
    };
    if (!/^[\w-]{1,100}$/.test(p.storeId)) return { error: "storeId가 올바르지 않습니다." };
    if (!/^[\w.-]{1,200}$/.test(p.identityVerificationId))
      return { error: "identityVerificationId가 올바르지 않습니다." };
    if (!/^[\w-]{1,100}$/.test(p.channelKey)) return { error: "channelKey가 올바르지 않습니다." };
    if (!/^https?:\/\/[^/\s]+/.test(p.redirectUrl)) return { error: "redirectUrl이 올바르지 않습니다." };
    return { value: p };
  }

  const refusal = (status, message) =>
    htmlPage(
      status,
      "본인인증 (테스트)",
      `<h1>본인인증 (테스트)</h1><div class="card"><p>${escapeHtml(message)}</p></div>`,
    );

  function windowPage(url) {
    const checked = params(url.searchParams);
    if (checked.error) return refusal(400, checked.error);
    const p = checked.value;
    const key = keyOf(p.storeId, p.identityVerificationId);
    const existing = verifications.get(key);
    if (existing?.status === "VERIFIED")
      return refusal(409, "이미 완료된 본인인증입니다. 새 본인인증을 요청해 주세요.");
    if (!existing) {
      const at = now();
      verifications.set(key, {
        storeId: p.storeId,
        id: p.identityVerificationId,
        channelKey: p.channelKey,
        status: "READY",
        requestedAt: at,
        updatedAt: at,
      });
    }
    const hidden = Object.entries(p)
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
      .join("");
    const year = kstYear(now());
    const buttons = Object.entries(PERSONAS)
      .map(
        ([id, persona]) =>
          `<button name="persona" value="${id}">${escapeHtml(persona.label)} <small>(${year - persona.age}년생${persona.isForeigner ? ", 외국인" : ""})</small></button>`,
      )
      .join("");
    return htmlPage(
      200,
      "본인인증 (테스트)",
      `<h1>본인인증 (테스트)</h1><p>PortOne 본인인증 창의 테스트 대역입니다. 인증할 사람을 고르세요.</p>
<form method="post" action="${WINDOW_PATH}" class="card">${hidden}${buttons}<button name="persona" value="cancel">취소</button></form>`,
    );
  }

  async function windowAction(request) {
    const fields = await readFields(request);
    const checked = params(fields);
    if (checked.error) return refusal(400, checked.error);
    const p = checked.value;
    const record = verifications.get(keyOf(p.storeId, p.identityVerificationId));
    if (!record) return refusal(404, "본인인증 창을 처음부터 다시 열어 주세요.");
    if (record.status === "VERIFIED") return refusal(409, "이미 완료된 본인인증입니다. 새 본인인증을 요청해 주세요.");
    const persona = fields.get("persona") ?? "";
    const at = now();
    record.txId ??= `iv-tx-${randomToken(20)}`;
    const back = new URL(p.redirectUrl);
    back.searchParams.set("identityVerificationTxId", record.txId);
    back.searchParams.set("identityVerificationId", p.identityVerificationId);
    if (persona === "cancel") {
      // The SDK reports a closed window as a PG failure whose message says it was cancelled.
      record.status = "FAILED";
      record.updatedAt = at;
      record.failure = { reason: "사용자가 본인인증을 취소했습니다.", pgCode: "USER_CANCEL", pgMessage: "사용자 취소" };
      back.searchParams.set("code", "FAILURE_TYPE_PG");
      back.searchParams.set("message", "[본인인증 취소] 사용자가 본인인증을 취소했습니다.");
      back.searchParams.set("pgCode", "USER_CANCEL");
      back.searchParams.set("pgMessage", "사용자 취소");
    } else if (Object.hasOwn(PERSONAS, persona)) {
      record.status = "VERIFIED";
      record.updatedAt = at;
      record.customer = await personaCustomer(persona, p.storeId, at);
      record.persona = persona;
      delete record.failure;
    } else {
      return refusal(400, "인증할 사람을 고르세요.");
    }
    return new Response(null, { status: 303, headers: { location: back.toString(), "cache-control": "no-store" } });
  }

  /** Without CI, DI or phone number: the listing names people by persona only. */
  const listing = () =>
    [...verifications.values()].map((r) => ({
      storeId: r.storeId,
      id: r.id,
      status: r.status,
      persona: r.persona ?? null,
      birthDate: r.customer?.birthDate ?? null,
    }));

  function overview() {
    const rows = listing()
      .map(
        (r) =>
          `<tr><td>${escapeHtml(r.storeId)}</td><td>${escapeHtml(r.id)}</td><td>${escapeHtml(r.status)}</td><td>${escapeHtml(r.persona ? PERSONAS[r.persona].label : "")}</td><td>${escapeHtml(r.birthDate ?? "")}</td></tr>`,
      )
      .join("");
    return htmlPage(
      200,
      "본인인증 내역 (테스트)",
      `<h1>본인인증 내역 (테스트)</h1><div class="card">${rows ? `<table><thead><tr><th>상점</th><th>id</th><th>상태</th><th>사람</th><th>생년월일</th></tr></thead><tbody>${rows}</tbody></table>` : "<p>아직 본인인증이 없습니다.</p>"}</div>`,
    );
  }

  async function handle(input, init) {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname.startsWith("/identity-verifications/")) return api(request, url);
    if (url.pathname === SDK_PATH && request.method === "GET")
      return new Response(sdkSource(url.origin), {
        headers: {
          "content-type": "text/javascript; charset=utf-8",
          "cache-control": "no-store",
          "access-control-allow-origin": "*",
        },
      });
    if (url.pathname === WINDOW_PATH) {
      if (request.method === "GET") return windowPage(url);
      if (request.method === "POST") return windowAction(request);
    }
    if (request.method === "GET" && (url.pathname === "/_standin/" || url.pathname === "/_standin")) return overview();
    if (request.method === "GET" && url.pathname === "/_standin/identity-verifications")
      return jsonResponse(200, { identityVerifications: listing() });
    return portoneError("INVALID_REQUEST");
  }

  return { handle, verifications, listing };
}

/**
 * Serves the stand-in. Resolves to `{ origin, port, apiBase, sdkUrl, windowUrl, apiSecret, storeId,
 * channelKey, standin, close() }`.
 */
export async function startPortoneStandin({ port = 0, host = "127.0.0.1", publicHost, ...options } = {}) {
  const standin = createPortoneStandin(options);
  const served = await serveHandler(standin.handle, { port, host, publicHost });
  return {
    ...served,
    apiBase: served.origin,
    sdkUrl: `${served.origin}${SDK_PATH}`,
    windowUrl: `${served.origin}${WINDOW_PATH}`,
    apiSecret: options.apiSecret ?? STANDIN_API_SECRET,
    storeId: STANDIN_STORE_ID,
    channelKey: STANDIN_CHANNEL_KEY,
    standin,
  };
}

// As a CLI: node scripts/lib/portone-standin.mjs [port]
if (globalThis.process?.argv?.[1]?.endsWith("portone-standin.mjs")) {
  const { env, argv } = globalThis.process;
  const served = await startPortoneStandin({ port: Number(argv[2] || env.PORTONE_STANDIN_PORT || 3395) });
  console.log(`PortOne stand-in: PORTONE_API_BASE=${served.apiBase} PORTONE_SDK_URL=${served.sdkUrl}`);
}
