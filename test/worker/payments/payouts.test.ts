import { createScheduledController, env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../../functions/worker";
import { dayBounds, koreanDay, RECONCILIATION_CRON } from "../../../functions/payments/ledger";
import { createTossStandin, type TossStandin } from "../../../scripts/lib/toss-standin.mjs";
import { signWebhook } from "../../../scripts/lib/toss-payouts-standin.mjs";
import type { SettlementPage } from "~/shared/contracts/payouts";
import { koSettlement } from "~/shared/messages/settlement";
import { platformFee } from "~/shared/money";
import { login, PASSWORD } from "../helpers/auth";
import { get, PICKS } from "../helpers/request";
import { ADDRESS, Shopper } from "../helpers/shopper";
import { payOnline } from "../helpers/toss";

/**
 * Issue 52 item 1 (decision 178): cards on day one through the platform's own Toss contract. A
 * shop registers as the platform's seller (지급대행 v2, bodies sealed as JWE), takes a card payment
 * on the platform's keys with its fee kept, is paid out by the morning's job what the hold
 * passed, sees the payout complete by Toss's signed webhook, and a refund after the payout is
 * taken from the next one. Forged and stale webhooks change nothing.
 */

const TOSS = env.TOSS_API_BASE!;
const DAY = 24 * 60 * 60 * 1000;
const POUCH = { pid2: 251, pid3: 25100 }; // picks' own pouch, 14,000원
const WEBHOOK = "http://localhost/api/payouts/toss/webhook";
const SELLER = {
  business_type: "INDIVIDUAL_BUSINESS",
  name: "에디터픽",
  representative: "박서준",
  business_number: "234-56-78904",
  email: "owner@picks.example.test",
  phone: "010-2345-6789",
  bank_code: "88",
  account_number: "110-123-456789",
  holder: "박서준",
};

let standin: TossStandin;

beforeEach(async () => {
  // Each test starts with picks on bank transfers, as seeded, and a stand-in that knows no seller.
  await env.DB.batch([
    env.DB.prepare("DELETE FROM payout_sellers WHERE shop_id = 2"),
    env.DB.prepare("DELETE FROM payouts WHERE shop_id = 2"),
    env.DB.prepare("DELETE FROM shop_payment_keys WHERE shop_id = 2"),
    env.DB.prepare("UPDATE shops SET pay_via = NULL WHERE id = 2"),
    // Payments earlier tests took through the platform are not this test's ledger.
    env.DB.prepare("UPDATE provider_payments SET via = 'own' WHERE shop_id = 2"),
  ]);
  standin = createTossStandin({
    payoutWebhookUrl: WEBHOOK,
    deliver: (url, init) => {
      const u = new URL(url);
      return get(u.host, u.pathname, { method: init.method, headers: init.headers, body: init.body });
    },
  });
  const network = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    return request.url.startsWith(TOSS) ? standin.handle(request) : network(input, init);
  });
});
afterEach(() => vi.restoreAllMocks());

const owner = async () => Shopper.signedIn(PICKS, await login(PICKS, "owner@picks.example.test", PASSWORD));
const settlement = async (o: Shopper) => (await o.api<SettlementPage>("/api/myshp/admin/settlement")).data;
const morning = (at: number) =>
  worker.scheduled(createScheduledController({ scheduledTime: at, cron: RECONCILIATION_CRON }), env);
/** 01:00 in Korea, `days` Korean days from today. */
const koreanMorning = (days: number) => dayBounds(koreanDay(Date.now() + days * DAY)).from + 60 * 60 * 1000;
const standinPayouts = async () =>
  (await (await standin.handle(`${TOSS}/_standin/payouts`)).json()) as {
    merchants: {
      sellers: { id: string; status: string }[];
      payouts: { id: string; status: string; amount: { value: number } }[];
    }[];
  };

async function register(o: Shopper) {
  const res = await o.form("/admin/payments", { intent: "seller", ...SELLER });
  expect(res.status).toBe(303);
  expect(res.headers.get("location")).toBe("/admin/payments?done=seller");
}

describe("the platform's contract", () => {
  it("registers the shop as a seller from a form post, prefilled, and refuses bad details in Korean", async () => {
    const o = await owner();
    const before = await settlement(o);
    expect(before).toMatchObject({ available: true, seller: null, fee_bps: 330, hold_days: 2 });
    // The form starts from the shop's business details (decision 175's seller type and name).
    expect(before.prefill).toMatchObject({ name: "에디터픽", business_number: "234-56-78904" });

    // A business number whose check digit is wrong, and no bank: said by field, nothing registered.
    const bad = await o.form("/admin/payments", {
      intent: "seller",
      ...SELLER,
      business_number: "234-56-78900",
      bank_code: "",
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain(koSettlement.errors.businessNumber);
    expect(html).toContain(koSettlement.errors.bank);
    expect(html).toContain("박서준"); // what was typed stays
    expect((await standinPayouts()).merchants).toEqual([]);
    // Cards are not offered until the seller exists.
    expect((await o.api<SettlementPage>("/api/myshp/admin/settlement")).data.pay_via).toBeNull();

    await register(o);
    const after = await settlement(o);
    expect(after.pay_via).toBe("platform");
    expect(after.seller).toMatchObject({
      business_type: "INDIVIDUAL_BUSINESS",
      status: "PARTIALLY_APPROVED",
      account_last4: "6789",
      holder: "박서준",
    });
    // Toss got the seller, sealed; the account number never comes back whole.
    const [merchant] = (await standinPayouts()).merchants;
    expect(merchant!.sellers).toHaveLength(1);
    expect(JSON.stringify(after)).not.toContain("110123456789");
    // The storefront says who sells and that the platform is only the broker.
    const page = await (await get(PICKS, "/")).text();
    expect(page).toContain("통신판매중개자");
  });

  it("takes a card on the platform's keys, pays out after the hold by the morning's job, completes by signed webhook, and takes a later refund from the next payout", async () => {
    const o = await owner();
    await register(o);
    const first = await payOnline(standin, PICKS, [{ ...POUCH, qty: 1 }]);
    const payment = (await env.DB.prepare("SELECT amount, via, fee_bps FROM provider_payments WHERE order_id = ?")
      .bind(first.id)
      .first<{ amount: number; via: string; fee_bps: number }>())!;
    expect(payment).toMatchObject({ via: "platform", fee_bps: 330 });
    const fee = platformFee(payment.amount, 330);

    // Today's 정산: the sale and its fee; nothing payable before the hold passes.
    let page = await settlement(o);
    expect(page.days[0]).toMatchObject({ sales: payment.amount, fees: fee, refunds: 0, net: payment.amount - fee });
    expect(page.balance).toEqual({ payable: 0, waiting: payment.amount - fee, paid: 0 });
    await morning(koreanMorning(1));
    expect((await settlement(o)).payouts).toEqual([]);

    // Two days on, the morning's job asks Toss to pay it, once however often it runs.
    await morning(koreanMorning(2));
    await morning(koreanMorning(2) + 10 * 60 * 1000);
    page = await settlement(o);
    expect(page.payouts).toEqual([
      { day: koreanDay(koreanMorning(2)), amount: payment.amount - fee, status: "REQUESTED", error: null },
    ]);
    let atToss = (await standinPayouts()).merchants[0]!.payouts;
    expect(atToss.map((p) => (p as unknown as { refPayoutId: string }).refPayoutId)).toEqual([
      `po-2-${koreanDay(koreanMorning(2)).replaceAll("-", "")}`,
    ]);
    expect(atToss.map((p) => [p.status, p.amount.value])).toEqual([["REQUESTED", payment.amount - fee]]);

    // A forged webhook (another key) and a stale one change nothing.
    const body = JSON.stringify({ eventType: "payout.changed", entityBody: { ...atToss[0], status: "COMPLETED" } });
    const time = new Date().toISOString();
    const forged = await get("localhost", "/api/payouts/toss/webhook", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "tosspayments-webhook-transmission-time": time,
        "tosspayments-webhook-signature": await signWebhook("00".repeat(32), body, time),
      },
      body,
    });
    expect(forged.status).toBe(401);
    const old = new Date(Date.now() - 2 * DAY).toISOString();
    const stale = await get("localhost", "/api/payouts/toss/webhook", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "tosspayments-webhook-transmission-time": old,
        "tosspayments-webhook-signature": await signWebhook(env.PLATFORM_TOSS_SECURITY_KEY!, body, old),
      },
      body,
    });
    expect(stale.status).toBe(401);
    expect((await settlement(o)).payouts[0]!.status).toBe("REQUESTED");

    // Toss pays it: its signed webhook moves the payout to 지급 완료.
    const paid = await standin.handle(`${TOSS}/_standin/payouts/pay`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(((await paid.json()) as { webhooks: { status: number }[] }).webhooks.map((w) => w.status)).toEqual([200]);
    page = await settlement(o);
    expect(page.payouts[0]!.status).toBe("COMPLETED");
    expect(page.balance.paid).toBe(payment.amount - fee);

    // After the payout the shop cancels the order: Toss refunds it on the platform's keys, and the
    // refund less its fee is owed back, taken from the next payout.
    const cancel = await o.api("/api/myshp/admin/order/action", {
      id: first.id,
      action: "seller_cancel",
      sale_reason: "stock",
      note: "",
    });
    expect(cancel.status).toBe(200);
    page = await settlement(o);
    expect(page.days[0]).toMatchObject({ refunds: payment.amount, fees: 0, net: 0 });
    const second = await payOnline(standin, PICKS, [{ ...POUCH, qty: 2 }]);
    const amount2 = (await env.DB.prepare("SELECT amount FROM provider_payments WHERE order_id = ?")
      .bind(second.id)
      .first<number>("amount"))!;
    await morning(koreanMorning(3));
    page = await settlement(o);
    const next = amount2 - platformFee(amount2, 330) - (payment.amount - fee);
    expect(page.payouts[0]).toMatchObject({ day: koreanDay(koreanMorning(3)), amount: next, status: "REQUESTED" });
    atToss = (await standinPayouts()).merchants[0]!.payouts;
    expect(atToss.map((p) => p.amount.value)).toEqual([payment.amount - fee, next]);
  });

  it("keeps a shop's own keys its own way, and goes back to the platform only as a registered seller", async () => {
    const o = await owner();
    const refused = await o.api<{ error: { message: string } }>("/api/myshp/admin/settlement/via", { via: "platform" });
    expect(refused.status).toBe(409);
    expect(refused.data.error.message).toBe(koSettlement.errors.noSeller);
    await register(o);
    const keys = await o.api("/api/myshp/admin/payments/save", {
      client_key: "test_ck_picks_own_0001",
      secret_key: "test_sk_picks_own_0001",
    });
    expect(keys.status).toBe(200);
    expect((await settlement(o)).pay_via).toBe("own");
    // The order sheet's window opens on the shop's own client key now.
    const guest = new Shopper(PICKS);
    await guest.add([POUCH]);
    const id = (await guest.order([{ ...POUCH, qty: 1 }])).data.order_id as number;
    const win = await guest.api<{ window: { client_key: string } }>("/api/myshp/pay/my/order", {
      id,
      pay_method: "card",
      ...ADDRESS,
    });
    expect(win.data.window.client_key).toBe("test_ck_picks_own_0001");
    expect((await o.api("/api/myshp/admin/settlement/via", { via: "platform" })).status).toBe(200);
    expect((await settlement(o)).pay_via).toBe("platform");
  });

  it("still pays a shop that moved to its own keys what the platform's contract took for it before", async () => {
    const o = await owner();
    await register(o);
    const paid = await payOnline(standin, PICKS, [{ ...POUCH, qty: 1 }]);
    const amount = (await env.DB.prepare("SELECT amount FROM provider_payments WHERE order_id = ?")
      .bind(paid.id)
      .first<number>("amount"))!;
    const keys = await o.api("/api/myshp/admin/payments/save", {
      client_key: "test_ck_picks_own_0002",
      secret_key: "test_sk_picks_own_0002",
    });
    expect(keys.status).toBe(200);
    await morning(koreanMorning(2));
    expect((await settlement(o)).payouts).toEqual([
      expect.objectContaining({ amount: amount - platformFee(amount, 330), status: "REQUESTED" }),
    ]);
  });
});

describe("the seller's review at Toss", () => {
  const sellerId = async () =>
    (await env.DB.prepare("SELECT seller_id FROM payout_sellers WHERE shop_id = 2").first<string>("seller_id"))!;
  const setStatus = (id: string, status: string) =>
    standin.handle(`${TOSS}/_standin/sellers/status`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id, status }),
    });

  it("pays a personal seller nothing until its 본인인증, then pays what it is owed", async () => {
    const o = await owner();
    const res = await o.form("/admin/payments", {
      intent: "seller",
      ...SELLER,
      business_type: "INDIVIDUAL",
      name: "박서준",
      representative: "",
      business_number: "",
    });
    expect(res.status).toBe(303);
    expect((await settlement(o)).seller?.status).toBe("APPROVAL_REQUIRED");
    // Cards are taken at once; the money waits for the seller.
    const paid = await payOnline(standin, PICKS, [{ ...POUCH, qty: 1 }]);
    await morning(koreanMorning(2));
    expect((await settlement(o)).payouts).toEqual([]);
    // Toss's signed seller.changed moves it on; the next morning pays.
    const changed = (await (await setStatus(await sellerId(), "PARTIALLY_APPROVED")).json()) as {
      webhook: { status: number };
    };
    expect(changed.webhook.status).toBe(200);
    const page = await settlement(o);
    expect(page.seller?.status).toBe("PARTIALLY_APPROVED");
    await morning(koreanMorning(3));
    const amount = (await env.DB.prepare("SELECT amount FROM provider_payments WHERE order_id = ?")
      .bind(paid.id)
      .first<number>("amount"))!;
    expect((await settlement(o)).payouts).toEqual([
      expect.objectContaining({ amount: amount - platformFee(amount, 330), status: "REQUESTED" }),
    ]);
  });

  it("pays out at most 1천만원 before KYC, and the rest once Toss approves the seller", async () => {
    const o = await owner();
    await register(o);
    const paid = await payOnline(standin, PICKS, [{ ...POUCH, qty: 1 }]);
    // As if this shop had taken 12,000,000원 through the platform (one payment stands for many).
    await env.DB.prepare("UPDATE provider_payments SET amount = 12000000 WHERE order_id = ?").bind(paid.id).run();
    const net = 12_000_000 - platformFee(12_000_000, 330);
    await morning(koreanMorning(2));
    expect((await settlement(o)).payouts.map((p) => [p.amount, p.status])).toEqual([[10_000_000, "REQUESTED"]]);
    // The next morning nothing more goes while the seller is only partly approved.
    await morning(koreanMorning(3));
    expect((await settlement(o)).payouts).toHaveLength(1);
    // Toss approves the seller after its KYC review: the rest follows the next morning.
    await setStatus(await sellerId(), "APPROVED");
    await morning(koreanMorning(4));
    const payouts = (await settlement(o)).payouts;
    expect(payouts.map((p) => [p.amount, p.status])).toEqual([
      [net - 10_000_000, "REQUESTED"],
      [10_000_000, "REQUESTED"],
    ]);
  });

  it("never writes the account number, the secret keys or a sealed body into a log line or an answer", async () => {
    const lines: string[] = [];
    const log = vi.spyOn(console, "log").mockImplementation((...args) => void lines.push(args.join(" ")));
    const info = vi.spyOn(console, "info").mockImplementation((...args) => void lines.push(args.join(" ")));
    const o = await owner();
    const page = await o.form("/admin/payments", { intent: "seller", ...SELLER });
    await payOnline(standin, PICKS, [{ ...POUCH, qty: 1 }]);
    await morning(koreanMorning(2));
    const console_ = lines.join("\n");
    log.mockRestore();
    info.mockRestore();
    const shown =
      (await (await o.fetch("/admin/payments")).text()) + (await (await o.fetch("/admin/settlement")).text());
    for (const secret of [
      "110123456789",
      "110-123-456789",
      env.PLATFORM_TOSS_SECRET_KEY!,
      env.PLATFORM_TOSS_SECURITY_KEY!,
    ]) {
      expect(console_).not.toContain(secret);
      expect(shown).not.toContain(secret);
    }
    expect(page.status).toBe(303);
    expect(console_).not.toMatch(/eyJhbGciOiJkaXIi/); // a sealed body's header
  });
});
