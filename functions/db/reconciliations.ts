import type { Db } from "./session";

/**
 * 정산 대사 (decision 144): what each day's comparison of Toss's ledger with the shop's records
 * found (migration 0047 `payment_reconciliations`), and the rows it compares.
 */

/** A Toss payment as our records know it, with its order. */
export type RecordedPayment = {
  provider_order_id: string;
  order_id: number;
  choice: string;
  amount: number;
  state: string;
  payment_key: string;
  captured: number;
  refunded: number;
  created_at: number;
  updated_at: number;
  /** The order's payment as recorded (null: the attempt never became the order's). */
  p_status: string | null;
  p_balance: number | null;
  order_status: string;
};

export type StoredReport = { day: string; differences: number; report: string; checked_at: number };

const RECORDED = `SELECT a.provider_order_id, a.order_id, a.choice, a.amount, a.state, a.payment_key, a.captured,
    a.refunded, a.created_at, a.updated_at, p.status AS p_status, p.balance_amount AS p_balance,
    o.status AS order_status
  FROM payment_attempts a JOIN orders o ON o.id = a.order_id
  LEFT JOIN provider_payments p ON p.order_id = a.order_id AND p.provider_order_id = a.provider_order_id`;

export class ReconciliationStore {
  constructor(private readonly db: Db) {}

  /**
   * The shop's payments that reached Toss's confirm and moved in [from, to) (opened, ended, or a
   * cancel or deposit recorded then), with any of `paymentKeys` (those Toss's ledger names).
   */
  async payments(shopId: number, from: number, to: number, paymentKeys: string[]): Promise<RecordedPayment[]> {
    const { results } = await this.db
      .prepare(
        `${RECORDED}
         WHERE a.shop_id = ?1 AND a.payment_key IS NOT NULL
           AND ((a.created_at >= ?2 AND a.created_at < ?3) OR (a.updated_at >= ?2 AND a.updated_at < ?3)
             OR a.payment_key IN (SELECT value FROM json_each(?4))
             OR EXISTS (SELECT 1 FROM provider_cancels c WHERE c.order_id = a.order_id AND c.created_at >= ?2
               AND c.created_at < ?3)
             OR EXISTS (SELECT 1 FROM provider_deposits d WHERE d.order_id = a.order_id AND d.created_at >= ?2
               AND d.created_at < ?3))
         ORDER BY a.created_at`,
      )
      .bind(shopId, from, to, JSON.stringify(paymentKeys))
      .all<RecordedPayment>();
    return results;
  }

  /** Money our records gave back in [from, to): the owner's and buyers' cancels, and automatic ones. */
  async refundedBetween(shopId: number, from: number, to: number): Promise<number> {
    const row = await this.db
      .prepare(
        `SELECT COALESCE((SELECT SUM(c.amount) FROM provider_cancels c JOIN orders o ON o.id = c.order_id
             WHERE o.shop_id = ?1 AND c.created_at >= ?2 AND c.created_at < ?3), 0)
           + COALESCE((SELECT SUM(refunded) FROM payment_attempts WHERE shop_id = ?1 AND state = 'canceled'
             AND updated_at >= ?2 AND updated_at < ?3), 0) AS n`,
      )
      .bind(shopId, from, to)
      .first<{ n: number }>();
    return row?.n ?? 0;
  }

  save(shopId: number, day: string, differences: number, report: unknown, now: number): Promise<unknown> {
    return this.db
      .prepare(
        `INSERT INTO payment_reconciliations (shop_id, day, differences, report, checked_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (shop_id, day) DO UPDATE SET differences = excluded.differences, report = excluded.report,
           checked_at = excluded.checked_at`,
      )
      .bind(shopId, day, differences, JSON.stringify(report), now)
      .run();
  }

  get(shopId: number, day: string): Promise<StoredReport | null> {
    return this.db
      .prepare("SELECT day, differences, report, checked_at FROM payment_reconciliations WHERE shop_id = ? AND day = ?")
      .bind(shopId, day)
      .first<StoredReport>();
  }

  /** The shop's latest days, newest first: what the console lists. */
  async recent(shopId: number, limit: number): Promise<Omit<StoredReport, "report">[]> {
    const { results } = await this.db
      .prepare(
        `SELECT day, differences, checked_at FROM payment_reconciliations WHERE shop_id = ?
         ORDER BY day DESC LIMIT ?`,
      )
      .bind(shopId, limit)
      .all<Omit<StoredReport, "report">>();
    return results;
  }

  /**
   * Shops that had a Toss payment move since `from` (the day's start: one opened that day moved
   * then or later) and no report of `day` yet: the daily job's next ones, a few a run.
   */
  async unreconciled(day: string, from: number, limit: number): Promise<number[]> {
    const { results } = await this.db
      .prepare(
        `SELECT DISTINCT a.shop_id FROM payment_attempts a
         WHERE a.payment_key IS NOT NULL AND a.updated_at >= ?2
           AND NOT EXISTS (SELECT 1 FROM payment_reconciliations r WHERE r.shop_id = a.shop_id AND r.day = ?1)
         LIMIT ?3`,
      )
      .bind(day, from, limit)
      .all<{ shop_id: number }>();
    return results.map((r) => r.shop_id);
  }
}
