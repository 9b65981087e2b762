import type { ShopInfo } from "~/shared/contracts";
import type { ReconciliationDifference, ReconciliationReport } from "~/shared/contracts/payments";
import type { RecordedPayment } from "../db/reconciliations";
import { UNDER_WAY, type AttemptState } from "../db/payment-attempts";
import { toShopInfo } from "../views/shop";
import { tossFor, type PaymentDeps } from "./checkout";
import { TossError, type TossClient, type TossPayment, type TossTransaction } from "./toss";

/**
 * 정산 대사 (decision 144): one shop's Korean day, Toss's ledger against the shop's records. Toss's
 * side is its transactions of the day (거래 조회: money in, money out) and, for every payment either
 * side names, what Toss keeps of it now (a lookup); ours is what the attempts and the orders'
 * payments say Toss keeps now. Each payment whose two figures differ is named, with why: money
 * Toss keeps that no order carries, an order paid that Toss no longer holds, or another amount.
 * A payment still being confirmed is listed, and counts as a difference once it has been under
 * way for an hour (the reconciler should have finished it by then).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const KST_MS = 9 * 60 * 60 * 1000;
/** A payment under way this long at the check is a difference, not just "being confirmed". */
const STUCK_MS = 60 * 60 * 1000;

/** The Korean day (YYYY-MM-DD) of a moment. */
export const koreanDay = (ms: number) => new Date(ms + KST_MS).toISOString().slice(0, 10);

/** The moments a Korean day starts and ends. */
export function dayBounds(day: string): { from: number; to: number } {
  const from = Date.parse(`${day}T00:00:00+09:00`);
  return { from, to: from + DAY_MS };
}

/** What our records say Toss keeps of a payment now. */
function ourKept(p: RecordedPayment): number {
  if (p.state !== "recorded") return 0;
  if (p.p_status === "DONE" || p.p_status === "PARTIAL_CANCELED") return p.p_balance ?? 0;
  return 0;
}

/** What Toss keeps of a payment now: its balance, once money came in. */
const tossKept = (t: TossPayment | null) =>
  t && (t.status === "DONE" || t.status === "PARTIAL_CANCELED") ? t.balanceAmount : 0;

function differenceOf(
  ours: RecordedPayment | undefined,
  toss: TossPayment | null,
  checkedAt: number,
): ReconciliationDifference | null {
  const kept = tossKept(toss);
  if (!ours) return kept > 0 ? "unknown" : null;
  if (UNDER_WAY.includes(ours.state as AttemptState)) return checkedAt - ours.updated_at > STUCK_MS ? "stuck" : null;
  const mine = ourKept(ours);
  if (kept === mine) return null;
  if (mine === 0) return "orphan";
  if (kept === 0) return "missing";
  return "amount";
}

/** The day's report for one shop; throws a TossError when Toss cannot be asked (its keys, its answer). */
export async function reconcileDay(
  deps: PaymentDeps,
  shop: ShopInfo,
  day: string,
  now: number,
): Promise<ReconciliationReport> {
  const { from, to } = dayBounds(day);
  // A shop paid through the platform's contract (decision 178) is checked against the platform's
  // ledger, of which only its own orders' transactions are its.
  const route = await deps.db.payouts.route(shop.shopid);
  const via = route?.pay_via === "platform" ? "platform" : "own";
  const toss: TossClient = await tossFor(deps, shop.shopid, via);
  let ledger: TossTransaction[] = await toss.transactions(`${day}T00:00:00`, `${day}T23:59:59`);
  if (via === "platform") {
    const mine = new Set(
      await deps.db.paymentAttempts.ofShopAmong(shop.shopid, [...new Set(ledger.map((t) => t.orderId))]),
    );
    ledger = ledger.filter((t) => mine.has(t.orderId));
  }
  const keys = [...new Set(ledger.map((t) => t.paymentKey))];
  const store = deps.db.reconciliations;
  const recorded = await store.payments(shop.shopid, from, to, keys);
  const byKey = new Map(recorded.map((p) => [p.payment_key, p]));
  const all = [...new Set([...keys, ...byKey.keys()])];
  const rows = [];
  for (const key of all) {
    const ours = byKey.get(key);
    let atToss: TossPayment | null = null;
    try {
      atToss = await toss.byPaymentKey(key);
    } catch (error) {
      if (!(error instanceof TossError) || error.status !== 404) throw error;
    }
    rows.push({
      order_id: ours?.order_id ?? null,
      provider_order_id: ours?.provider_order_id ?? atToss?.orderId ?? key,
      choice: ours?.choice ?? null,
      toss_status: atToss?.status ?? null,
      toss_kept: tossKept(atToss),
      state: ours?.state ?? null,
      order_status: ours?.order_status ?? null,
      our_kept: ours ? ourKept(ours) : 0,
      difference: differenceOf(ours, atToss, now),
    });
  }
  const tossIn = ledger.filter((t) => t.status === "DONE").reduce((n, t) => n + t.amount, 0);
  const tossOut = ledger
    .filter((t) => t.status === "CANCELED" || t.status === "PARTIAL_CANCELED")
    .reduce((n, t) => n + t.amount, 0);
  // Ours: money that came in for payments opened this day (or deposited this day), and what went back.
  const oursIn = recorded
    .filter((p) => p.created_at >= from && p.created_at < to && p.captured > 0)
    .reduce((n, p) => n + p.captured, 0);
  return {
    day,
    toss: { captured: tossIn, refunded: tossOut },
    ours: { captured: oursIn, refunded: await store.refundedBetween(shop.shopid, from, to) },
    rows,
    differences: rows.filter((r) => r.difference !== null).length,
    checked_at: now,
  };
}

/** A kept day whose check could not ask Toss (its keys, its answer): `differences` of -1. */
export const UNAVAILABLE = -1;

/** Checks the day and keeps its report; the report, or null when Toss could not be asked (kept so too). */
export async function checkDay(
  deps: PaymentDeps,
  shop: ShopInfo,
  day: string,
  now: number,
): Promise<ReconciliationReport | null> {
  let report: ReconciliationReport;
  try {
    report = await reconcileDay(deps, shop, day, now);
  } catch (error) {
    deps.log.error("payments not reconciled: Toss could not be asked", error, { shop: shop.shopid, day });
    await deps.db.reconciliations.save(shop.shopid, day, UNAVAILABLE, null, now);
    return null;
  }
  await deps.db.reconciliations.save(shop.shopid, day, report.differences, report, now);
  return report;
}

const MINUTE = 60_000;
/**
 * The daily job's own trigger (wrangler.toml): every ten minutes from 00:00 to 05:50 in Korea
 * (15:00–20:50 UTC), each run taking the next few shops of yesterday.
 */
export const RECONCILIATION_CRON = "*/10 15-20 * * *";
/** Shops one cron run checks, at most: each asks Toss for its ledger and every payment of the day. */
const SHOPS_PER_RUN = 5;

/**
 * The daily job, from the cron: yesterday in Korea, for every shop whose payments moved then, once
 * the day is ten minutes over (its last payments have had the reconciler's looks). A difference,
 * or a day Toss could not be asked for, is logged as an error and counted: the cron run fails.
 */
export async function dailyReconciliation(
  deps: PaymentDeps,
  now: number,
): Promise<{ shops: number; differences: number; unavailable: number }> {
  const today = dayBounds(koreanDay(now));
  const result = { shops: 0, differences: 0, unavailable: 0 };
  if (now - today.from < 10 * MINUTE) return result;
  const day = koreanDay(today.from - 1);
  const { from } = dayBounds(day);
  for (const id of await deps.db.reconciliations.unreconciled(day, from, SHOPS_PER_RUN)) {
    const row = await deps.db.shops.byId(id);
    if (!row) continue;
    result.shops++;
    const report = await checkDay(deps, toShopInfo(row, deps.config.PLATFORM_DOMAIN), day, now);
    if (!report) result.unavailable++;
    else if (report.differences > 0) {
      result.differences += report.differences;
      deps.log.error("정산 대사: payments and orders differ", null, {
        shop: id,
        day,
        differences: report.differences,
        kinds: [...new Set(report.rows.map((r) => r.difference).filter(Boolean))].join(","),
      });
    }
  }
  return result;
}
