import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { openSecret } from "../../../functions/payments/keys";
import { TossClient, TossError, type TossPayment } from "../../../functions/payments/toss";
import { bankName, cardCompanyName } from "../../../functions/payments/toss-codes";
import { DEMO_TOSS_KEYS } from "../../../functions/seed/demo";
import { createTossStandin, type TossStandin } from "../../../scripts/lib/toss-standin.mjs";

/**
 * Issue 35, item 7: the local stand-in for Toss Payments, driven by the storefront's own client
 * (functions/payments/toss.ts) with the stand-in's handler as its fetcher, and its window pages as
 * a browser would post them. No server: everything goes through `handle`.
 */

const ORIGIN = "https://toss.invalid";
const SHOP = "http://beauty.localhost:3333";
const BEAUTY = DEMO_TOSS_KEYS.beauty;
const BISTRO = DEMO_TOSS_KEYS.bistro;
const SECRETS = [BEAUTY.secretKey, BISTRO.secretKey, "test_gsk_demo_beauty_0001", "live_sk_demo_beauty_0001"];

/** Every body and header the stand-in answered in this file: none may carry a secret key. */
const seen: string[] = [];
let standin: TossStandin;
let delivered: { url: string; body: Record<string, unknown> }[];

const record = async (res: Response) => {
  const text = await res.clone().text();
  seen.push(text, JSON.stringify([...res.headers]));
  return res;
};
const handle = async (input: RequestInfo | URL, init?: RequestInit) => record(await standin.handle(input, init));
const fetcher = handle as unknown as typeof fetch;
const client = (secretKey: string = BEAUTY.secretKey, timeoutMs?: number) =>
  new TossClient(ORIGIN, secretKey, fetcher, timeoutMs);

beforeEach(() => {
  delivered = [];
  standin = createTossStandin({
    deliver: async (url, init) => {
      delivered.push({ url, body: JSON.parse(init.body) as Record<string, unknown> });
      return new Response("OK");
    },
  });
});

let orders = 0;
const newOrderId = () => `ord_${Date.now()}_${++orders}`;

type Window = {
  clientKey?: string;
  method?: "CARD" | "VIRTUAL_ACCOUNT";
  amount?: number;
  orderId?: string;
  orderName?: string;
  easyPay?: "KAKAOPAY" | "NAVERPAY" | "TOSSPAY";
  successUrl?: string;
  validHours?: number;
};

const windowParams = (w: Window = {}) => {
  const p = new URLSearchParams({
    clientKey: w.clientKey ?? BEAUTY.clientKey,
    customerKey: "ANONYMOUS",
    method: w.method ?? "CARD",
    amount: String(w.amount ?? 15000),
    currency: "KRW",
    orderId: w.orderId ?? newOrderId(),
    orderName: w.orderName ?? "수분 크림 외 1건",
    successUrl: w.successUrl ?? `${SHOP}/user/order/toss/success`,
    failUrl: `${SHOP}/user/order/toss/fail`,
  });
  if (w.easyPay) {
    p.set("easyPay", w.easyPay);
    p.set("flowMode", "DIRECT");
  }
  if (w.validHours) p.set("validHours", String(w.validHours));
  return p;
};

/** Presses one of the window's buttons with these fields; the redirect it answers. */
async function press(action: "approve" | "reject" | "close", fields: URLSearchParams) {
  const form = new URLSearchParams(fields);
  form.set("action", action);
  const res = await handle(`${ORIGIN}/_standin/window`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  return res;
}

/** Opens the window and approves it: what Toss sends to successUrl. */
async function approve(w: Window = {}) {
  const fields = windowParams(w);
  expect((await handle(`${ORIGIN}/_standin/window?${fields}`)).status).toBe(200);
  const res = await press("approve", fields);
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get("location")!);
  return {
    back,
    paymentKey: back.searchParams.get("paymentKey")!,
    orderId: back.searchParams.get("orderId")!,
    amount: Number(back.searchParams.get("amount")),
  };
}

const refused = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TossError);
  return error as TossError;
};

const KST = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+09:00$/;

describe("the window", () => {
  it("serves the SDK, which defines TossPayments and sends the page to the window", async () => {
    const res = await handle(`${ORIGIN}/v2/standard`);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    const js = await res.text();
    expect(js).toContain("window.TossPayments");
    expect(js).toContain(`${ORIGIN}/_standin/window`);
    expect(js).toContain("requestPayment");
  });

  it("shows the order in Korean with three buttons, echoing nothing unescaped", async () => {
    const res = await handle(`${ORIGIN}/_standin/window?${windowParams({ orderName: '<script>alert("x")</script>' })}`);
    const page = await res.text();
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(page).toContain("토스페이먼츠 결제 (테스트)");
    expect(page).toContain("15,000원");
    for (const name of ["결제 승인", "카드사 거절", "결제창 닫기"]) expect(page).toContain(`>${name}</button>`);
    expect(page).not.toContain("<script>");
    expect(page).toContain("&lt;script&gt;");
  });

  it("approves back to successUrl with Toss's parameters, appended to a query it already has", async () => {
    const { back, paymentKey, orderId } = await approve({ successUrl: `${SHOP}/user/order/toss/success?shop=1` });
    expect(back.origin + back.pathname).toBe(`${SHOP}/user/order/toss/success`);
    expect(back.searchParams.get("shop")).toBe("1");
    expect(back.searchParams.get("paymentType")).toBe("NORMAL");
    expect(paymentKey).toMatch(/^[A-Za-z0-9]{20,}$/);
    expect(orderId).toMatch(/^ord_/);
    expect(back.searchParams.get("amount")).toBe("15000");
  });

  it("declines and closes back to failUrl with Toss's codes", async () => {
    const fields = windowParams();
    const reject = new URL((await press("reject", fields)).headers.get("location")!);
    expect(reject.pathname).toBe("/user/order/toss/fail");
    expect(reject.searchParams.get("code")).toBe("REJECT_CARD_COMPANY");
    expect(reject.searchParams.get("orderId")).toBe(fields.get("orderId"));
    const close = new URL((await press("close", fields)).headers.get("location")!);
    expect(close.searchParams.get("code")).toBe("PAY_PROCESS_CANCELED");
    expect(close.searchParams.get("message")).toBe("사용자에 의해 결제가 취소되었습니다.");
  });

  it("checks its parameters as the SDK does, in the page and in the posted form", async () => {
    const bad: [Record<string, string>, string][] = [
      [{ orderId: "abc" }, "INVALID_ORDER_ID"],
      [{ orderId: "한글주문번호입니다" }, "INVALID_ORDER_ID"],
      [{ amount: "99" }, "BELOW_MINIMUM_AMOUNT"],
      [{ customerKey: "x" }, "INVALID_CUSTOMER_KEY"],
      [{ clientKey: "live_ck_demo_beauty_0001" }, "INVALID_CLIENT_KEY"],
      [{ clientKey: "test_gck_demo_beauty_0001" }, "INVALID_CLIENT_KEY"],
      [{ successUrl: "/relative" }, "INCORRECT_SUCCESS_URL_FORMAT"],
      [{ easyPay: "PAYCO" }, "INVALID_EASY_PAY"],
    ];
    for (const [change, code] of bad) {
      const fields = windowParams();
      for (const [k, v] of Object.entries(change)) fields.set(k, v);
      const page = await handle(`${ORIGIN}/_standin/window?${fields}`);
      expect(page.status, code).toBe(400);
      expect(await page.text()).toContain(code);
      const posted = await press("approve", fields);
      expect(posted.status, code).toBe(400);
    }
  });
});

describe("confirm", () => {
  it("answers a card payment in the 2022-11-16 shape", async () => {
    const w = await approve();
    const p = await client().confirm(w, `confirm:${w.orderId}`);
    expect(p).toMatchObject({ paymentKey: w.paymentKey, orderId: w.orderId, status: "DONE", method: "카드" });
    expect(p.totalAmount).toBe(15000);
    expect(p.balanceAmount).toBe(15000);
    expect(p.approvedAt).toMatch(KST);
    expect(p.card?.number).toMatch(/^\d{8}\*{4}\d{3}\*$/);
    expect(cardCompanyName(p.card?.issuerCode)).not.toBeNull();
    expect(p.easyPay).toBeNull();
    expect(p.secret).toBeNull();
    expect(p.cancels).toBeNull();
    const raw = (await (
      await handle(`${ORIGIN}/v1/payments/${w.paymentKey}`, { headers: { authorization: basic(BEAUTY.secretKey) } })
    ).json()) as Record<string, unknown>;
    expect(raw).toMatchObject({
      version: "2022-11-16",
      type: "NORMAL",
      currency: "KRW",
      orderName: "수분 크림 외 1건",
    });
    expect(raw.mId).toMatch(/^standin/);
    expect(raw.suppliedAmount).toBe(13636);
    expect(raw.vat).toBe(1364);
    expect(raw.card).toMatchObject({ installmentPlanMonths: 0, cardType: "신용", ownerType: "개인" });
    // The receipt is a page of the stand-in's, in Korean.
    expect(p.receipt?.url).toBe(`${ORIGIN}/_standin/receipt/${w.paymentKey}`);
    const receipt = await (await handle(p.receipt!.url!)).text();
    expect(receipt).toContain("15,000원");
    expect(receipt).toContain(p.card!.number!);
  });

  it.each([
    ["KAKAOPAY", "카카오페이"],
    ["NAVERPAY", "네이버페이"],
    ["TOSSPAY", "토스페이"],
  ] as const)("answers %s as 간편결제 with its provider", async (easyPay, provider) => {
    const w = await approve({ easyPay });
    const p = await client().confirm(w, `confirm:${w.orderId}`);
    expect(p).toMatchObject({ status: "DONE", method: "간편결제", easyPay: { provider } });
  });

  it("issues a virtual account: waiting for the deposit, its secret given once", async () => {
    const before = Date.now();
    const w = await approve({ method: "VIRTUAL_ACCOUNT", validHours: 72 });
    const p = await client().confirm(w, `confirm:${w.orderId}`);
    expect(p).toMatchObject({ status: "WAITING_FOR_DEPOSIT", method: "가상계좌", approvedAt: null });
    expect(p.virtualAccount?.accountNumber).toMatch(/^X\d+$/);
    expect(bankName(p.virtualAccount?.bankCode)).not.toBeNull();
    expect(p.virtualAccount?.dueDate).toMatch(KST);
    const due = Date.parse(p.virtualAccount!.dueDate!);
    expect(due - before).toBeGreaterThanOrEqual(72 * 3600_000 - 2000);
    expect(due - before).toBeLessThan(72 * 3600_000 + 60_000);
    expect(p.secret).toMatch(/^ps_/);
    // Only the confirm answer carries it.
    expect((await client().byOrderId(w.orderId)).secret).toBeNull();
  });

  it("refuses a second confirm of a done payment", async () => {
    const w = await approve();
    await client().confirm(w, `confirm:${w.orderId}`);
    const e = await refused(client().confirm(w, `confirm-again:${w.orderId}`));
    expect([e.kind, e.status, e.code]).toEqual(["refused", 400, "ALREADY_PROCESSED_PAYMENT"]);
  });

  it("refuses an amount or an orderId other than the window's, and confirms the right ones after", async () => {
    const w = await approve();
    const amount = await refused(client().confirm({ ...w, amount: 1500 }, "k1"));
    expect([amount.kind, amount.code, amount.message]).toEqual([
      "refused",
      "INVALID_REQUEST",
      "결제 금액이 일치하지 않습니다.",
    ]);
    const order = await refused(client().confirm({ ...w, orderId: "another_order" }, "k2"));
    expect([order.kind, order.code]).toEqual(["refused", "INVALID_REQUEST"]);
    expect((await client().confirm(w, "k3")).status).toBe("DONE");
  });

  it("takes a tampered amount in the window's form as the session's amount: confirm with the order's fails", async () => {
    const fields = windowParams({ amount: 15000 });
    fields.set("amount", "100");
    const back = new URL((await press("approve", fields)).headers.get("location")!);
    expect(back.searchParams.get("amount")).toBe("100");
    const e = await refused(
      client().confirm(
        { paymentKey: back.searchParams.get("paymentKey")!, orderId: fields.get("orderId")!, amount: 15000 },
        "t",
      ),
    );
    expect(e.code).toBe("INVALID_REQUEST");
  });

  it("lets the session expire after ten minutes, or what the test sets", async () => {
    const w = await approve();
    standin.advance(10 * 60_000 + 1000);
    const e = await refused(client().confirm(w, `confirm:${w.orderId}`));
    expect([e.status, e.code]).toEqual([404, "NOT_FOUND_PAYMENT_SESSION"]);
    expect((await client().byOrderId(w.orderId)).status).toBe("EXPIRED");

    const set = await handle(`${ORIGIN}/_standin/config`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sessionTtlMs: 50 }),
    });
    expect(set.status).toBe(200);
    const quick = await approve();
    await new Promise((r) => setTimeout(r, 80));
    expect((await refused(client().confirm(quick, "q"))).code).toBe("NOT_FOUND_PAYMENT_SESSION");
  });

  it("keeps each merchant's payments its own", async () => {
    const w = await approve();
    const other = client(BISTRO.secretKey);
    expect((await refused(other.confirm(w, "peek"))).code).toBe("NOT_FOUND_PAYMENT_SESSION");
    await client().confirm(w, `confirm:${w.orderId}`);
    expect((await refused(other.byOrderId(w.orderId))).code).toBe("NOT_FOUND_PAYMENT");
    expect((await refused(other.cancel(w.paymentKey, { cancelReason: "x" }, "c"))).code).toBe("NOT_FOUND_PAYMENT");
    // The same idempotency key is another merchant's own.
    const b = await approve({ clientKey: BISTRO.clientKey, orderId: w.orderId });
    expect((await other.confirm(b, `confirm:${w.orderId}`)).status).toBe("DONE");
  });

  it("refuses live keys, client keys, malformed keys and a widget secret for an API window", async () => {
    const w = await approve();
    const cases: [string, number, string][] = [
      ["live_sk_demo_beauty_0001", 401, "UNAUTHORIZED_KEY"],
      [BEAUTY.clientKey, 400, "INVALID_API_KEY"],
      ["sk_not_a_key", 401, "UNAUTHORIZED_KEY"],
      ["test_gsk_demo_beauty_0001", 400, "INVALID_API_KEY"],
    ];
    for (const [key, status, code] of cases) {
      const e = await refused(client(key).confirm(w, `confirm:${key}`));
      expect([e.kind, e.status, e.code], key).toEqual(["config", status, code]);
    }
    const noColon = await handle(`${ORIGIN}/v1/payments/orders/${w.orderId}`, {
      headers: { authorization: `Basic ${btoa(BEAUTY.secretKey)}` },
    });
    expect(noColon.status).toBe(403);
    expect(((await noColon.json()) as { code: string }).code).toBe("INCORRECT_BASIC_AUTH_FORMAT");
    expect((await client().confirm(w, `confirm:${w.orderId}`)).status).toBe("DONE");
  });

  it("finds a payment by its orderId, and says when there is none", async () => {
    const w = await approve();
    expect((await client().byOrderId(w.orderId)).status).toBe("IN_PROGRESS");
    await client().confirm(w, `confirm:${w.orderId}`);
    expect(await client().byOrderId(w.orderId)).toMatchObject({ paymentKey: w.paymentKey, status: "DONE" });
    const none = await refused(client().byOrderId("never_opened"));
    expect([none.status, none.code]).toEqual([404, "NOT_FOUND_PAYMENT"]);
  });

  it("refuses a second window's payment for an order already paid", async () => {
    const first = await approve();
    const second = await approve({ orderId: first.orderId });
    await client().confirm(first, `confirm:${first.orderId}`);
    expect((await refused(client().confirm(second, "other-tab"))).code).toBe("DUPLICATED_ORDER_ID");
    const third = await press("approve", windowParams({ orderId: first.orderId }));
    expect(new URL(third.headers.get("location")!).searchParams.get("code")).toBe("DUPLICATED_ORDER_ID");
  });
});

const basic = (key: string) => `Basic ${btoa(`${key}:`)}`;
const post = (path: string, body: unknown, key: string | null, secret = BEAUTY.secretKey) =>
  handle(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      authorization: basic(secret),
      "content-type": "application/json",
      ...(key ? { "idempotency-key": key } : {}),
    },
    body: JSON.stringify(body),
  });

describe("idempotency keys", () => {
  it("answers a repeat with the first answer, byte for byte, and does nothing twice", async () => {
    const w = await approve({ amount: 30000 });
    const first = await (await post("/v1/payments/confirm", w, "confirm:1")).text();
    const again = await (await post("/v1/payments/confirm", w, "confirm:1")).text();
    expect(again).toBe(first);

    const cancel = { cancelReason: "단순 변심", cancelAmount: 10000 };
    const c1 = await (await post(`/v1/payments/${w.paymentKey}/cancel`, cancel, "cancel:1")).text();
    const c2 = await (await post(`/v1/payments/${w.paymentKey}/cancel`, cancel, "cancel:1")).text();
    expect(c2).toBe(c1);
    const now = await client().byOrderId(w.orderId);
    expect(now.balanceAmount).toBe(20000);
    expect(now.cancels).toHaveLength(1);
    // A new key is a new cancel.
    expect((await client().cancel(w.paymentKey, cancel, "cancel:2")).balanceAmount).toBe(10000);
  });

  it("refuses a key reused with another body", async () => {
    const w = await approve({ amount: 30000 });
    await client().confirm(w, "confirm:x");
    await client().cancel(w.paymentKey, { cancelReason: "a", cancelAmount: 1000 }, "cancel:x");
    const e = await refused(client().cancel(w.paymentKey, { cancelReason: "a", cancelAmount: 2000 }, "cancel:x"));
    expect([e.kind, e.code]).toEqual(["refused", "INVALID_REQUEST"]);
    expect((await client().byOrderId(w.orderId)).balanceAmount).toBe(29000);
  });

  it("keeps a refusal under its key too: that key stays taken, even for a new window of the order", async () => {
    const w = await approve();
    await refused(client().confirm({ ...w, amount: 1 }, `confirm:${w.orderId}`));
    const again = await approve({ orderId: w.orderId });
    const e = await refused(client().confirm(again, `confirm:${w.orderId}`));
    expect(e.code).toBe("INVALID_REQUEST");
    expect((await client().confirm(again, `confirm:${w.orderId}:${again.paymentKey}`)).status).toBe("DONE");
  });

  it("refuses a key longer than 300 characters", async () => {
    const w = await approve();
    const res = await post("/v1/payments/confirm", w, "k".repeat(301));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("INVALID_IDEMPOTENCY_KEY");
  });
});

describe("cancel", () => {
  it("cancels part, then the rest, and refuses more than the balance", async () => {
    const w = await approve({ amount: 30000 });
    await client().confirm(w, `confirm:${w.orderId}`);
    const over = await refused(client().cancel(w.paymentKey, { cancelReason: "x", cancelAmount: 30001 }, "c0"));
    expect([over.status, over.code]).toEqual([403, "NOT_CANCELABLE_AMOUNT"]);
    const part = await client().cancel(w.paymentKey, { cancelReason: "반품", cancelAmount: 12000 }, "c1");
    expect(part).toMatchObject({ status: "PARTIAL_CANCELED", balanceAmount: 18000 });
    expect(part.cancels).toEqual([expect.objectContaining({ cancelAmount: 12000, cancelReason: "반품" })]);
    expect(part.cancels![0]!.canceledAt).toMatch(KST);
    expect(part.lastTransactionKey).toBe(part.cancels![0]!.transactionKey);
    const over2 = await refused(client().cancel(w.paymentKey, { cancelReason: "x", cancelAmount: 18001 }, "c2"));
    expect(over2.code).toBe("NOT_CANCELABLE_AMOUNT");
    const rest = await client().cancel(w.paymentKey, { cancelReason: "주문 취소" }, "c3");
    expect(rest).toMatchObject({ status: "CANCELED", balanceAmount: 0 });
    expect(rest.cancels?.map((c) => c.cancelAmount)).toEqual([12000, 18000]);
    const twice = await refused(client().cancel(w.paymentKey, { cancelReason: "x" }, "c4"));
    expect([twice.kind, twice.code]).toEqual(["refused", "ALREADY_CANCELED_PAYMENT"]);
  });

  it("cancels an unpaid virtual account without an account, and a paid one only with one", async () => {
    const unpaid = await approve({ method: "VIRTUAL_ACCOUNT" });
    await client().confirm(unpaid, `confirm:${unpaid.orderId}`);
    expect((await client().cancel(unpaid.paymentKey, { cancelReason: "기한 만료" }, "u")).status).toBe("CANCELED");

    const paid = await approve({ method: "VIRTUAL_ACCOUNT", amount: 20000 });
    await client().confirm(paid, `confirm:${paid.orderId}`);
    expect(await standin.deposit({ orderId: paid.orderId })).toMatchObject({ status: "DONE" });
    const bare = await refused(client().cancel(paid.paymentKey, { cancelReason: "반품" }, "p1"));
    expect([bare.kind, bare.code]).toEqual(["refused", "INVALID_REQUEST"]);
    const badBank = await refused(
      client().cancel(
        paid.paymentKey,
        {
          cancelReason: "반품",
          refundReceiveAccount: { bank: "99", accountNumber: "1234567890", holderName: "김구매" },
        },
        "p2",
      ),
    );
    expect(badBank.code).toBe("INVALID_BANK");
    const done = await client().cancel(
      paid.paymentKey,
      {
        cancelReason: "반품",
        cancelAmount: 5000,
        refundReceiveAccount: { bank: "20", accountNumber: "1002345678901", holderName: "김구매" },
      },
      "p3",
    );
    expect(done).toMatchObject({ status: "PARTIAL_CANCELED", balanceAmount: 15000 });
  });
});

describe("deposits", () => {
  const vaIssued = async () => {
    const w = await approve({ method: "VIRTUAL_ACCOUNT" });
    const p: TossPayment = await client().confirm(w, `confirm:${w.orderId}`);
    return { ...w, secret: p.secret! };
  };

  it("pays the account and sends DEPOSIT_CALLBACK with the payment's secret to the shop", async () => {
    const w = await vaIssued();
    const res = await handle(`${ORIGIN}/_standin/deposit`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ orderId: w.orderId }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "DONE", answers: [{ status: 200, answer: "OK" }] });
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.url).toBe(`${SHOP}/api/payments/toss/webhook`);
    const body = delivered[0]!.body;
    expect(body).toMatchObject({ secret: w.secret, status: "DONE", orderId: w.orderId });
    expect(body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/);
    const p = await client().byOrderId(w.orderId);
    expect(p.status).toBe("DONE");
    expect(p.approvedAt).toMatch(KST);
    expect(body.transactionKey).toBe(p.lastTransactionKey);
  });

  it("forges the secret and sends duplicates when asked, to a registered URL", async () => {
    expect(
      standin.registerWebhook({ clientKey: BEAUTY.clientKey, url: "http://beauty.localhost:3333/hooks/other" }),
    ).toBe(true);
    const w = await vaIssued();
    await standin.deposit({ orderId: w.orderId, secret: "wrong" });
    await standin.deposit({ orderId: w.orderId, times: 2 });
    expect(delivered.map((d) => d.url)).toEqual(Array(3).fill("http://beauty.localhost:3333/hooks/other"));
    expect(delivered[0]!.body.secret).not.toBe(w.secret);
    expect(delivered[0]!.body.secret).toMatch(/^ps_/);
    expect(delivered[1]!.body).toEqual(delivered[2]!.body);
    expect(delivered[1]!.body.secret).toBe(w.secret);
  });

  it("expires an unpaid account", async () => {
    const w = await vaIssued();
    expect(await standin.expire({ orderId: w.orderId })).toMatchObject({ status: "EXPIRED", answers: [] });
    const p = await client().byOrderId(w.orderId);
    expect(p.status).toBe("EXPIRED");
  });

  it("lists every merchant's payments, with a deposit button for a waiting account", async () => {
    const w = await vaIssued();
    const page = await (await handle(`${ORIGIN}/_standin/`)).text();
    expect(page).toContain("개발자센터 (테스트)");
    expect(page).toContain(w.orderId);
    expect(page).toContain(">입금 처리</button>");
    const form = await handle(`${ORIGIN}/_standin/deposit`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ paymentKey: w.paymentKey }).toString(),
    });
    expect(form.status).toBe(303);
    expect(delivered).toHaveLength(1);
    const listed = (await (await handle(`${ORIGIN}/_standin/payments`)).json()) as {
      merchants: { payments: { orderId: string; status: string }[] }[];
    };
    expect(listed.merchants.flatMap((m) => m.payments)).toEqual([
      expect.objectContaining({ orderId: w.orderId, status: "DONE" }),
    ]);
  });
});

describe("faults", () => {
  const fault = (body: Record<string, unknown>) =>
    handle(`${ORIGIN}/_standin/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("answers PROVIDER_ERROR or a 500 the next times, then works under the same key", async () => {
    const w = await approve();
    await fault({ path: "/v1/payments/confirm", kind: "provider" });
    await fault({ path: "/v1/payments/confirm", kind: "internal" });
    const provider = await refused(client().confirm(w, "k"));
    expect([provider.kind, provider.code]).toEqual(["unavailable", "PROVIDER_ERROR"]);
    const internal = await refused(client().confirm(w, "k"));
    expect([internal.kind, internal.status, internal.code]).toEqual([
      "unavailable",
      500,
      "FAILED_INTERNAL_SYSTEM_PROCESSING",
    ]);
    expect((await client().confirm(w, "k")).status).toBe("DONE");
  });

  it("times out a confirm that went through: the reconcile by orderId finds it DONE", async () => {
    const w = await approve();
    await fault({ path: "/v1/payments/confirm", kind: "delay", delayMs: 300 });
    const slow = await refused(client(BEAUTY.secretKey, 50).confirm(w, `confirm:${w.orderId}`));
    expect([slow.kind, slow.code]).toEqual(["unavailable", "NETWORK"]);
    expect(await client().byOrderId(w.orderId)).toMatchObject({ paymentKey: w.paymentKey, status: "DONE" });
    // A retry while Toss is still at it, then once it is done: the first answer.
    const busy = await refused(client().confirm(w, `confirm:${w.orderId}`));
    expect([busy.status, busy.code]).toEqual([409, "IDEMPOTENT_REQUEST_PROCESSING"]);
    await new Promise((r) => setTimeout(r, 350));
    expect((await client().confirm(w, `confirm:${w.orderId}`)).status).toBe("DONE");
  });

  it("times out a confirm that did not go through", async () => {
    const w = await approve();
    await fault({ path: "/v1/payments/confirm", kind: "drop", delayMs: 200 });
    const slow = await refused(client(BEAUTY.secretKey, 50).confirm(w, `confirm:${w.orderId}`));
    expect(slow.kind).toBe("unavailable");
    expect((await client().byOrderId(w.orderId)).status).toBe("IN_PROGRESS");
    expect((await client().confirm(w, `confirm:${w.orderId}`)).status).toBe("DONE");
  });

  it("matches a path with a wildcard and a count", async () => {
    const w = await approve();
    await client().confirm(w, "c");
    await fault({ path: "/v1/payments/*/cancel", kind: "provider", times: 2 });
    expect((await refused(client().cancel(w.paymentKey, { cancelReason: "x" }, "k"))).code).toBe("PROVIDER_ERROR");
    expect((await refused(client().cancel(w.paymentKey, { cancelReason: "x" }, "k"))).code).toBe("PROVIDER_ERROR");
    expect((await client().cancel(w.paymentKey, { cancelReason: "x" }, "k")).status).toBe("CANCELED");
  });
});

it("gives beauty and bistro their demo test keys, sealed as this Worker opens them; the others none", async () => {
  const { results } = await env.DB.prepare(
    "SELECT shop_id, family, mode, client_key, secret_sealed FROM shop_payment_keys ORDER BY shop_id",
  ).all<{ shop_id: number; family: string; mode: string; client_key: string; secret_sealed: string }>();
  expect(results.map((r) => [r.shop_id, r.family, r.mode, r.client_key])).toEqual([
    [BEAUTY.shopId, "api", "test", BEAUTY.clientKey],
    [BISTRO.shopId, "api", "test", BISTRO.clientKey],
  ]);
  for (const [row, keys] of [
    [results[0]!, BEAUTY],
    [results[1]!, BISTRO],
  ] as const)
    expect(await openSecret(env.PAYMENT_KEYS_SECRET!, row.shop_id, row.secret_sealed)).toBe(keys.secretKey);
});

// Runs last: every answer and page above, the window's, the receipt's and the 개발자센터's included.
it("never answers with a secret key", () => {
  expect(seen.length).toBeGreaterThan(100);
  for (const text of seen) for (const secret of SECRETS) expect(text).not.toContain(secret);
});
