/**
 * The Toss Payments stand-in's 지급대행 v2 (payouts to sellers under a platform's contract; issue
 * 52 item 1, decision 178), as docs.tosspayments.com/guides/v2/payouts and /reference/additional
 * describe it: sellers (POST /v2/sellers, GET /v2/sellers/{id}) and payouts (POST /v2/payouts,
 * GET /v2/payouts/{id}, POST /v2/payouts/{id}/cancel). Bodies of POSTs that carry details arrive
 * as compact JWE (`alg: dir`, `enc: A256GCM`) under the merchant's security key and are answered
 * the same way; the answers are `{version, traceId, entityType, entityBody, error}` envelopes.
 * Seller states: a personal seller starts APPROVAL_REQUIRED (its 본인인증), a business
 * PARTIALLY_APPROVED; a payout past 1천만원 before KYC fails and moves the seller to KYC_REQUIRED.
 * `payout.changed` and `seller.changed` webhooks are signed as Toss signs them:
 * `tosspayments-webhook-signature: v1:<base64 HMAC-SHA256(securityKey, "{body}:{time}")>`.
 *
 * A merchant's security key here is derived from its secret key (`securityKeyOf`), the way the
 * developer center would show one; a test may name its own with `securityKeys`. WebCrypto only:
 * this runs in Node (npm start, browser tests) and inside workerd (Worker tests).
 */

const VERSION = "2022-11-16";
export const KYC_LIMIT = 10_000_000;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

const hex = (bytes) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
const b64url = (bytes) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const unb64url = (text) => {
  const s = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(s + "=".repeat((4 - (s.length % 4)) % 4)), (c) => c.charCodeAt(0));
};
const keyBytes = (h) => Uint8Array.from(h.match(/../g), (x) => parseInt(x, 16));

/** The stand-in's security key of a merchant: 64 hex characters from its secret key. */
export async function securityKeyOf(secretKey) {
  return hex(await crypto.subtle.digest("SHA-256", encoder.encode(`toss-standin-security:${secretKey}`)));
}

async function seal(securityKey, payload) {
  const header = b64url(
    encoder.encode(
      JSON.stringify({ alg: "dir", enc: "A256GCM", iat: new Date().toISOString(), nonce: crypto.randomUUID() }),
    ),
  );
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await crypto.subtle.importKey("raw", keyBytes(securityKey), "AES-GCM", false, ["encrypt"]);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: encoder.encode(header) },
      key,
      encoder.encode(JSON.stringify(payload)),
    ),
  );
  return `${header}..${b64url(iv)}.${b64url(sealed.slice(0, -16))}.${b64url(sealed.slice(-16))}`;
}

async function open(securityKey, jwe) {
  const [header, encryptedKey, iv, cipher, tag] = jwe.trim().split(".");
  if (encryptedKey !== "" || !tag) throw new Error("not a compact JWE");
  const h = JSON.parse(decoder.decode(unb64url(header)));
  if (h.alg !== "dir" || h.enc !== "A256GCM" || !h.iat || !h.nonce) throw new Error("bad JWE header");
  const key = await crypto.subtle.importKey("raw", keyBytes(securityKey), "AES-GCM", false, ["decrypt"]);
  const opened = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: unb64url(iv), additionalData: encoder.encode(header) },
    key,
    new Uint8Array([...unb64url(cipher), ...unb64url(tag)]),
  );
  return JSON.parse(decoder.decode(opened));
}

/** Toss's webhook signature of a body sent at `time`. */
export async function signWebhook(securityKey, body, time) {
  const key = await crypto.subtle.importKey("raw", keyBytes(securityKey), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${body}:${time}`));
  return `v1:${btoa(String.fromCharCode(...new Uint8Array(mac)))}`;
}

const ERRORS = {
  INVALID_ENCRYPTION: [400, "암호화된 요청을 해석할 수 없습니다."],
  INVALID_REQUEST: [400, "잘못된 요청입니다."],
  ALREADY_EXIST_REF_SELLER_ID: [409, "이미 사용한 refSellerId입니다."],
  NOT_FOUND_SELLER: [404, "존재하지 않는 셀러입니다."],
  NOT_FOUND_PAYOUT: [404, "존재하지 않는 지급대행 요청입니다."],
  FORBIDDEN_SELLER_PAYOUT: [
    403,
    "The seller requires identity verification or customer verification (KYC). Payout requests can only be made for sellers with a status of PARTIALLY_APPROVED or APPROVED",
  ],
  NOT_CANCELABLE_PAYOUT: [400, "취소할 수 없는 지급대행 요청입니다."],
  ALREADY_EXIST_REF_PAYOUT_ID: [409, "이미 사용한 refPayoutId입니다."],
};

const envelope = (entityType, entityBody, error = null) => ({
  version: VERSION,
  traceId: crypto.randomUUID().replace(/-/g, ""),
  entityType: error ? null : entityType,
  entityBody: error ? null : entityBody,
  error,
});

const BUSINESS_TYPES = ["INDIVIDUAL", "INDIVIDUAL_BUSINESS", "CORPORATE"];
const SELLER_STATUSES = ["APPROVAL_REQUIRED", "PARTIALLY_APPROVED", "KYC_REQUIRED", "APPROVED"];

/**
 * The payouts part of a stand-in: `api(request, url, merchant, secretKey)` for /v2/*,
 * `control(request, url, body)` for /_standin/payouts… and /_standin/sellers…, or null.
 */
export function createPayouts({ clock, deliver, deliveries, securityKeys = {}, webhookUrl = null }) {
  const config = { webhookUrl };
  /** Every merchant's sellers and payouts: merchant → { securityKey, sellers, payouts, idempotency, paid } */
  const books = new Map();

  async function bookOf(merchant, secretKey) {
    let b = books.get(merchant);
    if (!b) {
      b = {
        merchant,
        securityKey: securityKeys[secretKey] ?? (await securityKeyOf(secretKey)),
        sellers: new Map(),
        refs: new Set(),
        payouts: new Map(),
        payoutRefs: new Map(),
        idempotency: new Map(),
      };
      books.set(merchant, b);
    }
    return b;
  }

  const answer = (status, body) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const failure = (code) => {
    const [status, message] = ERRORS[code] ?? [400, "잘못된 요청입니다."];
    return answer(status, envelope(null, null, { code, message }));
  };
  const sealedAnswer = async (book, status, body) =>
    new Response(await seal(book.securityKey, body), { status, headers: { "content-type": "text/plain" } });

  const paidOf = (book, sellerId) =>
    [...book.payouts.values()]
      .filter((p) => p.destination === sellerId && ["REQUESTED", "IN_PROGRESS", "COMPLETED"].includes(p.status))
      .reduce((n, p) => n + p.amount.value, 0);

  async function notify(book, eventType, entityType, entityBody) {
    if (!config.webhookUrl) return null;
    const text = JSON.stringify({
      eventType,
      createdAt: new Date(clock()).toISOString(),
      version: VERSION,
      eventId: crypto.randomUUID(),
      entityType,
      entityBody,
    });
    const time = new Date(clock()).toISOString();
    const headers = {
      "content-type": "application/json",
      "tosspayments-webhook-transmission-time": time,
      "tosspayments-webhook-signature": await signWebhook(book.securityKey, text, time),
    };
    let record;
    try {
      const res = await deliver(config.webhookUrl, { method: "POST", headers, body: text });
      record = {
        mId: book.merchant.mId,
        url: config.webhookUrl,
        body: JSON.parse(text),
        status: res.status,
        answer: (await res.text()).slice(0, 500),
      };
    } catch (error) {
      record = {
        mId: book.merchant.mId,
        url: config.webhookUrl,
        body: JSON.parse(text),
        status: 0,
        answer: String(error?.message ?? error),
      };
    }
    deliveries.push(record);
    return record;
  }

  function newSeller(book, body) {
    if (typeof body !== "object" || body === null) return { error: "INVALID_REQUEST" };
    const { refSellerId, businessType, company, individual, account } = body;
    if (typeof refSellerId !== "string" || !refSellerId || !BUSINESS_TYPES.includes(businessType))
      return { error: "INVALID_REQUEST" };
    const who = businessType === "INDIVIDUAL" ? individual : company;
    if (!who?.name || !who.email || !/^01\d{8,9}$/.test(who.phone ?? "")) return { error: "INVALID_REQUEST" };
    if (
      businessType !== "INDIVIDUAL" &&
      (!who.representativeName || !/^\d{10}$/.test(who.businessRegistrationNumber ?? ""))
    )
      return { error: "INVALID_REQUEST" };
    if (
      !/^\d{2,3}$/.test(account?.bankCode ?? "") ||
      !/^\d{10,20}$/.test(account?.accountNumber ?? "") ||
      !account.holderName
    )
      return { error: "INVALID_REQUEST" };
    if (book.refs.has(refSellerId)) return { error: "ALREADY_EXIST_REF_SELLER_ID" };
    book.refs.add(refSellerId);
    const seller = {
      id: `seller_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`,
      refSellerId,
      businessType,
      company: businessType === "INDIVIDUAL" ? null : { ...company },
      individual: businessType === "INDIVIDUAL" ? { ...individual } : null,
      status: businessType === "INDIVIDUAL" ? "APPROVAL_REQUIRED" : "PARTIALLY_APPROVED",
      account: {
        bankCode: account.bankCode,
        accountNumber: `${"*".repeat(account.accountNumber.length - 4)}${account.accountNumber.slice(-4)}`,
        holderName: account.holderName,
      },
      metadata: body.metadata ?? null,
    };
    book.sellers.set(seller.id, seller);
    return { seller };
  }

  async function newPayouts(book, items) {
    if (!Array.isArray(items) || items.length === 0 || items.length > 100) return { error: "INVALID_REQUEST" };
    const made = [];
    for (const item of items) {
      const value = Number(item?.amount?.value);
      if (!item?.refPayoutId || item.amount?.currency !== "KRW" || !Number.isInteger(value) || value <= 0)
        return { error: "INVALID_REQUEST" };
      if (!["EXPRESS", "SCHEDULED"].includes(item.scheduleType)) return { error: "INVALID_REQUEST" };
      if (item.scheduleType === "SCHEDULED" && !/^\d{4}-\d{2}-\d{2}$/.test(item.payoutDate ?? ""))
        return { error: "INVALID_REQUEST" };
      if (book.payoutRefs.has(item.refPayoutId)) return { error: "ALREADY_EXIST_REF_PAYOUT_ID" };
      const seller = book.sellers.get(item.destination);
      if (!seller) return { error: "NOT_FOUND_SELLER" };
      if (!["PARTIALLY_APPROVED", "APPROVED"].includes(seller.status)) return { error: "FORBIDDEN_SELLER_PAYOUT" };
    }
    for (const item of items) {
      const seller = book.sellers.get(item.destination);
      const over =
        seller.status === "PARTIALLY_APPROVED" && paidOf(book, seller.id) + Number(item.amount.value) > KYC_LIMIT;
      const payout = {
        id: `FPA_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`,
        refPayoutId: item.refPayoutId,
        destination: item.destination,
        scheduleType: item.scheduleType,
        payoutDate: item.payoutDate ?? new Date(clock() + 9 * 3600_000).toISOString().slice(0, 10),
        amount: { currency: "KRW", value: Number(item.amount.value) },
        transactionDescription: item.transactionDescription ?? null,
        requestedAt: new Date(clock()).toISOString(),
        status: over ? "FAILED" : "REQUESTED",
        error: over ? { code: "FORBIDDEN_SELLER_PAYOUT", message: "KYC 심사가 필요합니다." } : null,
        metadata: item.metadata ?? null,
      };
      book.payouts.set(payout.id, payout);
      book.payoutRefs.set(payout.refPayoutId, payout.id);
      made.push(payout);
      if (over && seller.status !== "KYC_REQUIRED") {
        seller.status = "KYC_REQUIRED";
        await notify(book, "seller.changed", "seller", seller);
      }
    }
    return { payouts: made };
  }

  /** /v2/… with the merchant `authenticate` found; null when the path is none of these. */
  async function api(request, url, merchant, secretKey) {
    const book = await bookOf(merchant, secretKey);
    const path = url.pathname;
    if (request.method === "GET") {
      const s = /^\/v2\/sellers\/([^/]+)$/.exec(path);
      if (s) {
        const seller = book.sellers.get(decodeURIComponent(s[1]));
        return seller ? answer(200, envelope("seller", seller)) : failure("NOT_FOUND_SELLER");
      }
      const p = /^\/v2\/payouts\/([^/]+)$/.exec(path);
      if (p) {
        const payout = book.payouts.get(decodeURIComponent(p[1]));
        return payout ? answer(200, envelope("payout", payout)) : failure("NOT_FOUND_PAYOUT");
      }
      return null;
    }
    if (request.method !== "POST") return null;
    const cancel = /^\/v2\/payouts\/([^/]+)\/cancel$/.exec(path);
    if (cancel) {
      const payout = book.payouts.get(decodeURIComponent(cancel[1]));
      if (!payout) return failure("NOT_FOUND_PAYOUT");
      if (payout.status !== "REQUESTED") return failure("NOT_CANCELABLE_PAYOUT");
      payout.status = "CANCELED";
      return answer(200, envelope("payout", payout));
    }
    if (path !== "/v2/sellers" && path !== "/v2/payouts") return null;
    if ((request.headers.get("tosspayments-api-security-mode") ?? "").toUpperCase() !== "ENCRYPTION")
      return failure("INVALID_ENCRYPTION");
    const text = await request.text();
    const idem = request.headers.get("idempotency-key");
    const kept = idem ? book.idempotency.get(`${path}|${idem}`) : null;
    if (kept) return new Response(kept.text, { status: kept.status, headers: { "content-type": kept.type } });
    let body;
    try {
      body = await open(book.securityKey, text);
    } catch {
      return failure("INVALID_ENCRYPTION");
    }
    const result = path === "/v2/sellers" ? newSeller(book, body) : await newPayouts(book, body);
    const response = result.error
      ? failure(result.error)
      : await sealedAnswer(
          book,
          200,
          path === "/v2/sellers" ? envelope("seller", result.seller) : envelope("payout", { items: result.payouts }),
        );
    if (idem) {
      const copy = response.clone();
      book.idempotency.set(`${path}|${idem}`, {
        status: copy.status,
        type: copy.headers.get("content-type"),
        text: await copy.text(),
      });
    }
    return response;
  }

  function findPayouts(id) {
    const all = [...books.values()].flatMap((b) => [...b.payouts.values()].map((p) => ({ book: b, payout: p })));
    return id
      ? all.filter((x) => x.payout.id === id || x.payout.refPayoutId === id)
      : all.filter((x) => x.payout.status === "REQUESTED");
  }

  /**
   * The stand-in's own controls: pay (COMPLETED) or fail requested payouts, set a seller's status
   * (its 본인인증 or KYC done), each sending its signed webhook; list everything. Null: not ours.
   */
  async function control(request, url, body) {
    const path = url.pathname;
    if (request.method === "GET" && path === "/_standin/payouts") {
      return answer(200, {
        webhookUrl: config.webhookUrl,
        merchants: [...books.values()].map((b) => ({
          mId: b.merchant.mId,
          sellers: [...b.sellers.values()],
          payouts: [...b.payouts.values()],
        })),
      });
    }
    if (request.method !== "POST") return null;
    if (path === "/_standin/payouts/webhook") {
      if (!/^https?:\/\//.test(body.url ?? "")) return failure("INVALID_REQUEST");
      config.webhookUrl = body.url;
      return answer(200, { webhookUrl: config.webhookUrl });
    }
    if (path === "/_standin/payouts/pay" || path === "/_standin/payouts/fail") {
      const to = path.endsWith("pay") ? "COMPLETED" : "FAILED";
      const found = findPayouts(body.id).filter((x) => ["REQUESTED", "IN_PROGRESS"].includes(x.payout.status));
      const sent = [];
      for (const { book, payout } of found) {
        payout.status = to;
        if (to === "FAILED")
          payout.error = {
            code: body.code ?? "INVALID_ACCOUNT",
            message: body.message ?? "입금할 수 없는 계좌입니다.",
          };
        sent.push(await notify(book, "payout.changed", "payout", payout));
      }
      return answer(200, { payouts: found.map((x) => x.payout), webhooks: sent });
    }
    if (path === "/_standin/sellers/status") {
      if (!SELLER_STATUSES.includes(body.status)) return failure("INVALID_REQUEST");
      for (const book of books.values()) {
        const seller = book.sellers.get(body.id);
        if (!seller) continue;
        seller.status = body.status;
        const webhook = await notify(book, "seller.changed", "seller", seller);
        return answer(200, { seller, webhook });
      }
      return failure("NOT_FOUND_SELLER");
    }
    return null;
  }

  /** A seller as if registered earlier (the demo's, whose registration a restart forgot). */
  async function preload(merchant, secretKey, seller) {
    const book = await bookOf(merchant, secretKey);
    book.refs.add(seller.refSellerId);
    book.sellers.set(seller.id, { company: null, individual: null, account: null, metadata: null, ...seller });
  }

  /** The developer center's 지급대행 part: sellers and payouts, with the buttons Toss's own side would press. */
  function devSection(escapeHtml, won) {
    const sellers = [...books.values()].flatMap((b) => [...b.sellers.values()]);
    const payouts = [...books.values()].flatMap((b) => [...b.payouts.values()]);
    const statusButton = (id, status, label) =>
      `<form method="post" action="/_standin/sellers/status"><input type="hidden" name="id" value="${escapeHtml(id)}"><input type="hidden" name="status" value="${status}"><button>${label}</button></form>`;
    const sellerRows = sellers.map(
      (
        v,
      ) => `<tr><td>${escapeHtml(v.id)}<br><small>${escapeHtml(v.refSellerId)}</small></td><td>${escapeHtml(v.businessType)}</td><td>${escapeHtml(v.status)}</td>
<td>${v.status === "APPROVAL_REQUIRED" ? statusButton(v.id, "PARTIALLY_APPROVED", "본인인증 완료") : ""}${v.status !== "APPROVED" ? statusButton(v.id, "APPROVED", "KYC 승인") : ""}</td></tr>`,
    );
    const payoutRows = payouts.map(
      (
        p,
      ) => `<tr><td>${escapeHtml(p.refPayoutId)}</td><td>${escapeHtml(p.payoutDate)}</td><td>${escapeHtml(won(p.amount.value))}</td><td>${escapeHtml(p.status)}</td>
<td>${["REQUESTED", "IN_PROGRESS"].includes(p.status) ? `<form method="post" action="/_standin/payouts/pay"><input type="hidden" name="id" value="${escapeHtml(p.id)}"><button>지급 완료 처리</button></form><form method="post" action="/_standin/payouts/fail"><input type="hidden" name="id" value="${escapeHtml(p.id)}"><button>지급 실패 처리</button></form>` : ""}</td></tr>`,
    );
    return `<h2>지급대행 (테스트)</h2><p>셀러 상태를 바꾸거나 지급을 처리하면 서명된 웹훅(seller.changed, payout.changed)이 ${escapeHtml(config.webhookUrl ?? "(등록된 주소 없음)")}로 갑니다.</p>
<div class="card wide">${sellerRows.length === 0 ? "<p>등록된 셀러가 없습니다.</p>" : `<table><thead><tr><th>셀러</th><th>유형</th><th>상태</th><th></th></tr></thead><tbody>${sellerRows.join("")}</tbody></table>`}</div>
<div class="card wide">${payoutRows.length === 0 ? "<p>지급 요청이 없습니다.</p>" : `<table><thead><tr><th>지급 요청</th><th>지급일</th><th>금액</th><th>상태</th><th></th></tr></thead><tbody>${payoutRows.join("")}</tbody></table>`}</div>`;
  }

  return { api, control, preload, config, books, devSection };
}
