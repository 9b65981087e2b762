// A local stand-in for Toss Payments (issue 35, item 7): what we use of its core API v1 (the
// 2022-11-16 field set), the SDK v2 standard window's redirect flow and the virtual-account deposit
// callback, in memory, answering as Toss documents (docs/integrations.md §1, §1.10):
//
//   POST /v1/payments/confirm, GET /v1/payments/{paymentKey}, GET /v1/payments/orders/{orderId},
//   POST /v1/payments/{paymentKey}/cancel, GET /v1/transactions?startDate&endDate&startingAfter&limit
//                                                    Basic auth with a test secret key
//   GET  /v2/standard                                the SDK: window.TossPayments(clientKey)
//   GET  /_standin/window?…  POST /_standin/window   the payment window (승인 / 카드사 거절 / 닫기)
//   GET  /_standin/receipt/{paymentKey}              a receipt page (the payment's receipt.url)
//   GET  /_standin/   GET /_standin/payments         개발자센터 (테스트): every merchant's payments
//   POST /_standin/deposit {orderId|paymentKey, secret?: "wrong", times?}   pays a virtual account
//   POST /_standin/expire {orderId|paymentKey}       an unpaid virtual account passes its due date
//   POST /_standin/webhooks {clientKey|secretKey, url, paymentStatusChanged?}
//   POST /_standin/webhooks/release                  delivers the held webhooks, newest first
//   POST /_standin/cancel {paymentKey|orderId}       the merchant cancels in its 상점관리자 (not the API)
//   POST /_standin/faults {path, kind, times?, delayMs?, code?}   DELETE /_standin/faults
//     kinds on an API path: provider, internal (a retryable error, nothing done), drop (no answer,
//     nothing done), delay (done, the answer late), lost (done, the answer never arrives),
//     refuse (Toss's error `code`, nothing done); on the path "webhook": lose, duplicate, hold
//   POST /_standin/config {sessionTtlMs?, idempotencyMismatch?}   POST /_standin/clock {advanceMs}
//
// Merchants: a client key and a secret key are one merchant (MID) when what follows test_ck_ /
// test_sk_ (or test_gck_ / test_gsk_) is the same. Each merchant's payments, idempotency keys and
// webhook URL are its own. Live keys are refused: a stand-in must never be handed one.
//
// As a module: `startTossStandin({ port })` (npm start, the browser tests' server), or
// `createTossStandin()` for the handler alone (a fetch-style function, no server: the Worker
// tests pass it to TossClient as its fetcher). As a CLI:
//   node scripts/lib/toss-standin.mjs [port]
// then give the Worker TOSS_API_BASE={origin} and TOSS_SDK_URL={origin}/v2/standard.
//
// Nothing here echoes a secret key: merchants are shown by mId and a client key's last 4 chars.
import { serveHandler } from "./standin-server.mjs";
import { createPayouts } from "./toss-payouts-standin.mjs";

export const TOSS_API_VERSION = "2022-11-16";
export const SDK_PATH = "/v2/standard";
/** How long an approved window may wait for its confirm (Toss: about 10 minutes). */
export const SESSION_TTL_MS = 10 * 60 * 1000;
/** A virtual account's validity when the window does not say (Toss's default, 7 days). */
export const DEFAULT_VALID_HOURS = 168;

// A few of functions/payments/toss-codes.ts's codes (that file is the source).
const CARD_ISSUERS = [
  ["11", "국민"],
  ["41", "신한"],
  ["51", "삼성"],
  ["61", "현대"],
  ["71", "롯데"],
  ["21", "하나"],
  ["33", "우리"],
  ["31", "비씨"],
  ["91", "NH농협"],
];
const VA_BANKS = [
  ["20", "우리"],
  ["88", "신한"],
  ["06", "KB국민"],
  ["81", "하나"],
  ["11", "NH농협"],
  ["03", "IBK기업"],
];
const REFUND_BANKS = {
  "02": "산업",
  "03": "IBK기업",
  "06": "KB국민",
  "07": "수협",
  11: "NH농협",
  12: "단위농협",
  20: "우리",
  23: "SC제일",
  27: "씨티",
  31: "대구",
  32: "부산",
  34: "광주",
  35: "제주",
  37: "전북",
  39: "경남",
  45: "새마을",
  48: "신협",
  50: "저축은행",
  71: "우체국",
  81: "하나",
  88: "신한",
  89: "케이뱅크",
  90: "카카오뱅크",
  92: "토스뱅크",
};
const EASY_PAY = { KAKAOPAY: "카카오페이", NAVERPAY: "네이버페이", TOSSPAY: "토스페이" };

/** Toss's codes with their HTTP status and Korean message (its API 에러 코드 page). */
const ERRORS = {
  UNAUTHORIZED_KEY: [401, "인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다."],
  INVALID_API_KEY: [400, "잘못된 시크릿키 연동 정보 입니다."],
  INCORRECT_BASIC_AUTH_FORMAT: [403, "잘못된 요청입니다. ':' 를 포함해 인코딩해주세요."],
  INVALID_REQUEST: [400, "잘못된 요청입니다."],
  NOT_FOUND: [404, "존재하지 않는 정보 입니다."],
  NOT_FOUND_PAYMENT: [404, "존재하지 않는 결제 정보 입니다."],
  NOT_FOUND_PAYMENT_SESSION: [404, "결제 시간이 만료되어 결제 진행 데이터가 존재하지 않습니다."],
  ALREADY_PROCESSED_PAYMENT: [400, "이미 처리된 결제 입니다."],
  DUPLICATED_ORDER_ID: [400, "이미 승인 및 취소가 진행된 중복된 주문번호 입니다. 다른 주문번호로 진행해주세요."],
  ALREADY_CANCELED_PAYMENT: [400, "이미 취소된 결제 입니다."],
  NOT_CANCELABLE_AMOUNT: [403, "취소 할 수 없는 금액 입니다."],
  NOT_CANCELABLE_PAYMENT: [403, "취소 할 수 없는 결제 입니다."],
  NOT_ALLOWED_PARTIAL_REFUND_WAITING_DEPOSIT: [403, "입금 대기중인 결제는 부분 환불이 불가합니다."],
  INVALID_REFUND_ACCOUNT_INFO: [400, "환불 계좌번호와 예금주명이 일치하지 않습니다."],
  INVALID_REFUND_ACCOUNT_NUMBER: [400, "잘못된 환불 계좌번호입니다."],
  INVALID_BANK: [400, "유효하지 않은 은행입니다."],
  INVALID_IDEMPOTENCY_KEY: [400, "멱등키는 300자 이하여야 합니다."],
  IDEMPOTENT_REQUEST_PROCESSING: [409, "이전 멱등 요청이 처리중입니다."],
  PROVIDER_ERROR: [400, "일시적인 오류가 발생했습니다. 잠시 후 다시 시도해주세요."],
  FAILED_INTERNAL_SYSTEM_PROCESSING: [500, "내부 시스템 처리 작업이 실패했습니다. 잠시 후 다시 시도해주세요."],
};

/**
 * The window's parameters, checked as the SDK checks them: in the SDK (rejecting requestPayment's
 * promise) and again by the window on the server (a hand-made URL or a tampered form). Stringified
 * into the SDK, so it closes over nothing. `p` is flat: every value a string (or undefined).
 */
function checkWindow(p) {
  const fail = (code, message) => ({ error: { code, message } });
  const key = /^(test|live)_(gck|ck)_[A-Za-z0-9_]+$/.exec(p.clientKey || "");
  if (!key) return fail("INVALID_CLIENT_KEY", "잘못된 클라이언트 연동 정보 입니다.");
  if (key[1] === "live")
    return fail("INVALID_CLIENT_KEY", "테스트 결제창입니다. test_ 로 시작하는 클라이언트 키만 쓸 수 있습니다.");
  if (key[2] === "gck")
    return fail(
      "INVALID_CLIENT_KEY",
      "API 개별 연동 키의 클라이언트 키로 SDK를 연동해주세요. 결제위젯 연동 키는 지원하지 않습니다.",
    );
  const customerKey = p.customerKey || "";
  if (customerKey !== "ANONYMOUS" && !/^[A-Za-z0-9\-_=.@]{2,50}$/.test(customerKey))
    return fail(
      "INVALID_CUSTOMER_KEY",
      "customerKey는 영문 대소문자, 숫자, 특수문자 -, _, =, ., @ 로 2자 이상 50자 이하여야 합니다.",
    );
  if (p.method !== "CARD" && p.method !== "VIRTUAL_ACCOUNT")
    return fail("NOT_SUPPORTED_METHOD", "지원되지 않는 결제수단입니다.");
  if ((p.currency || "KRW") !== "KRW") return fail("INVALID_AMOUNT_CURRENCY", "잘못된 통화 값입니다.");
  if (!/^[1-9][0-9]{0,11}$/.test(p.amount || "")) return fail("INVALID_AMOUNT_VALUE", "결제금액이 올바르지 않습니다.");
  if (p.method === "CARD" && Number(p.amount) < 100)
    return fail("BELOW_MINIMUM_AMOUNT", "신용카드는 결제금액이 100원 이상, 계좌는 200원이상부터 결제가 가능합니다.");
  if (!/^[A-Za-z0-9_-]{6,64}$/.test(p.orderId || ""))
    return fail(
      "INVALID_ORDER_ID",
      "orderId는 영문 대소문자, 숫자, 특수문자(-, _) 만 허용합니다. 6자 이상 64자 이하여야 합니다.",
    );
  if (!p.orderName || p.orderName.length > 100) return fail("INVALID_ORDER_NAME", "주문 이름은 100자 이하여야 합니다.");
  const absolute = (u) => /^https?:\/\/[^/\s]+/.test(u || "");
  if (!absolute(p.successUrl)) return fail("INCORRECT_SUCCESS_URL_FORMAT", "잘못된 successUrl 입니다.");
  if (!absolute(p.failUrl)) return fail("INCORRECT_FAIL_URL_FORMAT", "잘못된 failUrl 입니다.");
  if (p.easyPay && (p.method !== "CARD" || !["KAKAOPAY", "NAVERPAY", "TOSSPAY"].includes(p.easyPay)))
    return fail("INVALID_EASY_PAY", "간편결제 입력정보가 올바르지 않습니다.");
  if (p.flowMode && p.flowMode !== "DEFAULT" && p.flowMode !== "DIRECT")
    return fail("INVALID_REQUEST", "잘못된 요청입니다.");
  if (p.flowMode === "DIRECT" && !p.easyPay)
    return fail(
      "INVALID_FLOW_MODE_PARAMETERS",
      "인증 창을 먼저 띄우려면 카드사 코드 또는 은행 코드 또는 간편결제수단이 같이 전달되어야 합니다.",
    );
  if (p.validHours && !(/^[0-9]{1,3}$/.test(p.validHours) && Number(p.validHours) >= 1 && Number(p.validHours) <= 720))
    return fail("EXCEED_MAX_VALID_HOURS", "가상 계좌의 최대 유효시간을 초과했습니다.");
  if (p.customerEmail && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(p.customerEmail))
    return fail("INVALID_EMAIL", "이메일 주소 형식에 맞지 않습니다.");
  return { value: p };
}

/** The window's parameters, in the order the page carries them. */
const WINDOW_FIELDS = [
  "clientKey",
  "customerKey",
  "method",
  "amount",
  "currency",
  "orderId",
  "orderName",
  "successUrl",
  "failUrl",
  "easyPay",
  "flowMode",
  "validHours",
  "cashReceiptType",
  "useEscrow",
  "customerEmail",
  "customerName",
  "customerMobilePhone",
];

/** The SDK's source: `TossPayments(clientKey).payment({ customerKey }).requestPayment(options)`. */
function sdkSource(origin) {
  return `// Toss Payments SDK v2 standard window, as the local stand-in serves it (scripts/lib/toss-standin.mjs).
(function () {
  "use strict";
  var WINDOW = ${JSON.stringify(`${origin}/_standin/window`)};
  var FIELDS = ${JSON.stringify(WINDOW_FIELDS)};
  var checkWindow = ${checkWindow.toString()};
  function reject(error) {
    var e = new Error(error.message);
    e.code = error.code;
    return Promise.reject(e);
  }
  function str(v) {
    return v === undefined || v === null ? undefined : String(v);
  }
  window.TossPayments = function TossPayments(clientKey) {
    return {
      payment: function (init) {
        var customerKey = init && init.customerKey;
        return {
          requestPayment: function (o) {
            o = o || {};
            var card = o.card || {};
            var va = o.virtualAccount || {};
            var amount = o.amount || {};
            var p = {
              clientKey: str(clientKey), customerKey: str(customerKey), method: str(o.method),
              amount: str(amount.value), currency: str(amount.currency), orderId: str(o.orderId),
              orderName: str(o.orderName), successUrl: str(o.successUrl), failUrl: str(o.failUrl),
              easyPay: str(card.easyPay), flowMode: str(card.flowMode), validHours: str(va.validHours),
              cashReceiptType: str(va.cashReceipt && va.cashReceipt.type),
              useEscrow: va.useEscrow === undefined ? undefined : String(!!va.useEscrow),
              customerEmail: str(o.customerEmail), customerName: str(o.customerName),
              customerMobilePhone: str(o.customerMobilePhone)
            };
            var checked = checkWindow(p);
            if (checked.error) return reject(checked.error);
            var query = new URLSearchParams();
            FIELDS.forEach(function (f) { if (p[f] !== undefined && p[f] !== "") query.set(f, p[f]); });
            // Mobile's redirect flow: the whole page goes to the window and comes back to successUrl.
            window.location.assign(WINDOW + "?" + query.toString());
            return new Promise(function () {});
          }
        };
      }
    };
  };
})();
`;
}

const escapeHtml = (s) =>
  String(s ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c],
  );
const won = (n) => `${Number(n).toLocaleString("ko-KR")}원`;

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action http: https:; frame-ancestors 'none'";
const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f2f4f6;color:#191f28}
main{max-width:28rem;margin:0 auto;padding:1.25rem}h1{font-size:1.15rem;color:#0064ff}
.card{background:#fff;border-radius:12px;padding:1rem;margin:.75rem 0}dt{color:#6b7684;font-size:.85rem}
dd{margin:0 0 .6rem;font-size:1.05rem}button{display:block;width:100%;font-size:1.05rem;padding:.85rem;margin:.5rem 0;
border-radius:10px;border:0;background:#e5e8eb;color:#191f28}button.primary{background:#0064ff;color:#fff}
table{border-collapse:collapse;width:100%;font-size:.85rem}td,th{border-bottom:1px solid #e5e8eb;padding:.35rem;text-align:left}
select{font-size:1rem;padding:.4rem}.wide{overflow-x:auto}
td button{width:auto;white-space:nowrap;padding:.45rem .7rem;margin:0;font-size:.9rem}`;

function html(status, title, body) {
  return new Response(
    `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`,
    {
      status,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": PAGE_CSP,
        "cache-control": "no-store",
      },
    },
  );
}

const json = (status, body) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const tossError = (code, message) => {
  const [status, standard] = ERRORS[code] ?? [400, "잘못된 요청입니다."];
  return json(status, { code, message: message ?? standard });
};
const redirect = (location) => new Response(null, { status: 303, headers: { location } });

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
function randomFrom(alphabet, n) {
  const bytes = crypto.getRandomValues(new Uint8Array(n));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}
const randomDigits = (n) => randomFrom("0123456789", n);
const transactionKey = () => randomFrom("0123456789ABCDEF", 32);

/** Toss's time format: ISO 8601 at +09:00, seconds precision. */
const kst = (ms) => new Date(ms + 9 * 3600_000).toISOString().replace(/\.\d{3}Z$/, "+09:00");
/** DEPOSIT_CALLBACK's createdAt: Korean local time with microseconds and no offset, as Toss sends it. */
const kstLocalMicros = (ms) => new Date(ms + 9 * 3600_000).toISOString().replace(/Z$/, "000");

/** An mId that names the merchant without revealing its keys (FNV-1a of the key's body). */
function merchantId(suffix) {
  let h = 0x811c9dc5;
  for (const c of suffix) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return `standin${h.toString(16).padStart(8, "0")}`;
}

const KEY = /^(test|live)_(gck|ck|gsk|sk)_([A-Za-z0-9_]+)$/;
function parseKey(key) {
  const m = KEY.exec(key ?? "");
  if (!m) return null;
  return {
    mode: m[1],
    family: m[2].startsWith("g") ? "widget" : "api",
    side: m[2].endsWith("sk") ? "secret" : "client",
    suffix: m[3],
  };
}

function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason ?? new DOMException("The operation was aborted.", "AbortError"));
      },
      { once: true },
    );
  });
}

/** `/v1/payments/*\/cancel` matches one path segment per `*`. */
/** A call performed whose answer never reaches the caller: the connection drops (fault "lost"). */
export class ConnectionLost extends Error {
  constructor() {
    super("the connection was lost before the answer arrived");
    this.name = "ConnectionLost";
  }
}

const API_FAULTS = ["provider", "internal", "delay", "drop", "lost", "refuse"];
const WEBHOOK_FAULTS = ["lose", "duplicate", "hold"];

const pathMatches = (pattern, path) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]+")}$`).test(path);

async function readForm(request) {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    try {
      const body = await request.json();
      return body && typeof body === "object" ? body : {};
    } catch {
      return {};
    }
  }
  return Object.fromEntries(await formFields(request));
}

/** A form post's fields (formData: workerd warns when a form body is read as text). */
async function formFields(request) {
  const fields = new URLSearchParams();
  try {
    for (const [k, v] of await request.formData()) if (typeof v === "string") fields.append(k, v);
  } catch {
    // not a form: no fields
  }
  return fields;
}

/**
 * The stand-in as a request handler over in-memory state. Options:
 * - `sessionTtlMs`: how long an approved window waits for its confirm (default 10 minutes).
 * - `now()`: the clock (default Date.now), moved on by `advance(ms)` or POST /_standin/clock.
 * - `idempotencyMismatch`: "refuse" (default) or "replay", for a key reused with another body.
 * - `faults`: faults to start with (see `addFault`).
 * - `deliver(url, init)`: sends a webhook (default fetch); Worker tests route it into the Worker.
 * - `webhookPath`: the path added to a successUrl's origin for a merchant's default webhook URL.
 * - `statusEvents`: every merchant gets PAYMENT_STATUS_CHANGED (as if registered for it), sent
 *   after the answer that changed the payment, as Toss sends it; `settle()` waits for them.
 * - `eventDelivery`: "later" (default: sent on a timer after the answer) or "queued": kept until
 *   `flushEvents()` sends them, for Worker tests, where a timer set while the Worker's own
 *   request called the stand-in could not reach the Worker again.
 */
export function createTossStandin({
  sessionTtlMs = SESSION_TTL_MS,
  now = () => Date.now(),
  idempotencyMismatch = "refuse",
  faults: initialFaults = [],
  deliver = (url, init) => fetch(url, init),
  // The storefront serves it on each shop's host (functions/payments/deposit.ts TOSS_WEBHOOK_PATH).
  webhookPath = "/api/payments/toss/webhook",
  statusEvents = false,
  eventDelivery = "later",
  // 지급대행 v2 (decision 178): where payout/seller webhooks go, security keys by secret key
  // (default: derived, securityKeyOf), and sellers registered before a restart ({ secretKey, seller }).
  payoutWebhookUrl = null,
  securityKeys = {},
  sellers = [],
} = {}) {
  const config = { sessionTtlMs, idempotencyMismatch, statusEvents };
  let skew = 0;
  const clock = () => now() + skew;
  /** suffix → { mId, clientKeyLast4, payments: Map, idempotency: Map, webhook } */
  const merchants = new Map();
  const faults = [];
  /** Every webhook sent: { mId, url, body, status, answer } (answer truncated). */
  const deliveries = [];
  /** Webhooks a "hold" fault kept back, until `releaseHeld()`. */
  const held = [];
  /** Status events on their way (sent after the answer that caused them). */
  const inflight = new Set();
  /** Status events kept for `flushEvents()` (eventDelivery "queued"). */
  const queued = [];
  const payouts = createPayouts({
    clock: () => clock(),
    deliver: (url, init) => deliver(url, init),
    deliveries,
    securityKeys,
    webhookUrl: payoutWebhookUrl,
  });
  const preloaded = Promise.all(
    sellers.map(({ secretKey, seller }) => payouts.preload(merchantOf(parseKey(secretKey).suffix), secretKey, seller)),
  );

  function merchantOf(suffix) {
    let m = merchants.get(suffix);
    if (!m) {
      m = {
        mId: merchantId(suffix),
        clientKeyLast4: null,
        payments: new Map(),
        idempotency: new Map(),
        webhook: null,
        transactions: [],
      };
      merchants.set(suffix, m);
    }
    return m;
  }

  /**
   * `{ path, kind, times = 1, delayMs = 5000, method?, code? }`: an API path (`*` one segment) with
   * one of API_FAULTS (`refuse` answers Toss's error `code`), or "webhook" with one of WEBHOOK_FAULTS.
   */
  function addFault({ path, kind, times = 1, delayMs = 5000, method, code } = {}) {
    if (typeof path !== "string") return false;
    const kinds = path === "webhook" ? WEBHOOK_FAULTS : API_FAULTS;
    if (!kinds.includes(kind) || (kind === "refuse" && !Object.hasOwn(ERRORS, code ?? ""))) return false;
    const fault = { path, kind, times: Math.max(1, Number(times) || 1), delayMs: Number(delayMs) || 0, method };
    if (code) fault.code = code;
    faults.push(fault);
    return true;
  }
  for (const f of initialFaults) addFault(f);

  function takeFault(method, path) {
    const fault = faults.find((f) => (!f.method || f.method === method) && pathMatches(f.path, path));
    if (!fault) return null;
    fault.times -= 1;
    if (fault.times <= 0) faults.splice(faults.indexOf(fault), 1);
    return fault;
  }

  /** The payment's status now: an approved window not confirmed in time has expired. */
  function settle(p) {
    if (p.status === "IN_PROGRESS" && clock() > p.sessionExpiresAt) p.status = "EXPIRED";
    return p;
  }

  function view(p, { withSecret = false } = {}) {
    settle(p);
    const vat = Math.round(p.balanceAmount / 11);
    return {
      mId: p.mId,
      lastTransactionKey: p.lastTransactionKey,
      paymentKey: p.paymentKey,
      orderId: p.orderId,
      orderName: p.orderName,
      taxExemptionAmount: 0,
      status: p.status,
      requestedAt: kst(p.requestedAt),
      approvedAt: p.approvedAt === null ? null : kst(p.approvedAt),
      useEscrow: p.useEscrow,
      cultureExpense: false,
      card: p.card,
      virtualAccount: p.virtualAccount,
      transfer: null,
      mobilePhone: null,
      giftCertificate: null,
      cashReceipt: null,
      cashReceipts: null,
      discount: null,
      cancels: p.cancels.length > 0 ? p.cancels : null,
      secret: withSecret ? p.secret : null,
      type: "NORMAL",
      easyPay: p.easyPay,
      country: "KR",
      failure: p.failure,
      isPartialCancelable: true,
      receipt: p.status === "IN_PROGRESS" || p.status === "EXPIRED" ? null : { url: p.receiptUrl },
      checkout: { url: p.checkoutUrl },
      currency: "KRW",
      totalAmount: p.totalAmount,
      balanceAmount: p.balanceAmount,
      suppliedAmount: p.balanceAmount - vat,
      vat,
      taxFreeAmount: 0,
      method: p.method,
      version: TOSS_API_VERSION,
    };
  }

  function authenticate(request) {
    const header = request.headers.get("authorization") ?? "";
    if (!/^Basic /i.test(header)) return { error: tossError("UNAUTHORIZED_KEY") };
    let decoded;
    try {
      decoded = atob(header.slice(6).trim());
    } catch {
      return { error: tossError("UNAUTHORIZED_KEY") };
    }
    if (!decoded.includes(":")) return { error: tossError("INCORRECT_BASIC_AUTH_FORMAT") };
    const key = parseKey(decoded.slice(0, decoded.indexOf(":")));
    if (!key || key.mode !== "test") return { error: tossError("UNAUTHORIZED_KEY") };
    if (key.side !== "secret") return { error: tossError("INVALID_API_KEY") };
    return { key, secretKey: decoded.slice(0, decoded.indexOf(":")), merchant: merchantOf(key.suffix) };
  }

  const paymentsOf = (merchant, orderId) => [...merchant.payments.values()].filter((p) => p.orderId === orderId);
  /** The payment an orderId names: the confirmed one, else the latest window. */
  function byOrder(merchant, orderId) {
    const all = paymentsOf(merchant, orderId).map(settle);
    return all.find((p) => !["IN_PROGRESS", "EXPIRED"].includes(p.status)) ?? all.at(-1) ?? null;
  }

  /** A transaction of the merchant's ledger (GET /v1/transactions): an approval, a deposit or a cancel. */
  function record(merchant, p, status, amount, key = p.lastTransactionKey) {
    merchant.transactions.push({
      mId: merchant.mId,
      transactionKey: key,
      paymentKey: p.paymentKey,
      orderId: p.orderId,
      method: p.method,
      customerKey: null,
      useEscrow: p.useEscrow,
      receiptUrl: p.receiptUrl,
      status,
      transactionAt: kst(clock()),
      currency: "KRW",
      amount,
      at: clock(),
    });
  }

  /**
   * PAYMENT_STATUS_CHANGED, sent after the answer that changed the payment (as Toss sends it,
   * never in the caller's answer), when the merchant is registered for it.
   */
  function statusChanged(merchant, p) {
    if (!config.statusEvents && !merchant.webhook?.paymentStatusChanged) return;
    const body = { eventType: "PAYMENT_STATUS_CHANGED", createdAt: kstLocalMicros(clock()), data: view(p) };
    const url = webhookUrl(merchant, p);
    if (eventDelivery === "queued") {
      queued.push({ merchant, url, body });
      return;
    }
    const sending = sleep(0)
      .then(() => send(merchant, url, body))
      .catch(() => {})
      .finally(() => inflight.delete(sending));
    inflight.add(sending);
  }

  function confirm(auth, body) {
    const { paymentKey, orderId, amount } = body ?? {};
    if (typeof paymentKey !== "string" || typeof orderId !== "string" || !Number.isInteger(amount))
      return tossError("INVALID_REQUEST");
    const p = auth.merchant.payments.get(paymentKey);
    if (!p) return tossError("NOT_FOUND_PAYMENT_SESSION");
    settle(p);
    if (p.status === "EXPIRED") return tossError("NOT_FOUND_PAYMENT_SESSION");
    if (p.status !== "IN_PROGRESS") return tossError("ALREADY_PROCESSED_PAYMENT");
    // A window opened with the API's client key is confirmed with the API's secret key, not the widget's.
    if (p.family !== auth.key.family) return tossError("INVALID_API_KEY");
    if (orderId !== p.orderId) return tossError("INVALID_REQUEST", "주문번호가 결제 정보와 일치하지 않습니다.");
    if (amount !== p.totalAmount) return tossError("INVALID_REQUEST", "결제 금액이 일치하지 않습니다.");
    if (paymentsOf(auth.merchant, orderId).some((o) => o !== p && !["IN_PROGRESS", "EXPIRED"].includes(o.status)))
      return tossError("DUPLICATED_ORDER_ID");
    const at = clock();
    p.lastTransactionKey = transactionKey();
    if (p.windowMethod === "VIRTUAL_ACCOUNT") {
      const [bankCode] = VA_BANKS.find(([code]) => code === p.bank) ?? VA_BANKS[0];
      p.status = "WAITING_FOR_DEPOSIT";
      p.method = "가상계좌";
      p.secret = `ps_${randomFrom(ALNUM, 20)}`;
      p.virtualAccount = {
        accountType: "일반",
        accountNumber: `X${randomDigits(13)}`,
        bankCode,
        customerName: p.customerName || "구매자",
        dueDate: kst(at + p.validHours * 3600_000),
        refundStatus: "NONE",
        expired: false,
        settlementStatus: "INCOMPLETED",
        refundReceiveAccount: null,
      };
    } else if (p.easyPayCode) {
      p.status = "DONE";
      p.method = "간편결제";
      p.approvedAt = at;
      p.easyPay = { provider: EASY_PAY[p.easyPayCode], amount: p.totalAmount, discountAmount: 0 };
    } else {
      const [issuerCode] = CARD_ISSUERS[Math.floor(Math.random() * CARD_ISSUERS.length)];
      p.status = "DONE";
      p.method = "카드";
      p.approvedAt = at;
      p.card = {
        amount: p.totalAmount,
        issuerCode,
        acquirerCode: issuerCode,
        number: `${randomDigits(8)}****${randomDigits(3)}*`,
        installmentPlanMonths: 0,
        approveNo: randomDigits(8),
        useCardPoint: false,
        cardType: "신용",
        ownerType: "개인",
        acquireStatus: "READY",
        isInterestFree: false,
        interestPayer: null,
      };
    }
    record(auth.merchant, p, p.status, p.totalAmount);
    statusChanged(auth.merchant, p);
    return json(200, view(p, { withSecret: true }));
  }

  function cancel(auth, paymentKey, body) {
    return cancelOf(auth.merchant, paymentKey, body);
  }

  function cancelOf(merchant, paymentKey, body) {
    const p = merchant.payments.get(paymentKey);
    if (!p) return tossError("NOT_FOUND_PAYMENT");
    settle(p);
    const { cancelReason, cancelAmount, refundReceiveAccount } = body ?? {};
    if (typeof cancelReason !== "string" || cancelReason.trim() === "" || cancelReason.length > 200)
      return tossError("INVALID_REQUEST", "취소 사유(cancelReason)는 필수입니다.");
    if (cancelAmount !== undefined && cancelAmount !== null && !Number.isInteger(cancelAmount))
      return tossError("INVALID_REQUEST");
    if (p.status === "CANCELED") return tossError("ALREADY_CANCELED_PAYMENT");
    if (!["DONE", "PARTIAL_CANCELED", "WAITING_FOR_DEPOSIT"].includes(p.status))
      return tossError("NOT_CANCELABLE_PAYMENT");
    const amount = cancelAmount ?? p.balanceAmount;
    if (amount <= 0 || amount > p.balanceAmount) return tossError("NOT_CANCELABLE_AMOUNT");
    if (p.status === "WAITING_FOR_DEPOSIT" && amount !== p.balanceAmount)
      return tossError("NOT_ALLOWED_PARTIAL_REFUND_WAITING_DEPOSIT");
    if (p.method === "가상계좌" && p.status !== "WAITING_FOR_DEPOSIT") {
      // Money came in by transfer, so it goes back by transfer: Toss needs the account.
      const account = refundReceiveAccount;
      if (!account || typeof account !== "object")
        return tossError(
          "INVALID_REQUEST",
          "입금된 가상계좌 결제를 취소하려면 환불 계좌(refundReceiveAccount)가 필요합니다.",
        );
      const bank = String(account.bank ?? "");
      if (!Object.hasOwn(REFUND_BANKS, bank) && !Object.values(REFUND_BANKS).includes(bank))
        return tossError("INVALID_BANK");
      if (!/^[0-9]{6,20}$/.test(String(account.accountNumber ?? "").replace(/-/g, "")))
        return tossError("INVALID_REFUND_ACCOUNT_NUMBER");
      if (typeof account.holderName !== "string" || account.holderName.trim() === "")
        return tossError("INVALID_REFUND_ACCOUNT_INFO");
      p.virtualAccount = {
        ...p.virtualAccount,
        refundStatus: "COMPLETED",
        refundReceiveAccount: {
          bankCode: bank,
          accountNumber: String(account.accountNumber).replace(/.(?=.{4})/g, "*"),
          holderName: account.holderName,
        },
      };
    }
    const tx = transactionKey();
    p.balanceAmount -= amount;
    p.cancels.push({
      transactionKey: tx,
      cancelReason,
      taxExemptionAmount: 0,
      canceledAt: kst(clock()),
      transferDiscountAmount: 0,
      easyPayDiscountAmount: 0,
      receiptKey: null,
      cancelAmount: amount,
      taxFreeAmount: 0,
      refundableAmount: p.balanceAmount,
      cancelStatus: "DONE",
      cancelRequestId: null,
    });
    p.lastTransactionKey = tx;
    // An unpaid account is voided, not refunded: no money in the ledger.
    const refunded = p.method === "가상계좌" && p.virtualAccount?.settlementStatus !== "COMPLETED" ? 0 : amount;
    p.status = p.balanceAmount === 0 ? "CANCELED" : "PARTIAL_CANCELED";
    record(merchant, p, p.status, refunded, tx);
    statusChanged(merchant, p);
    return json(200, view(p));
  }

  /**
   * A POST under an Idempotency-Key: Toss keys it on (key, API key, URL, method) and answers a
   * repeat with the first answer, untouched. A retryable failure (5xx, PROVIDER_ERROR) is not
   * kept, so the caller's retry under the same key can still go through.
   */
  async function idempotent(auth, request, path, bodyText, perform, lateMs) {
    const key = request.headers.get("idempotency-key");
    if (key === null) {
      const response = await perform();
      if (lateMs) await sleep(lateMs, request.signal);
      return response;
    }
    if (key.length === 0 || key.length > 300) return tossError("INVALID_IDEMPOTENCY_KEY");
    const id = `${auth.secretKey.length}:${auth.secretKey}|POST|${path}|${key}`;
    const kept = auth.merchant.idempotency.get(id);
    if (kept?.pending) return tossError("IDEMPOTENT_REQUEST_PROCESSING");
    if (kept) {
      if (kept.bodyText !== bodyText && config.idempotencyMismatch === "refuse")
        // Toss documents no error for this (it replays); the stand-in refuses so a key reused for
        // another request shows up in tests instead of silently answering the first one.
        return tossError("INVALID_REQUEST", "같은 멱등키로 다른 요청을 보낼 수 없습니다. (테스트 서버 검사)");
      return new Response(kept.text, { status: kept.status, headers: { "content-type": "application/json" } });
    }
    const entry = { pending: true, bodyText };
    auth.merchant.idempotency.set(id, entry);
    const response = await perform();
    const text = await response.text();
    const code = response.ok ? null : (JSON.parse(text).code ?? null);
    const finish = () => {
      if (response.status >= 500 || code === "PROVIDER_ERROR") auth.merchant.idempotency.delete(id);
      else Object.assign(entry, { pending: false, status: response.status, text });
    };
    if (lateMs) {
      // Still "processing" for the whole delay, whether or not the caller gave up waiting: a
      // retry meanwhile gets 409 IDEMPOTENT_REQUEST_PROCESSING, one after it the first answer.
      const done = sleep(lateMs).then(finish);
      await Promise.race([done, sleep(lateMs + 1, request.signal)]);
    } else finish();
    return new Response(text, { status: response.status, headers: response.headers });
  }

  async function api(request, url) {
    const path = url.pathname;
    const auth = authenticate(request);
    if (auth.error) return auth.error;
    const signal = request.signal;
    const fault = takeFault(request.method, path);
    if (fault?.kind === "provider") return tossError("PROVIDER_ERROR");
    if (fault?.kind === "internal") return tossError("FAILED_INTERNAL_SYSTEM_PROCESSING");
    if (fault?.kind === "refuse") return tossError(fault.code);
    if (fault?.kind === "drop") {
      await sleep(fault.delayMs, signal);
      return tossError("FAILED_INTERNAL_SYSTEM_PROCESSING");
    }
    if (fault?.kind === "lost") {
      // Done (and kept under its idempotency key), but the answer never reaches the caller.
      await route(auth, request, url, 0);
      throw new ConnectionLost();
    }
    // "delay": done, but the answer is late: the caller's timeout fires while the payment went through.
    return route(auth, request, url, fault?.kind === "delay" ? fault.delayMs : 0);
  }

  async function route(auth, request, url, lateMs) {
    const path = url.pathname;
    const m = auth.merchant;
    if (request.method === "GET") {
      if (lateMs) await sleep(lateMs, request.signal);
      const orders = /^\/v1\/payments\/orders\/([^/]+)$/.exec(path);
      if (orders) {
        const p = byOrder(m, decodeURIComponent(orders[1]));
        return p ? json(200, view(p)) : tossError("NOT_FOUND_PAYMENT");
      }
      if (path === "/v1/transactions") return transactionsOf(m, url.searchParams);
      const one = /^\/v1\/payments\/([^/]+)$/.exec(path);
      if (one) {
        const p = m.payments.get(decodeURIComponent(one[1]));
        return p ? json(200, view(p)) : tossError("NOT_FOUND_PAYMENT");
      }
      return tossError("NOT_FOUND");
    }
    if (request.method !== "POST") return tossError("NOT_FOUND", "존재하지 않는 HTTP 메소드 접근입니다.");
    const bodyText = await request.text();
    let body;
    try {
      body = JSON.parse(bodyText);
    } catch {
      return tossError("INVALID_REQUEST");
    }
    if (path === "/v1/payments/confirm")
      return idempotent(auth, request, path, bodyText, () => confirm(auth, body), lateMs);
    const cancelPath = /^\/v1\/payments\/([^/]+)\/cancel$/.exec(path);
    if (cancelPath)
      return idempotent(
        auth,
        request,
        path,
        bodyText,
        () => cancel(auth, decodeURIComponent(cancelPath[1]), body),
        lateMs,
      );
    return tossError("NOT_FOUND");
  }

  /**
   * GET /v1/transactions: the merchant's ledger between two moments (ISO 8601, Korea's time when
   * no offset is given), oldest first, `limit` (at most 5,000, 100 by default) after the
   * transaction `startingAfter`.
   */
  function transactionsOf(merchant, q) {
    const at = (text) => {
      if (!text) return NaN;
      return Date.parse(/(Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text}+09:00`);
    };
    const from = at(q.get("startDate"));
    const to = at(q.get("endDate"));
    if (!Number.isFinite(from) || !Number.isFinite(to) || from > to) return tossError("INVALID_REQUEST");
    const limit = Math.min(5000, Math.max(1, Number(q.get("limit") ?? 100) || 100));
    let rows = merchant.transactions.filter((t) => t.at >= from && t.at <= to);
    const after = q.get("startingAfter");
    if (after) rows = rows.slice(rows.findIndex((t) => t.transactionKey === after) + 1);
    return json(
      200,
      rows.slice(0, limit).map(({ at: _at, ...t }) => t),
    );
  }

  // The browser side.

  function windowParams(source) {
    const p = {};
    for (const f of WINDOW_FIELDS) {
      const v = source.get(f);
      if (v !== null && v !== "") p[f] = v;
    }
    return p;
  }

  const methodLabel = (p) => (p.method === "VIRTUAL_ACCOUNT" ? "가상계좌" : p.easyPay ? EASY_PAY[p.easyPay] : "카드");

  function windowPage(url) {
    const checked = checkWindow(windowParams(url.searchParams));
    if (checked.error) return errorPage(checked.error);
    const p = checked.value;
    const hidden = WINDOW_FIELDS.filter((f) => p[f] !== undefined)
      .map((f) => `<input type="hidden" name="${f}" value="${escapeHtml(p[f])}">`)
      .join("");
    const bank =
      p.method === "VIRTUAL_ACCOUNT"
        ? `<p><label>입금 은행 <select name="bank">${VA_BANKS.map(([code, name]) => `<option value="${code}">${escapeHtml(name)}</option>`).join("")}</select></label></p>`
        : "";
    const valid =
      p.method === "VIRTUAL_ACCOUNT"
        ? `<dt>입금 기한</dt><dd>발급 후 ${escapeHtml(p.validHours ?? DEFAULT_VALID_HOURS)}시간</dd>`
        : "";
    return html(
      200,
      "토스페이먼츠 결제 (테스트)",
      `<h1>토스페이먼츠 결제 (테스트)</h1>
<p>실제로 돈이 나가지 않는 테스트 결제창입니다.</p>
<div class="card"><dl><dt>주문</dt><dd>${escapeHtml(p.orderName)}</dd><dt>결제 금액</dt><dd>${escapeHtml(won(p.amount))}</dd>
<dt>결제 수단</dt><dd>${escapeHtml(methodLabel(p))}</dd>${valid}</dl></div>
<form method="post" action="/_standin/window">${hidden}${bank}
<button class="primary" name="action" value="approve">결제 승인</button>
<button name="action" value="reject">카드사 거절</button>
<button name="action" value="close">결제창 닫기</button></form>`,
    );
  }

  function errorPage(error) {
    return html(
      400,
      "결제 오류 (테스트)",
      `<h1>토스페이먼츠 결제 (테스트)</h1><div class="card"><p>${escapeHtml(error.message)}</p><p><code>${escapeHtml(error.code)}</code></p></div>`,
    );
  }

  const withQuery = (base, params) => `${base}${base.includes("?") ? "&" : "?"}${new URLSearchParams(params)}`;

  async function windowAction(request, url) {
    const form = await formFields(request);
    // The page's hidden fields are checked again: the form is the shopper's to edit.
    const checked = checkWindow(windowParams(form));
    if (checked.error) return errorPage(checked.error);
    const p = checked.value;
    const action = form.get("action");
    if (action === "reject")
      return redirect(
        withQuery(p.failUrl, {
          code: "REJECT_CARD_COMPANY",
          message: "결제 승인이 거절되었습니다.",
          orderId: p.orderId,
        }),
      );
    if (action === "close")
      return redirect(
        withQuery(p.failUrl, {
          code: "PAY_PROCESS_CANCELED",
          message: "사용자에 의해 결제가 취소되었습니다.",
          orderId: p.orderId,
        }),
      );
    if (action !== "approve") return errorPage({ code: "INVALID_REQUEST", message: "잘못된 요청입니다." });
    const key = parseKey(p.clientKey);
    const merchant = merchantOf(key.suffix);
    merchant.clientKeyLast4 = p.clientKey.slice(-4);
    if (paymentsOf(merchant, p.orderId).some((o) => !["IN_PROGRESS", "EXPIRED"].includes(settle(o).status)))
      return redirect(
        withQuery(p.failUrl, {
          code: "DUPLICATED_ORDER_ID",
          message: ERRORS.DUPLICATED_ORDER_ID[1],
          orderId: p.orderId,
        }),
      );
    const paymentKey = `tstnd${randomFrom(ALNUM, 45)}`;
    const at = clock();
    const amount = Number(p.amount);
    merchant.payments.set(paymentKey, {
      mId: merchant.mId,
      paymentKey,
      orderId: p.orderId,
      orderName: p.orderName,
      family: key.family,
      windowMethod: p.method,
      easyPayCode: p.easyPay ?? null,
      bank: form.get("bank"),
      validHours: Number(p.validHours ?? DEFAULT_VALID_HOURS),
      customerName: p.customerName ?? null,
      successUrl: p.successUrl,
      useEscrow: p.useEscrow === "true",
      status: "IN_PROGRESS",
      method: p.method === "VIRTUAL_ACCOUNT" ? "가상계좌" : p.easyPay ? "간편결제" : "카드",
      requestedAt: at,
      approvedAt: null,
      sessionExpiresAt: at + config.sessionTtlMs,
      totalAmount: amount,
      balanceAmount: amount,
      lastTransactionKey: null,
      card: null,
      easyPay: null,
      virtualAccount: null,
      secret: null,
      cancels: [],
      failure: null,
      receiptUrl: `${url.origin}/_standin/receipt/${paymentKey}`,
      checkoutUrl: `${url.origin}/_standin/window?${new URLSearchParams({ orderId: p.orderId })}`,
    });
    return redirect(
      withQuery(p.successUrl, { paymentType: "NORMAL", orderId: p.orderId, paymentKey, amount: String(amount) }),
    );
  }

  function findPayment({ paymentKey, orderId }) {
    for (const m of merchants.values()) {
      if (paymentKey && m.payments.has(paymentKey)) return { merchant: m, payment: settle(m.payments.get(paymentKey)) };
      if (orderId) {
        const p = byOrder(m, orderId);
        if (p && p.method === "가상계좌" && p.virtualAccount) return { merchant: m, payment: p };
      }
    }
    return null;
  }

  const webhookUrl = (merchant, p) => merchant.webhook?.url ?? `${new URL(p.successUrl).origin}${webhookPath}`;

  /** A webhook, as faults on "webhook" let it through: lost, twice, or held back for later. */
  async function send(merchant, url, body) {
    const fault = takeFault("POST", "webhook");
    if (fault?.kind === "lose") {
      deliveries.push({ mId: merchant.mId, url, body, status: 0, answer: "lost (fault)" });
      return { status: 0, answer: "lost (fault)" };
    }
    if (fault?.kind === "hold") {
      held.push({ merchant, url, body });
      return { status: 0, answer: "held (fault)" };
    }
    const first = await deliver1(merchant, url, body);
    return fault?.kind === "duplicate" ? deliver1(merchant, url, body) : first;
  }

  /** Delivers what "hold" kept back, the newest first: Toss's retries can arrive out of order. */
  async function releaseHeld() {
    const answers = [];
    while (held.length > 0) {
      const { merchant, url, body } = held.pop();
      answers.push(await deliver1(merchant, url, body));
    }
    return answers;
  }

  async function deliver1(merchant, url, body) {
    const text = JSON.stringify(body);
    let record;
    try {
      const res = await deliver(url, { method: "POST", headers: { "content-type": "application/json" }, body: text });
      record = { mId: merchant.mId, url, body, status: res.status, answer: (await res.text()).slice(0, 500) };
    } catch (error) {
      record = { mId: merchant.mId, url, body, status: 0, answer: String(error?.message ?? error) };
    }
    deliveries.push(record);
    return { status: record.status, answer: record.answer };
  }

  /** Pays a virtual account and sends Toss's DEPOSIT_CALLBACK (`times` copies, a wrong secret if asked). */
  async function deposit({ orderId, paymentKey, secret, times = 1 } = {}) {
    const found = findPayment({ orderId, paymentKey });
    if (!found || found.payment.method !== "가상계좌" || !found.payment.virtualAccount)
      return { error: "NOT_FOUND_PAYMENT" };
    const { merchant, payment: p } = found;
    if (!["WAITING_FOR_DEPOSIT", "DONE"].includes(p.status)) return { error: "NOT_CANCELABLE_PAYMENT" };
    if (p.status === "WAITING_FOR_DEPOSIT") {
      p.status = "DONE";
      p.approvedAt = clock();
      p.lastTransactionKey = transactionKey();
      p.virtualAccount = { ...p.virtualAccount, settlementStatus: "COMPLETED" };
      record(merchant, p, "DONE", p.totalAmount);
      statusChanged(merchant, p);
    }
    const url = webhookUrl(merchant, p);
    const body = {
      createdAt: kstLocalMicros(clock()),
      secret: secret === "wrong" ? `ps_${randomFrom(ALNUM, 20)}` : p.secret,
      status: "DONE",
      transactionKey: p.lastTransactionKey,
      orderId: p.orderId,
    };
    const answers = [];
    for (let i = 0; i < Math.min(Math.max(1, Number(times) || 1), 10); i++)
      answers.push(await send(merchant, url, body));
    return { paymentKey: p.paymentKey, orderId: p.orderId, status: p.status, url, answers };
  }

  /**
   * An unpaid virtual account past its due date: EXPIRED. Toss sends no DEPOSIT_CALLBACK for it;
   * PAYMENT_STATUS_CHANGED goes out when the merchant registered for it.
   */
  async function expire({ orderId, paymentKey } = {}) {
    const found = findPayment({ orderId, paymentKey });
    if (!found || found.payment.status !== "WAITING_FOR_DEPOSIT") return { error: "NOT_FOUND_PAYMENT" };
    const { merchant, payment: p } = found;
    p.status = "EXPIRED";
    p.virtualAccount = { ...p.virtualAccount, expired: true };
    const answers =
      merchant.webhook?.paymentStatusChanged || config.statusEvents
        ? [
            await send(merchant, webhookUrl(merchant, p), {
              eventType: "PAYMENT_STATUS_CHANGED",
              createdAt: kstLocalMicros(clock()),
              data: view(p),
            }),
          ]
        : [];
    return { paymentKey: p.paymentKey, orderId: p.orderId, status: p.status, answers };
  }

  /**
   * The merchant cancels a payment in its 상점관리자, not through the API (nothing the shop's
   * server asked for): the whole balance, with a reason of its own. Toss tells the merchant by
   * PAYMENT_STATUS_CHANGED when it is registered for it.
   */
  function merchantCancel({ paymentKey, orderId } = {}) {
    for (const m of merchants.values()) {
      const p = paymentKey ? m.payments.get(paymentKey) : orderId ? byOrder(m, orderId) : null;
      if (p) return cancelOf(m, p.paymentKey, { cancelReason: "상점관리자에서 취소" });
    }
    return tossError("NOT_FOUND_PAYMENT");
  }

  function registerWebhook({ clientKey, secretKey, url, paymentStatusChanged = false } = {}) {
    const key = parseKey(clientKey ?? secretKey);
    if (!key || key.mode !== "test" || !/^https?:\/\//.test(url ?? "")) return false;
    merchantOf(key.suffix).webhook = { url, paymentStatusChanged: Boolean(paymentStatusChanged) };
    return true;
  }

  function listing() {
    return [...merchants.values()].map((m) => ({
      mId: m.mId,
      clientKeyLast4: m.clientKeyLast4,
      webhookUrl: m.webhook?.url ?? null,
      payments: [...m.payments.values()].map((p) => view(p)),
    }));
  }

  function devCenter() {
    const rows = listing().flatMap((m) =>
      m.payments.map(
        (p) => `<tr><td>${escapeHtml(m.mId)}${m.clientKeyLast4 ? ` (…${escapeHtml(m.clientKeyLast4)})` : ""}</td>
<td>${escapeHtml(p.orderId)}<br><small>${escapeHtml(p.orderName)}</small></td><td>${escapeHtml(p.method)}</td><td>${escapeHtml(p.status)}</td>
<td>${escapeHtml(won(p.totalAmount))}</td><td>${escapeHtml(won(p.balanceAmount))}</td>
<td>${(p.cancels ?? []).map((c) => `${escapeHtml(won(c.cancelAmount))} ${escapeHtml(c.cancelReason)}`).join("<br>")}</td>
<td>${
          p.status === "WAITING_FOR_DEPOSIT"
            ? `<form method="post" action="/_standin/deposit"><input type="hidden" name="paymentKey" value="${escapeHtml(p.paymentKey)}"><button>입금 처리</button></form>`
            : ""
        }${
          p.status === "DONE" || p.status === "PARTIAL_CANCELED"
            ? `<form method="post" action="/_standin/cancel"><input type="hidden" name="paymentKey" value="${escapeHtml(p.paymentKey)}"><button>취소</button></form>`
            : ""
        }</td></tr>`,
      ),
    );
    return html(
      200,
      "개발자센터 (테스트)",
      `<h1>개발자센터 (테스트)</h1><p>테스트 결제내역: 가상계좌는 입금 처리를 누르면 입금된 것으로 바뀌고 상점에 입금 알림(DEPOSIT_CALLBACK)이 갑니다.</p>
<div class="card wide">${
        rows.length === 0
          ? "<p>아직 결제가 없습니다.</p>"
          : `<table><thead><tr><th>상점</th><th>주문</th><th>수단</th><th>상태</th><th>금액</th><th>잔액</th><th>취소</th><th></th></tr></thead><tbody>${rows.join("")}</tbody></table>`
      }</div>${payouts.devSection(escapeHtml, won)}`,
    );
  }

  function receipt(paymentKey) {
    const found = findPayment({ paymentKey });
    if (!found) return html(404, "영수증 (테스트)", "<h1>영수증 (테스트)</h1><p>존재하지 않는 결제입니다.</p>");
    const p = view(found.payment);
    const cancels = (p.cancels ?? [])
      .map((c) => `<dt>취소 ${escapeHtml(c.canceledAt)}</dt><dd>-${escapeHtml(won(c.cancelAmount))}</dd>`)
      .join("");
    return html(
      200,
      "영수증 (테스트)",
      `<h1>매출전표 (테스트)</h1><div class="card"><dl><dt>주문</dt><dd>${escapeHtml(p.orderName)}</dd>
<dt>주문번호</dt><dd>${escapeHtml(p.orderId)}</dd><dt>결제 수단</dt><dd>${escapeHtml(p.easyPay?.provider ?? p.method)}</dd>
${p.card ? `<dt>카드번호</dt><dd>${escapeHtml(p.card.number)}</dd><dt>승인번호</dt><dd>${escapeHtml(p.card.approveNo)}</dd>` : ""}
<dt>승인 일시</dt><dd>${escapeHtml(p.approvedAt ?? "-")}</dd><dt>결제 금액</dt><dd>${escapeHtml(won(p.totalAmount))}</dd>
<dt>공급가액 / 부가세</dt><dd>${escapeHtml(won(p.suppliedAmount))} / ${escapeHtml(won(p.vat))}</dd>${cancels}
<dt>상태</dt><dd>${escapeHtml(p.status)}</dd></dl></div><p>테스트 결제의 영수증입니다. 실제 거래가 아닙니다.</p>`,
    );
  }

  async function control(request, url) {
    const path = url.pathname;
    if (request.method === "GET") {
      if (path === "/_standin/" || path === "/_standin") return devCenter();
      if (path === "/_standin/payments") return json(200, { merchants: listing() });
      if (path === "/_standin/window") return windowPage(url);
      if (path === "/_standin/deliveries") return json(200, { deliveries });
      const r = /^\/_standin\/receipt\/([^/]+)$/.exec(path);
      if (r) return receipt(decodeURIComponent(r[1]));
      return tossError("NOT_FOUND");
    }
    if (path === "/_standin/faults" && request.method === "DELETE") {
      faults.length = 0;
      return json(200, { faults });
    }
    if (request.method !== "POST") return tossError("NOT_FOUND");
    if (path === "/_standin/window") return windowAction(request, url);
    const fromForm = !(request.headers.get("content-type") ?? "").includes("application/json");
    const body = await readForm(request);
    if (path === "/_standin/deposit") {
      const result = await deposit(body);
      if (fromForm && !result.error) return redirect("/_standin/");
      return result.error ? tossError(result.error) : json(200, result);
    }
    if (path === "/_standin/expire") {
      const result = await expire(body);
      return result.error ? tossError(result.error) : json(200, result);
    }
    if (path === "/_standin/webhooks/release") return json(200, { answers: await releaseHeld() });
    if (path === "/_standin/webhooks")
      return registerWebhook(body) ? json(200, { ok: true }) : tossError("INVALID_REQUEST");
    if (path === "/_standin/cancel") {
      const result = merchantCancel(body);
      if (fromForm && result.status === 200) return redirect("/_standin/");
      return result;
    }
    if (path === "/_standin/faults") return addFault(body) ? json(200, { faults }) : tossError("INVALID_REQUEST");
    if (path === "/_standin/config") {
      if (body.sessionTtlMs !== undefined) config.sessionTtlMs = Number(body.sessionTtlMs);
      if (body.idempotencyMismatch === "refuse" || body.idempotencyMismatch === "replay")
        config.idempotencyMismatch = body.idempotencyMismatch;
      if (typeof body.statusEvents === "boolean") config.statusEvents = body.statusEvents;
      return json(200, config);
    }
    if (path === "/_standin/clock") {
      skew += Number(body.advanceMs) || 0;
      return json(200, { now: kst(clock()) });
    }
    return tossError("NOT_FOUND");
  }

  /** fetch-shaped: `handle(request)` or `handle(url, init)` (TossClient's fetcher). */
  async function handle(input, init) {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.pathname.startsWith("/v1/")) return api(request, url);
    if (url.pathname.startsWith("/v2/") && url.pathname !== SDK_PATH) {
      await preloaded;
      const auth = authenticate(request);
      if (auth.error) return auth.error;
      return (await payouts.api(request, url, auth.merchant, auth.secretKey)) ?? tossError("NOT_FOUND");
    }
    if (url.pathname === SDK_PATH && request.method === "GET")
      return new Response(sdkSource(url.origin), {
        headers: {
          "content-type": "text/javascript; charset=utf-8",
          "cache-control": "no-store",
          "access-control-allow-origin": "*",
        },
      });
    if (url.pathname.startsWith("/_standin/payouts") || url.pathname.startsWith("/_standin/sellers")) {
      await preloaded;
      const body = request.method === "POST" ? await readForm(request) : {};
      const answer = (await payouts.control(request, url, body)) ?? tossError("NOT_FOUND");
      // A button of the developer center's page: back to the page.
      const fromForm = !(request.headers.get("content-type") ?? "").includes("application/json");
      return request.method === "POST" && fromForm && answer.ok ? redirect("/_standin/") : answer;
    }
    if (url.pathname.startsWith("/_standin")) {
      await preloaded;
      return control(request, url);
    }
    return tossError("NOT_FOUND");
  }

  return {
    handle,
    payouts,
    merchants,
    faults,
    deliveries,
    config,
    addFault,
    deposit,
    expire,
    merchantCancel: (opts) => merchantCancel(opts).json(),
    releaseHeld,
    /** Waits for the status events on their way (each sent after the answer that caused it). */
    settle: async () => {
      while (inflight.size > 0) await Promise.all([...inflight]);
    },
    /** Sends the queued status events, oldest first (eventDelivery "queued"). */
    flushEvents: async () => {
      const answers = [];
      while (queued.length > 0) {
        const { merchant, url, body } = queued.shift();
        answers.push(await send(merchant, url, body));
      }
      return answers;
    },
    registerWebhook,
    listing,
    /** Moves the stand-in's clock on (a session's 10 minutes, a due date). */
    advance: (ms) => {
      skew += ms;
    },
  };
}

/** Webhooks from the server: *.localhost (and `via`, when given) reached on loopback with the Host kept. */
async function nodeDeliver(url, init, via) {
  const { request: httpRequest } = await import("node:http");
  const target = new URL(url);
  const loopback = target.hostname === "localhost" || target.hostname.endsWith(".localhost");
  if (!via && (!loopback || target.protocol !== "http:")) return fetch(url, init);
  const to = via ? new URL(via) : new URL(`http://127.0.0.1:${target.port || 80}`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: to.hostname,
        port: to.port || 80,
        method: init.method,
        path: `${target.pathname}${target.search}`,
        headers: { ...init.headers, host: target.host, "content-length": Buffer.byteLength(init.body) },
        timeout: 10_000,
      },
      async (res) => {
        const chunks = [];
        for await (const chunk of res) chunks.push(chunk);
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode }));
      },
    );
    req.on("error", reject);
    req.on("timeout", () => req.destroy(new Error("the webhook did not answer in time")));
    req.end(init.body);
  });
}

/**
 * Serves the stand-in (port 0: any free one). `host` is where it listens (loopback unless told);
 * `publicHost` is the name a browser reaches it by (a phone on the network: the machine's address).
 * `deliverVia`: an origin every webhook connects to, its Host header kept (the local Worker).
 * Resolves to `{ origin, apiBase, sdkUrl, devCenterUrl, port, standin, close() }`.
 */
export async function startTossStandin({ port = 0, host = "127.0.0.1", publicHost, deliverVia, ...options } = {}) {
  const standin = createTossStandin({ deliver: (url, init) => nodeDeliver(url, init, deliverVia), ...options });
  const served = await serveHandler((request) => standin.handle(request), { port, host, publicHost });
  const origin = served.origin;
  return {
    ...served,
    url: origin,
    apiBase: origin,
    sdkUrl: `${origin}${SDK_PATH}`,
    devCenterUrl: `${origin}/_standin/`,
    standin,
  };
}

// As a CLI: node scripts/lib/toss-standin.mjs [port]
if (globalThis.process?.argv?.[1]?.endsWith("toss-standin.mjs")) {
  const { env, argv } = globalThis.process;
  const served = await startTossStandin({ port: Number(argv[2] || env.TOSS_STANDIN_PORT || 3390) });
  console.log(`Toss Payments stand-in: TOSS_API_BASE=${served.apiBase} TOSS_SDK_URL=${served.sdkUrl}`);
  console.log(`  개발자센터 (테스트): ${served.devCenterUrl}`);
}
