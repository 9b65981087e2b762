import { createScheduledController, env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../../functions/worker";
import { dayBounds, koreanDay, RECONCILIATION_CRON } from "../../../functions/payments/ledger";
import { createTossStandin, type TossStandin } from "../../../scripts/lib/toss-standin.mjs";
import type { PaymentWindow } from "~/shared/contracts/cart";
import type { ReconciliationReport } from "~/shared/contracts/payments";
import { koReconciliation } from "~/shared/messages/reconciliation";
import { BEAUTY_OWNER, login, PASSWORD } from "../helpers/auth";
import { BEAUTY, get } from "../helpers/request";
import { ADDRESS, Shopper, setStock } from "../helpers/shopper";
import { pressWindow } from "../helpers/toss";

/**
 * Issue 50 item 2 (decision 144): 정산 대사, a shop's day of Toss's ledger against its orders: a
 * day where everything matches, and one with a deliberate difference (a payment the shop
 * cancelled in Toss's dashboard while its order stays paid); the daily job fails loudly on it.
 */

const TOSS = env.TOSS_API_BASE!;
const DAY = 24 * 60 * 60 * 1000;
let standin: TossStandin;

beforeEach(() => {
  standin = createTossStandin({ eventDelivery: "queued" });
  const network = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const request = new Request(input, init);
    return request.url.startsWith(TOSS) ? standin.handle(request) : network(input, init);
  });
});
afterEach(() => vi.restoreAllMocks());

/** A guest's card payment on beauty, through the window: the order id and its Toss orderId. */
async function paidByCard(): Promise<{ id: number; orderId: string; amount: number }> {
  const guest = new Shopper(BEAUTY);
  guest.ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
  await guest.add([{ pid2: 14, pid3: 1400 }]);
  const id = (await guest.order([{ pid2: 14, pid3: 1400, qty: 1 }])).data.order_id as number;
  const w = (
    await guest.api<{ window: PaymentWindow }>("/api/myshp/pay/my/order", { id, pay_method: "card", ...ADDRESS })
  ).data.window;
  const back = await pressWindow(standin, w, "approve", id, BEAUTY);
  const done = await guest.fetch(back);
  expect(done.headers.get("location")).toMatch(/order_complete/);
  return { id, orderId: w.order_id, amount: w.amount };
}

/** Our records of these orders moved a day back, as if they were paid then (Toss's were, by its clock). */
async function aDayEarlier(ids: number[]) {
  const list = JSON.stringify(ids);
  await env.DB.batch([
    env.DB.prepare(
      `UPDATE payment_attempts SET created_at = created_at - ?1, updated_at = updated_at - ?1
       WHERE order_id IN (SELECT value FROM json_each(?2))`,
    ).bind(DAY, list),
    env.DB.prepare("UPDATE orders SET created_at = created_at - ?1 WHERE id IN (SELECT value FROM json_each(?2))").bind(
      DAY,
      list,
    ),
  ]);
}

async function owner() {
  return Shopper.signedIn(BEAUTY, await login(BEAUTY, BEAUTY_OWNER, PASSWORD));
}

type Page = { day: string; report: ReconciliationReport | null; days: { day: string; differences: number }[] };

describe("정산 대사", () => {
  it("matches a day's payments, names a payment cancelled at Toss behind the order's back, and the daily job fails loudly on it", async () => {
    await setStock(1400, 50);
    const today = koreanDay(Date.now());
    const yesterday = koreanDay(Date.now() - DAY);

    // Yesterday: two card payments, as Toss's clock and ours saw them then.
    standin.advance(-DAY);
    const earlier = [await paidByCard(), await paidByCard()];
    standin.advance(DAY);
    await aDayEarlier(earlier.map((p) => p.id));
    // Today: one, which the owner then cancels in Toss's 상점관리자, not in the console.
    const todays = await paidByCard();
    await standin.merchantCancel({ orderId: todays.orderId });

    const shop = await owner();
    const quiet = await shop.api<Page>("/api/myshp/admin/payments/reconciliation/check", { day: yesterday });
    expect(quiet.status).toBe(200);
    expect(quiet.data.report).toMatchObject({ day: yesterday, differences: 0 });
    const total = earlier.reduce((n, p) => n + p.amount, 0);
    expect(quiet.data.report!.toss).toEqual({ captured: total, refunded: 0 });
    expect(quiet.data.report!.ours.captured).toBe(total);
    expect(quiet.data.report!.rows.map((r) => r.difference)).toEqual([null, null]);

    const off = await shop.api<Page>("/api/myshp/admin/payments/reconciliation/check", { day: today });
    expect(off.data.report).toMatchObject({ day: today, differences: 1 });
    expect(off.data.report!.toss).toEqual({ captured: todays.amount, refunded: todays.amount });
    expect(off.data.report!.rows).toEqual([
      expect.objectContaining({
        order_id: todays.id,
        toss_status: "CANCELED",
        toss_kept: 0,
        order_status: "CONFIRM_PAYMENT",
        our_kept: todays.amount,
        difference: "missing",
      }),
    ]);

    // The console, without scripts: each day as it was found.
    const quietPage = await (await shop.fetch(`/admin/reconcile?day=${yesterday}`)).text();
    expect(quietPage).toContain(koReconciliation.allMatch);
    const offPage = await (await shop.fetch(`/admin/reconcile?day=${today}`)).text();
    expect(offPage).toContain(koReconciliation.difference.missing);
    expect(offPage).toContain(koReconciliation.differences(1));

    // The daily job the morning after today: today's difference fails the run, loudly.
    const errors: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(" ")));
    await env.DB.prepare("DELETE FROM payment_reconciliations WHERE day = ?").bind(today).run();
    const morning = dayBounds(today).from + DAY + 20 * 60_000;
    await expect(
      worker.scheduled(createScheduledController({ scheduledTime: morning, cron: RECONCILIATION_CRON }), env),
    ).rejects.toThrow(/정산 대사: 1 differences/);
    expect(errors.some((e) => e.includes("정산 대사: payments and orders differ"))).toBe(true);
    const kept = await env.DB.prepare("SELECT differences FROM payment_reconciliations WHERE shop_id = 1 AND day = ?")
      .bind(today)
      .first<{ differences: number }>();
    expect(kept!.differences).toBe(1);
  });

  it("is the owner's alone, and never a day to come", async () => {
    const stranger = new Shopper(BEAUTY);
    expect(
      (await stranger.api("/api/myshp/admin/payments/reconciliation/check", { day: koreanDay(Date.now()) })).status,
    ).toBe(401);
    const future = koreanDay(Date.now() + 2 * DAY);
    const refused = await (
      await owner()
    ).api<{ error: { message: string } }>("/api/myshp/admin/payments/reconciliation/check", { day: future });
    expect(refused.status).toBe(400);
    expect(refused.data.error.message).toBe(koReconciliation.futureDay);
    const old = await (
      await owner()
    ).api<{ error: { message: string } }>("/api/myshp/admin/payments/reconciliation/check", {
      day: koreanDay(Date.now() - 500 * DAY),
    });
    expect([old.status, old.data.error.message]).toEqual([400, koReconciliation.tooOld]);
    expect((await get(BEAUTY, "/admin/reconcile")).status).not.toBe(200);
  });
});
