import { sqlPlatformFee } from "~/shared/money";
import type { PayoutStatus, SellerStatus, TossSeller } from "../payments/toss-payouts";
import type { Db } from "./session";

/**
 * Shops paid through the platform's Toss contract (issue 52 item 1, decision 178, migration
 * 0054): the shop as Toss's seller, its payouts, and its 정산 ledger. The ledger is not written
 * separately: it is read from the payments that contract took (`provider_payments.via`) and the
 * cancels Toss made of them, each with the fee rate it was taken at, so nothing can drift from
 * the orders' own money.
 */

export type PayVia = "platform" | "own";

export type PayoutSellerRow = {
  shop_id: number;
  seller_id: string;
  ref_seller_id: string;
  business_type: TossSeller["businessType"];
  status: SellerStatus;
  name: string;
  bank_code: string;
  account_last4: string;
  holder: string;
  registered_by: number;
  created_at: number;
  updated_at: number;
};

export type PayoutRow = {
  id: number;
  shop_id: number;
  day: string;
  ref_payout_id: string;
  payout_id: string | null;
  amount: number;
  status: "REQUESTING" | PayoutStatus;
  error_code: string | null;
  error_message: string | null;
  created_at: number;
  updated_at: number;
};

/** One Korean day of a shop's platform sales: money in, the fee, money back (and its fee returned). */
export type LedgerDay = { day: string; sales: number; sale_fees: number; refunds: number; refund_fees: number };

/** The Korean day (YYYY-MM-DD) of a moment in ms, in SQL. */
const KST_DAY = (col: string) => `strftime('%Y-%m-%d', (${col} + 32400000) / 1000, 'unixepoch')`;

/** A payout that holds its money: asked for, under way or paid. A failed or cancelled one gave it back. */
const HOLDS = "status IN ('REQUESTING', 'REQUESTED', 'IN_PROGRESS', 'COMPLETED')";

/** Statuses a payout may move on to from each one: a late or repeated webhook never moves it back. */
const AFTER: Record<PayoutRow["status"], PayoutRow["status"][]> = {
  REQUESTING: ["REQUESTED", "IN_PROGRESS", "COMPLETED", "FAILED", "CANCELED"],
  REQUESTED: ["IN_PROGRESS", "COMPLETED", "FAILED", "CANCELED"],
  IN_PROGRESS: ["COMPLETED", "FAILED"],
  COMPLETED: [],
  FAILED: [],
  CANCELED: [],
};

export class PayoutStore {
  constructor(private readonly db: Db) {}

  /**
   * How the shop is paid: through the platform (and its seller's status), or its own keys' family,
   * mode and client key. One row, one read: the order sheet asks it on every visit.
   */
  route(shopId: number): Promise<{
    pay_via: PayVia | null;
    seller_status: SellerStatus | null;
    family: "widget" | "api" | null;
    mode: "test" | "live" | null;
    client_key: string | null;
  } | null> {
    return this.db
      .prepare(
        `SELECT s.pay_via, p.status AS seller_status, k.family, k.mode, k.client_key
         FROM shops s LEFT JOIN payout_sellers p ON p.shop_id = s.id LEFT JOIN shop_payment_keys k ON k.shop_id = s.id
         WHERE s.id = ?`,
      )
      .bind(shopId)
      .first();
  }

  setVia(shopId: number, via: PayVia): Promise<D1Result> {
    return this.db.prepare("UPDATE shops SET pay_via = ?2 WHERE id = ?1").bind(shopId, via).run();
  }

  seller(shopId: number): Promise<PayoutSellerRow | null> {
    return this.db.prepare("SELECT * FROM payout_sellers WHERE shop_id = ?").bind(shopId).first<PayoutSellerRow>();
  }

  /** The seller Toss registered, and the shop paid through the platform from now on: both or neither. */
  async saveSeller(row: PayoutSellerRow): Promise<void> {
    await this.db.batch([
      this.db
        .prepare(
          `INSERT INTO payout_sellers (shop_id, seller_id, ref_seller_id, business_type, status, name, bank_code,
             account_last4, holder, registered_by, created_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
           ON CONFLICT (shop_id) DO UPDATE SET seller_id = excluded.seller_id, ref_seller_id = excluded.ref_seller_id,
             business_type = excluded.business_type, status = excluded.status, name = excluded.name,
             bank_code = excluded.bank_code, account_last4 = excluded.account_last4, holder = excluded.holder,
             registered_by = excluded.registered_by, updated_at = excluded.updated_at`,
        )
        .bind(
          row.shop_id,
          row.seller_id,
          row.ref_seller_id,
          row.business_type,
          row.status,
          row.name,
          row.bank_code,
          row.account_last4,
          row.holder,
          row.registered_by,
          row.created_at,
          row.updated_at,
        ),
      this.db.prepare("UPDATE shops SET pay_via = 'platform' WHERE id = ?").bind(row.shop_id),
    ]);
  }

  /** Toss's word on a seller (a signed webhook, or a lookup); false when no shop has it. */
  async setSellerStatus(sellerId: string, status: SellerStatus, now: number): Promise<boolean> {
    const res = await this.db
      .prepare("UPDATE payout_sellers SET status = ?2, updated_at = ?3 WHERE seller_id = ?1")
      .bind(sellerId, status, now)
      .run();
    return res.meta.changes > 0;
  }

  /** The shop's platform sales, fees and refunds by Korean day, newest first, from `fromDay` on. */
  async ledger(shopId: number, fromDay: string): Promise<LedgerDay[]> {
    const { results } = await this.db
      .prepare(
        `SELECT day, SUM(sales) AS sales, SUM(sale_fees) AS sale_fees, SUM(refunds) AS refunds,
           SUM(refund_fees) AS refund_fees
         FROM (
           SELECT ${KST_DAY("p.created_at")} AS day, p.amount AS sales, ${sqlPlatformFee("p.amount", "p.fee_bps")} AS sale_fees,
             0 AS refunds, 0 AS refund_fees
           FROM provider_payments p
           WHERE p.shop_id = ?1 AND p.via = 'platform' AND p.payment_key IS NOT NULL
             AND p.status IN ('DONE', 'CANCELED', 'PARTIAL_CANCELED')
           UNION ALL
           SELECT ${KST_DAY("c.created_at")}, 0, 0, c.amount, ${sqlPlatformFee("c.amount", "p.fee_bps")}
           FROM provider_cancels c JOIN provider_payments p ON p.order_id = c.order_id
           WHERE p.shop_id = ?1 AND p.via = 'platform'
         )
         WHERE day >= ?2
         GROUP BY day ORDER BY day DESC`,
      )
      .bind(shopId, fromDay)
      .all<LedgerDay>();
    return results;
  }

  /**
   * What the shop is owed up to `lastDay` (money kept less fees, of days the hold has passed), and
   * what payouts already hold; and in all, what it was paid out or is being paid (the KYC limit).
   */
  async balance(shopId: number, lastDay: string): Promise<{ earned: number; held: number }> {
    const row = await this.db
      .prepare(
        `SELECT
           COALESCE((SELECT SUM(p.amount - ${sqlPlatformFee("p.amount", "p.fee_bps")}) FROM provider_payments p
             WHERE p.shop_id = ?1 AND p.via = 'platform' AND p.payment_key IS NOT NULL
               AND p.status IN ('DONE', 'CANCELED', 'PARTIAL_CANCELED') AND ${KST_DAY("p.created_at")} <= ?2), 0)
           - COALESCE((SELECT SUM(c.amount - ${sqlPlatformFee("c.amount", "p.fee_bps")}) FROM provider_cancels c
             JOIN provider_payments p ON p.order_id = c.order_id
             WHERE p.shop_id = ?1 AND p.via = 'platform' AND ${KST_DAY("c.created_at")} <= ?2), 0) AS earned,
           COALESCE((SELECT SUM(amount) FROM payouts WHERE shop_id = ?1 AND ${HOLDS}), 0) AS held`,
      )
      .bind(shopId, lastDay)
      .first<{ earned: number; held: number }>();
    return row ?? { earned: 0, held: 0 };
  }

  payouts(shopId: number, limit = 60): Promise<PayoutRow[]> {
    return this.db
      .prepare("SELECT * FROM payouts WHERE shop_id = ? ORDER BY day DESC, id DESC LIMIT ?")
      .bind(shopId, limit)
      .all<PayoutRow>()
      .then((r) => r.results);
  }

  /**
   * Sellers that may be paid and have no payout of `day` yet: a shop that moved to its own keys is
   * still paid what the platform's contract took for it before.
   */
  async due(day: string, limit: number): Promise<{ shop_id: number; seller_id: string; status: SellerStatus }[]> {
    const { results } = await this.db
      .prepare(
        `SELECT p.shop_id, p.seller_id, p.status FROM payout_sellers p
         WHERE p.status IN ('PARTIALLY_APPROVED', 'APPROVED')
           AND NOT EXISTS (SELECT 1 FROM payouts o WHERE o.shop_id = p.shop_id AND o.day = ?1)
         ORDER BY p.shop_id LIMIT ?2`,
      )
      .bind(day, limit)
      .all<{ shop_id: number; seller_id: string; status: SellerStatus }>();
    return results;
  }

  /** Payouts written but not yet answered by Toss (the call failed without a clear answer). */
  unsent(limit: number): Promise<PayoutRow[]> {
    return this.db
      .prepare("SELECT * FROM payouts WHERE status = 'REQUESTING' ORDER BY id LIMIT ?")
      .bind(limit)
      .all<PayoutRow>()
      .then((r) => r.results);
  }

  /**
   * The day's payout written before Toss is asked, so a second run (or a lost answer) asks with
   * the same reference: null when the shop has one for the day already.
   */
  begin(shopId: number, day: string, amount: number, now: number): Promise<PayoutRow | null> {
    return (
      this.db
        .prepare(
          `INSERT INTO payouts (shop_id, day, ref_payout_id, amount, status, created_at, updated_at)
         VALUES (?1, ?2, ?5, ?3, 'REQUESTING', ?4, ?4)
         ON CONFLICT (shop_id, day) DO NOTHING RETURNING *`,
        )
        // Toss's refPayoutId: the shop and the day, never reused (a number bound into SQL text may read "4.0").
        .bind(shopId, day, amount, now, `po-${shopId}-${day.replaceAll("-", "")}`)
        .first<PayoutRow>()
    );
  }

  /**
   * Toss's state of a payout, by our reference: only forward (a late or repeated webhook changes
   * nothing). Answers the row as it is now, or null when no payout has that reference.
   */
  async advance(
    ref: string,
    to: PayoutRow["status"],
    a: { payoutId?: string | null; code?: string | null; message?: string | null; now: number },
  ): Promise<PayoutRow | null> {
    const from = (Object.keys(AFTER) as PayoutRow["status"][]).filter((s) => AFTER[s].includes(to));
    const row = await this.db
      .prepare(
        `UPDATE payouts SET status = ?2, payout_id = COALESCE(?3, payout_id), error_code = ?4, error_message = ?5,
           updated_at = ?6
         WHERE ref_payout_id = ?1 AND status IN (SELECT value FROM json_each(?7)) RETURNING *`,
      )
      .bind(ref, to, a.payoutId ?? null, a.code ?? null, a.message?.slice(0, 300) ?? null, a.now, JSON.stringify(from))
      .first<PayoutRow>();
    if (row) return row;
    return this.db.prepare("SELECT * FROM payouts WHERE ref_payout_id = ?").bind(ref).first<PayoutRow>();
  }
}
