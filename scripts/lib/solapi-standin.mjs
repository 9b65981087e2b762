// A local stand-in for SOLAPI's message API (issue 40, item 4), in memory, answering the one call
// the platform makes as SOLAPI documents it (developers.solapi.com, "API Key 인증 방식" and
// "여러건의 메시지 발송"):
//
//   POST /messages/v4/send-many/detail
//     Authorization: HMAC-SHA256 apiKey=…, date=<ISO 8601>, salt=<12–64 chars>, signature=<hex>
//     signature = hex(HMAC-SHA256(key: API secret, data: date + salt)); the date within ±15 minutes,
//     a signature used once only. Body { messages: [{ to, from, text, type: "ATA",
//     kakaoOptions: { pfId, templateId, variables, disableSms } }] }
//   GET  /_standin/            a page of every message "sent", newest first (the 알림톡 text)
//   GET  /_standin/messages    the same as JSON
//
// What it answers: 401/403 { errorCode, errorMessage } for a bad key, a bad or reused signature or a
// skewed clock; 200 { groupInfo, messageList, failedMessageList } otherwise, a message that cannot
// be accepted (a bad number, an unknown template or pfId, a missing variable) in
// failedMessageList with a statusCode. A number in NO_KAKAO (no KakaoTalk on that phone) gets the
// 알림톡 replaced by a text message (LMS), as SOLAPI's 대체 발송 does, unless disableSms is set.
//
// As a module: `startSolapiStandin({ port })` (npm start, the browser tests' server) or
// `createSolapiStandin()` for the handler alone (Worker tests). As a CLI:
//   node scripts/lib/solapi-standin.mjs [port]
import { escapeHtml, htmlPage, jsonResponse, randomToken, serveHandler } from "./standin-server.mjs";

export const SEND_PATH = "/messages/v4/send-many/detail";
/** The key and secret `npm start` and the tests give the Worker; any other is refused. */
export const STANDIN_API_KEY = "NCSSTANDINLOCAL0";
export const STANDIN_API_SECRET = "solapi-standin-api-secret-local-only-0000";
/** The Kakao channel (pfId) and the registered sender number. */
export const STANDIN_PFID = "KA01PF_STANDIN_LOCAL";
export const STANDIN_SENDER = "0212345678";
/**
 * The 알림톡 templates registered on the stand-in's channel, by id, with the variables each one
 * needs (the platform's kinds, functions/notify/templates.ts).
 */
export const STANDIN_TEMPLATES = {
  KA01TP_ACCOUNT: ["#{shop}", "#{order}", "#{bank}", "#{account}", "#{holder}", "#{amount}", "#{deadline}"],
  KA01TP_PAID: ["#{shop}", "#{order}", "#{amount}"],
  KA01TP_SHIPPED: ["#{shop}", "#{order}", "#{courier}", "#{tracking}", "#{link}"],
  KA01TP_ANSWER: ["#{shop}", "#{product}", "#{link}"],
  KA01TP_NEW_ORDER: ["#{shop}", "#{order}", "#{items}", "#{amount}", "#{link}"],
  KA01TP_NEW_MESSAGE: ["#{shop}", "#{link}"],
  KA01TP_PAYMENT_CANCELED: ["#{shop}", "#{order}", "#{amount}"],
};
/** `kind=templateId,…` as the Worker's SOLAPI_TEMPLATES takes it. */
export const STANDIN_TEMPLATE_CONFIG = [
  "account=KA01TP_ACCOUNT",
  "paid=KA01TP_PAID",
  "shipped=KA01TP_SHIPPED",
  "answer=KA01TP_ANSWER",
  "new_order=KA01TP_NEW_ORDER",
  "new_message=KA01TP_NEW_MESSAGE",
  "payment_canceled=KA01TP_PAYMENT_CANCELED",
].join(",");
/** Phones without KakaoTalk: the 알림톡 falls back to a text message. */
export const NO_KAKAO = new Set(["01000000000", "01099990000"]);

const ERRORS = {
  InvalidAPIKey: [403, "유효하지 않은 API Key 입니다."],
  SignatureDoesNotMatch: [403, "Signature가 일치하지 않습니다."],
  DuplicatedSignature: [403, "이미 사용된 Signature 입니다."],
  RequestTimeTooSkewed: [403, "요청 시간이 서버 시간과 15분 이상 차이납니다."],
  InvalidAuthorization: [401, "Authorization 헤더가 올바르지 않습니다."],
  ValidationError: [400, "요청 형식이 올바르지 않습니다."],
  NotFound: [404, "요청하신 리소스를 찾을 수 없습니다."],
};
const solapiError = (code, detail) => {
  const [status, message] = ERRORS[code];
  return jsonResponse(status, { errorCode: code, errorMessage: detail ?? message });
};

const hex = (bytes) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** SOLAPI's signature: HMAC-SHA256 of date + salt, keyed by the API secret, in hex. */
export async function solapiSignature(secret, date, salt) {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return hex(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(date + salt)));
}

/** `HMAC-SHA256 apiKey=…, date=…, salt=…, signature=…` → its parts, or null. */
function parseAuthorization(header) {
  const m = /^HMAC-SHA256 (.+)$/.exec(header ?? "");
  if (!m) return null;
  const parts = Object.fromEntries(
    m[1].split(",").map((p) => {
      const i = p.indexOf("=");
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  return parts.apiKey && parts.date && parts.salt && parts.signature ? parts : null;
}

/**
 * The stand-in as a request handler over in-memory state. Options: `apiKey`, `apiSecret`,
 * `pfId`, `sender`, `templates` (id → variables), `now()`.
 */
export function createSolapiStandin({
  apiKey = STANDIN_API_KEY,
  apiSecret = STANDIN_API_SECRET,
  pfId = STANDIN_PFID,
  sender = STANDIN_SENDER,
  templates = STANDIN_TEMPLATES,
  now = Date.now,
} = {}) {
  /** Every accepted message, oldest first. */
  const sent = [];
  /** Signatures seen, with when, for the 15 minutes' no-reuse rule. */
  const signatures = new Map();
  let seq = 0;

  async function authorize(request) {
    const auth = parseAuthorization(request.headers.get("authorization"));
    if (!auth) return solapiError("InvalidAuthorization");
    if (auth.apiKey !== apiKey) return solapiError("InvalidAPIKey");
    const at = Date.parse(auth.date);
    if (!Number.isFinite(at) || Math.abs(now() - at) > 15 * 60_000) return solapiError("RequestTimeTooSkewed");
    if (auth.salt.length < 12 || auth.salt.length > 64) return solapiError("InvalidAuthorization");
    if (auth.signature !== (await solapiSignature(apiSecret, auth.date, auth.salt))) {
      return solapiError("SignatureDoesNotMatch");
    }
    for (const [s, when] of signatures) if (now() - when > 15 * 60_000) signatures.delete(s);
    if (signatures.has(auth.signature)) return solapiError("DuplicatedSignature");
    signatures.set(auth.signature, now());
    return null;
  }

  /** One message: accepted (with the type it went as) or a failure's code and message. */
  function accept(m) {
    const to = String(m?.to ?? "");
    const k = m?.kakaoOptions ?? {};
    if (!/^01[016789]\d{7,8}$/.test(to)) return { fail: ["1062", "수신번호 형식이 올바르지 않습니다."] };
    if (String(m?.from ?? "") !== sender) return { fail: ["1029", "등록되지 않은 발신번호입니다."] };
    if (m?.type !== "ATA") return { fail: ["1020", "지원하지 않는 메시지 타입입니다."] };
    if (k.pfId !== pfId) return { fail: ["3034", "등록되지 않은 카카오톡 채널(pfId)입니다."] };
    const needs = templates[k.templateId];
    if (!needs) return { fail: ["3037", "등록되지 않은 알림톡 템플릿입니다."] };
    const variables = k.variables ?? {};
    const missing = needs.filter((v) => typeof variables[v] !== "string" || variables[v] === "");
    if (missing.length > 0) return { fail: ["3040", `템플릿 변수가 빠졌습니다: ${missing.join(", ")}`] };
    if (typeof m.text !== "string" || m.text === "") return { fail: ["1021", "메시지 내용이 없습니다."] };
    if (NO_KAKAO.has(to)) {
      if (k.disableSms) return { fail: ["3024", "카카오톡을 사용하지 않는 번호입니다."] };
      return { type: "LMS", fallback: true };
    }
    return { type: "ATA", fallback: false };
  }

  async function send(request) {
    const refusal = await authorize(request);
    if (refusal) return refusal;
    let body;
    try {
      body = await request.json();
    } catch {
      return solapiError("ValidationError");
    }
    if (!Array.isArray(body?.messages) || body.messages.length === 0 || body.messages.length > 10_000) {
      return solapiError("ValidationError", "messages는 1건 이상이어야 합니다.");
    }
    const groupId = `G4V${String(++seq).padStart(6, "0")}${randomToken(8).toUpperCase()}`;
    const messageList = [];
    const failedMessageList = [];
    for (const m of body.messages) {
      const messageId = `M4V${String(++seq).padStart(6, "0")}${randomToken(8).toUpperCase()}`;
      const result = accept(m);
      const row = { messageId, groupId, to: String(m?.to ?? ""), from: String(m?.from ?? ""), country: "82" };
      if (result.fail) {
        const [statusCode, statusMessage] = result.fail;
        failedMessageList.push({ ...row, type: m?.type ?? "", statusCode, statusMessage });
        continue;
      }
      sent.push({
        ...row,
        type: result.type,
        templateId: m.kakaoOptions.templateId,
        variables: m.kakaoOptions.variables,
        text: m.text,
        fallback: result.fallback,
        at: now(),
      });
      messageList.push({ ...row, type: "ATA", statusCode: "2000", statusMessage: "정상 접수(이통사로 접수 예정) " });
    }
    const count = { total: body.messages.length, registeredFailed: failedMessageList.length };
    return jsonResponse(200, {
      groupInfo: { groupId, status: "SENDING", count, dateCreated: new Date(now()).toISOString() },
      messageList,
      failedMessageList,
    });
  }

  function page() {
    const rows = [...sent]
      .reverse()
      .map(
        (m) =>
          `<div class="card" data-testid="standin-message"><small>${escapeHtml(new Date(m.at).toISOString())} · ${escapeHtml(m.type === "ATA" ? "알림톡" : "문자(LMS) 대체 발송")} · ${escapeHtml(m.templateId)}</small>` +
          `<p><b>받는 번호</b> ${escapeHtml(m.to)}</p><pre style="white-space:pre-wrap;font:inherit">${escapeHtml(m.text)}</pre></div>`,
      )
      .join("");
    return htmlPage(
      200,
      "SOLAPI 발송 내역 (테스트)",
      `<h1>SOLAPI 발송 내역 (테스트)</h1><p><small>이 컴퓨터의 대역입니다. 실제로 보내지 않습니다.</small></p>${rows || '<div class="card"><p>보낸 메시지가 없습니다.</p></div>'}`,
    );
  }

  async function handle(input, init) {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname === SEND_PATH && request.method === "POST") return send(request);
    if (url.pathname === "/_standin/" && request.method === "GET") return page();
    if (url.pathname === "/_standin/messages" && request.method === "GET") return jsonResponse(200, sent);
    return solapiError("NotFound");
  }

  return { handle, sent };
}

/** Serves the stand-in on `host:port` (0: any free one). */
export async function startSolapiStandin({ port = 0, host = "127.0.0.1", publicHost, ...options } = {}) {
  const standin = createSolapiStandin(options);
  const server = await serveHandler(standin.handle, { port, host, publicHost });
  return {
    origin: server.origin,
    port: server.port,
    apiBase: server.origin,
    pageUrl: `${server.origin}/_standin/`,
    apiKey: options.apiKey ?? STANDIN_API_KEY,
    apiSecret: options.apiSecret ?? STANDIN_API_SECRET,
    pfId: options.pfId ?? STANDIN_PFID,
    sender: options.sender ?? STANDIN_SENDER,
    templates: STANDIN_TEMPLATE_CONFIG,
    standin,
    close: server.close,
  };
}

// As a CLI: node scripts/lib/solapi-standin.mjs [port]
if (globalThis.process?.argv?.[1]?.endsWith("solapi-standin.mjs")) {
  const { env, argv } = globalThis.process;
  const started = await startSolapiStandin({ port: Number(argv[2] || env.SOLAPI_STANDIN_PORT || 3397) });
  console.log(`SOLAPI stand-in on ${started.origin} (sent messages: ${started.pageUrl})`);
}
