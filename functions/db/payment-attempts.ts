import type { ProviderChoice } from "~/shared/limits";
import type { RemoteAreaKind } from "~/shared/money";
import {
  markPaidStatements,
  noPaymentUnderWayStatement,
  releaseStatements,
  remoteFeeStatements,
  reserveStatements,
  stockThereStatement,
  type PaymentRecord,
  type PaymentRelease,
  type PaymentReservation,
} from "./order-batch";
import type { BuyerDetails } from "./provider-payments";
import type { Db } from "./session";

/**
 * Every Toss payment window a sheet opened (migration 0047, decision 142), and the states its
 * money passes through: written before the window opens, before Toss is asked to confirm, and
 * when the order records the payment, so that whatever fails in between, the reconciler
 * (functions/payments/reconcile.ts) finds what Toss may hold and finishes it. The writes that
 * change an order are the one order path's (functions/db/order-batch.ts); this store runs them.
 */

export type AttemptState = "window" | "confirming" | "approved" | "recorded" | "canceled" | "failed" | "superseded";

export type PaymentAttemptRow = {
  provider_order_id: string;
  order_id: number;
  shop_id: number;
  attempt: number;
  provider: "toss";
  mode: "test" | "live";
  choice: ProviderChoice;
  /** Whose Toss contract took it: the shop's own, or the platform's (decision 178), and the fee then. */
  via: "own" | "platform";
  fee_bps: number;
  amount: number;
  points: number;
  escrow: number;
  state: AttemptState;
  payment_key: string | null;
  toss_status: string | null;
  captured: number;
  refunded: number;
  reason: string | null;
  failure_message: string | null;
  told_at: number | null;
  checks: number;
  next_check_at: number | null;
  created_at: number;
  updated_at: number;
};

/** States in which Toss may hold money the order does not carry yet: only the reconciler ends them. */
export const UNDER_WAY: readonly AttemptState[] = ["confirming", "approved"];

export type WindowAttempt = {
  orderId: number;
  shopId: number;
  owner: string;
  mode: "test" | "live";
  choice: ProviderChoice;
  via: "own" | "platform";
  feeBps: number;
  points: number;
  escrow: boolean;
  now: number;
  /** The window's time to come back: the sheet stays open at least until then. */
  openUntil: number;
  details: BuyerDetails;
  /** The receiver's 제주/도서산간 area and the total the buyer was shown (decision 110). */
  area?: RemoteAreaKind | null;
  shownTotal?: number | null;
};

export class PaymentAttemptStore {
  constructor(private readonly db: Db) {}

  /** Which of these Toss orderIds are this shop's attempts (the platform's ledger holds every shop's). */
  async ofShopAmong(shopId: number, providerOrderIds: string[]): Promise<string[]> {
    if (providerOrderIds.length === 0) return [];
    const { results } = await this.db
      .prepare(
        `SELECT provider_order_id FROM payment_attempts
         WHERE shop_id = ?1 AND provider_order_id IN (SELECT value FROM json_each(?2))`,
      )
      .bind(shopId, JSON.stringify(providerOrderIds))
      .all<{ provider_order_id: string }>();
    return results.map((r) => r.provider_order_id);
  }

  byProviderOrderId(shopId: number, providerOrderId: string): Promise<PaymentAttemptRow | null> {
    return this.db
      .prepare("SELECT * FROM payment_attempts WHERE provider_order_id = ? AND shop_id = ?")
      .bind(providerOrderId, shopId)
      .first<PaymentAttemptRow>();
  }

  /** The order's newest attempt: what the buyer's pages say about its payment. */
  latest(shopId: number, orderId: number): Promise<PaymentAttemptRow | null> {
    return this.db
      .prepare("SELECT * FROM payment_attempts WHERE order_id = ? AND shop_id = ? ORDER BY attempt DESC LIMIT 1")
      .bind(orderId, shopId)
      .first<PaymentAttemptRow>();
  }

  /**
   * Opens a window (결제하기): the buyer's details on the sheet, its 제주/도서산간 extra, and a new
   * attempt for the total less the points read from D1 under a new Toss orderId ("{order}-{n}");
   * any older window of the sheet is superseded, so its return is never confirmed. Nothing is taken
   * yet. One batch; fails ('pending') while a payment of the sheet is being confirmed, ('stock')
   * when its goods are gone already, ('state') unless the sheet is the owner's, open and unpaid,
   * ('amount') when its total is not the one the buyer was shown. Resolves to the new attempt.
   */
  async open(a: WindowAttempt): Promise<PaymentAttemptRow> {
    const d = a.details;
    const db = this.db;
    const results = await db.batch([
      // First: a sheet whose payment is under way is neither changed nor paid again.
      noPaymentUnderWayStatement(db, a.orderId),
      ...remoteFeeStatements(db, {
        orderId: a.orderId,
        shopId: a.shopId,
        owner: a.owner,
        area: a.area ?? null,
        shownTotal: a.shownTotal ?? null,
      }),
      db
        .prepare(
          `UPDATE orders SET orderer_name = ?, orderer_phone = ?, receiver_name = ?, postcode = ?, address = ?,
             address_detail = ?, receiver_phone = ?, memo = ?, buyer_email = ?, third_party_agreed_at = ?,
             deadline = MAX(deadline, ?)
           WHERE id = ? AND shop_id = ? AND owner = ? AND status = 'WAITING_PAYMENT' AND pay_method IS NULL
             AND stock_taken = 0 AND points_used = 0 AND deadline > ? AND total_price > ?
             AND NOT EXISTS (SELECT 1 FROM payments WHERE order_id = orders.id)`,
        )
        .bind(
          d.orderer_name,
          d.orderer_phone,
          d.receiver_name,
          d.postcode,
          d.address,
          d.detail,
          d.receiver_phone,
          d.memo,
          d.email,
          d.thirdPartyAgreed ? a.now : null,
          a.openUntil,
          a.orderId,
          a.shopId,
          a.owner,
          a.now,
          a.points,
        ),
      db.prepare("INSERT INTO batch_guard (reason) SELECT 'state' WHERE changes() = 0"),
      stockThereStatement(db, a.orderId),
      db
        .prepare(
          "UPDATE payment_attempts SET state = 'superseded', updated_at = ?2 WHERE order_id = ?1 AND state = 'window'",
        )
        .bind(a.orderId, a.now),
      db
        .prepare(
          `INSERT INTO payment_attempts (provider_order_id, order_id, shop_id, attempt, mode, choice, amount, points,
             escrow, state, created_at, updated_at, via, fee_bps)
           SELECT o.id || '-' || n.next, o.id, o.shop_id, n.next, ?2, ?3, o.total_price - ?4, ?4, ?5, 'window', ?6, ?6,
             ?7, ?8
           FROM orders o, (SELECT COALESCE(MAX(attempt), 0) + 1 AS next FROM payment_attempts WHERE order_id = ?1) n
           WHERE o.id = ?1`,
        )
        .bind(a.orderId, a.mode, a.choice, a.points, a.escrow ? 1 : 0, a.now, a.via, a.feeBps),
      db.prepare("SELECT * FROM payment_attempts WHERE order_id = ? ORDER BY attempt DESC LIMIT 1").bind(a.orderId),
    ]);
    return (results.at(-1)!.results as PaymentAttemptRow[])[0]!;
  }

  /**
   * A window that came back without a payment, or whose return cannot be confirmed (a tampered
   * amount, the stock gone): it ends `failed` with why, for the owner; nothing was taken.
   */
  async failWindow(shopId: number, providerOrderId: string, code: string, message: string, now: number) {
    await this.db
      .prepare(
        `UPDATE payment_attempts SET state = 'failed', reason = ?, failure_message = ?, updated_at = ?
         WHERE shop_id = ? AND provider_order_id = ? AND state = 'window'`,
      )
      .bind(code.slice(0, 60), message.slice(0, 300), now, shopId, providerOrderId)
      .run();
  }

  /** Confirming: the attempt and the order's stock and points, in one batch (order-batch.ts `reserveStatements`). */
  async reserve(r: PaymentReservation): Promise<void> {
    await this.db.batch(reserveStatements(this.db, r));
  }

  /**
   * Toss answered with the payment: kept at once, before the order records it, so a failure in
   * between is known to have taken money. One statement; a D1 failure here is left to the reconciler.
   */
  async approve(providerOrderId: string, tossStatus: string, captured: number, now: number): Promise<void> {
    await this.db
      .prepare(
        `UPDATE payment_attempts SET state = 'approved', toss_status = ?2, captured = ?3, updated_at = ?4
         WHERE provider_order_id = ?1 AND state = 'confirming'`,
      )
      .bind(providerOrderId, tossStatus, captured, now)
      .run();
  }

  /** Recorded: the order carries the payment (order-batch.ts `markPaidStatements`). */
  async markPaid(c: PaymentRecord): Promise<void> {
    await this.db.batch(markPaidStatements(this.db, c));
  }

  /** Failed or cancelled, with what was reserved given back (order-batch.ts `releaseStatements`). */
  async release(r: PaymentRelease): Promise<void> {
    await this.db.batch(releaseStatements(this.db, r));
  }

  /** The reconciler looked and must look again at `at` (or never: null); Toss's status as read. */
  async later(providerOrderId: string, at: number | null, tossStatus: string | null, now: number): Promise<void> {
    await this.db
      .prepare(
        `UPDATE payment_attempts SET checks = checks + 1, next_check_at = ?2, toss_status = COALESCE(?3, toss_status),
           updated_at = ?4
         WHERE provider_order_id = ?1`,
      )
      .bind(providerOrderId, at, tossStatus, now)
      .run();
  }

  /**
   * True when the page may ask Toss now: the attempt is under way and nothing touched it since
   * `before` (it is touched, so the next page's ask waits its turn).
   */
  async claimPageCheck(providerOrderId: string, before: number, now: number): Promise<boolean> {
    const result = await this.db
      .prepare(
        `UPDATE payment_attempts SET updated_at = ?3
         WHERE provider_order_id = ?1 AND updated_at <= ?2 AND state IN ('confirming', 'approved')`,
      )
      .bind(providerOrderId, before, now)
      .run();
    return result.meta.changes === 1;
  }

  /** Attempts whose next look is due, the longest waiting first: the cron's share of one run. */
  async due(now: number, limit: number): Promise<PaymentAttemptRow[]> {
    const { results } = await this.db
      .prepare("SELECT * FROM payment_attempts WHERE next_check_at <= ? ORDER BY next_check_at LIMIT ?")
      .bind(now, limit)
      .all<PaymentAttemptRow>();
    return results;
  }

  /** True once: the buyer is told of an automatic cancel by whichever request gets here first. */
  async markTold(providerOrderId: string, now: number): Promise<boolean> {
    const result = await this.db
      .prepare("UPDATE payment_attempts SET told_at = ?2 WHERE provider_order_id = ?1 AND told_at IS NULL")
      .bind(providerOrderId, now)
      .run();
    return result.meta.changes === 1;
  }

  /** A shop's attempts opened in [from, to) that reached Toss's confirm, for 정산 대사. */
  async confirmedBetween(shopId: number, from: number, to: number): Promise<PaymentAttemptRow[]> {
    const { results } = await this.db
      .prepare(
        `SELECT * FROM payment_attempts WHERE shop_id = ? AND created_at >= ? AND created_at < ?
           AND payment_key IS NOT NULL ORDER BY created_at`,
      )
      .bind(shopId, from, to)
      .all<PaymentAttemptRow>();
    return results;
  }
}
