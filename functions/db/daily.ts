/**
 * The console's daily work on D1 (issue 36 item 5, decision 109): the orders a courier's bulk
 * upload takes, the orders a tracking upload ships, and the dashboard's sums. Every query is
 * scoped by the shop; writes go through the state machine's `transitionStatements`.
 */
import { sqlPlaced } from "~/shared/order-status";
import { LEGAL_FIELDS, legalGaps, type LegalField, type SellerDetails } from "~/shared/seller";
import { batchFailure, type OrderRow } from "./orders";
import { transitionStatements, type TransitionRequest } from "./order-transitions";
import type { Db } from "./session";

const PLACED = sqlPlaced("o");
/** Korea's calendar day of a time in ms (the shops are Korean; D1 runs in UTC). */
const KST_DAY = (column: string) => `date((${column} + 32400000) / 1000, 'unixepoch')`;

export type ExportRowDb = {
  id: number;
  receiver_name: string | null;
  receiver_phone: string | null;
  postcode: string | null;
  address: string | null;
  address_detail: string | null;
  first_item: string | null;
  item_count: number;
  qty: number;
  memo: string | null;
  total_price: number;
  points_used: number;
  status: string;
  pay_method: string | null;
  refund_after_done: number;
  table_id: number | null;
};

/** What the state machine needs to know whether an order may ship now. */
export type ShipCandidate = Pick<
  OrderRow,
  | "id"
  | "status"
  | "paid_amount"
  | "claim"
  | "claim_from"
  | "refund_bank"
  | "refund_account"
  | "refund_holder"
  | "table_id"
  | "pay_later"
> & { has_payment: number };

export class DailyStore {
  constructor(private readonly db: Db) {}

  /**
   * The placed orders of the console's list filter (status, and id, name or phone as the list
   * searches them), newest first, at most `cap` (one more is read to tell the caller it capped).
   */
  async exportRows(shopId: number, f: { status?: string; q?: string }, cap: number): Promise<ExportRowDb[]> {
    const q = f.q?.trim() ?? "";
    const digits = q.replace(/\D/g, "");
    const { results } = await this.db
      .prepare(
        `SELECT o.id, o.receiver_name, o.receiver_phone, o.postcode, o.address, o.address_detail, o.memo,
           (SELECT name FROM order_lines WHERE order_id = o.id ORDER BY rowid LIMIT 1) AS first_item,
           (SELECT COUNT(*) FROM order_lines WHERE order_id = o.id) AS item_count,
           (SELECT COALESCE(SUM(qty), 0) FROM order_lines WHERE order_id = o.id) AS qty,
           o.total_price, o.points_used, o.status, o.pay_method, o.refund_after_done, o.table_id
         FROM orders o
         WHERE o.shop_id = ?1 AND ${PLACED} AND (?2 IS NULL OR o.status = ?2)
           AND (?3 = '' OR o.id = ?4 OR o.orderer_name LIKE '%' || ?3 || '%'
                OR (?5 <> '' AND REPLACE(o.orderer_phone, '-', '') LIKE '%' || ?5 || '%'))
         ORDER BY o.created_at DESC LIMIT ?6`,
      )
      .bind(shopId, f.status ?? null, q, /^\d{12}$/.test(q) ? Number(q) : -1, digits.length >= 4 ? digits : "", cap + 1)
      .all<ExportRowDb>();
    return results;
  }

  /**
   * The shop's placed orders among `ids` (another shop's are simply not found), with how many
   * orders the shop shipped since `since`: one round trip before anything is written.
   */
  async shipCandidates(
    shopId: number,
    ids: number[],
    since: number,
  ): Promise<{ orders: ShipCandidate[]; shippedRecently: number }> {
    const [orders, recent] = await this.db.batch([
      this.db
        .prepare(
          `SELECT o.id, o.status, o.paid_amount, o.claim, o.claim_from, o.refund_bank, o.refund_account,
             o.refund_holder, o.table_id, o.pay_later,
             EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id) AS has_payment
           FROM orders o
           WHERE o.shop_id = ?1 AND ${PLACED} AND o.id IN (SELECT value FROM json_each(?2))`,
        )
        .bind(shopId, JSON.stringify(ids)),
      this.db
        .prepare("SELECT COUNT(*) AS n FROM orders o WHERE o.shop_id = ?1 AND o.shipped_at > ?2")
        .bind(shopId, since),
    ]);
    return {
      orders: orders!.results as ShipCandidate[],
      shippedRecently: (recent!.results[0] as { n: number } | undefined)?.n ?? 0,
    };
  }

  /**
   * Ships the orders, `perBatch` of them to a D1 batch (each its `ship` transition: the status
   * update conditional on the status read, its guard, the timeline row). A batch that another
   * request raced (the guard's 'state') is reported back whole; the caller reads those orders again
   * and tries once more with the ones still waiting. Returns the ids of batches that failed so.
   */
  async ship(requests: TransitionRequest[], perBatch: number): Promise<{ raced: number[] }> {
    const raced: number[] = [];
    for (let i = 0; i < requests.length; i += perBatch) {
      const chunk = requests.slice(i, i + perBatch);
      try {
        await this.db.batch(chunk.flatMap((r) => transitionStatements(this.db, r)));
      } catch (error) {
        if (batchFailure(error) !== "state") throw error;
        raced.push(...chunk.map((r) => r.orderId));
      }
    }
    return { raced };
  }

  /**
   * The dashboard in one round trip: placed orders and the money they leave the shop per Korean day
   * for the last 30 days (money.ts keptAmount: cancels and refunds out), orders per status, and conversations with
   * a member's message the shop has not read, and the shop's reviews of the last 7 days with its
   * unanswered 상품문의 (more statements in the same batch, not another round trip).
   */
  async dashboard(
    shopId: number,
    now: number,
  ): Promise<{
    days: { day: string; orders: number; sales: number }[];
    statuses: { status: string; n: number }[];
    unread: number;
    setup: { products: boolean; payment: boolean; business: boolean; delivery: boolean; notify: boolean };
    legalGaps: LegalField[];
    feedback: { reviews: number; questions: number };
  }> {
    const from = now - 31 * 24 * 60 * 60 * 1000;
    const [days, statuses, unread, setup, feedback] = await this.db.batch([
      // Kept per shop and Korean day (migrations 0040, 0050): summed from the orders, the big shop's month
      // of ≈ 17,000 orders was read on every view. From the whole day 31 days ago: the 30 shown are whole.
      this.db
        .prepare(
          `SELECT day, orders, sales FROM shop_daily_orders
           WHERE shop_id = ?1 AND day >= ${KST_DAY("?2")} AND orders > 0`,
        )
        .bind(shopId, from),
      // Kept per shop and status (migration 0039): counted row by row, 400,000 orders took a second.
      this.db.prepare("SELECT status, n FROM shop_order_counts WHERE shop_id = ?1 AND n > 0").bind(shopId),
      this.db.prepare("SELECT COUNT(*) AS n FROM tickets t WHERE t.shop_id = ?1 AND t.shop_unread > 0").bind(shopId),
      // A shop can sell once it has a product, a way to be paid (a bank account or card keys) and
      // the seller details the law asks for (decision 175: the columns `legalGaps` reads, so the
      // order path and this list never disagree); its fees are its own once it saved 배송비 (a
      // restaurant serves at its tables: nothing to set); it hears of a new order at once when its
      // owner's 알림톡 number is set (issue 52: off and unlisted before).
      this.db
        .prepare(
          `SELECT EXISTS (SELECT 1 FROM products p WHERE p.shop_id = s.id) AS products,
             (COALESCE(s.bank_account, '') <> '' OR EXISTS (SELECT 1 FROM shop_payment_keys k WHERE k.shop_id = s.id)
               OR EXISTS (SELECT 1 FROM payout_sellers v WHERE v.shop_id = s.id)) AS payment,
             (s.delivery_set_at IS NOT NULL OR s.shop_type = 'restaurant') AS delivery,
             EXISTS (SELECT 1 FROM shop_notify_settings n WHERE n.shop_id = s.id AND n.owner_phone IS NOT NULL) AS notify,
             s.seller_type, s.corpname, s.ceo, s.idnum, s.idnum_singo, s.address, s.tel, s.email
           FROM shops s WHERE s.id = ?1`,
        )
        .bind(shopId),
      // Reviews written in orders of this shop (its owner replies); a deleted one is gone for him.
      this.db
        .prepare(
          `SELECT (SELECT COUNT(*) FROM reviews r WHERE r.shop_id = ?1 AND r.status <> 'DELETED' AND r.created_at >= ?2) AS reviews,
             (SELECT COUNT(*) FROM product_questions q WHERE q.shop_id = ?1 AND q.status = 'WAITING') AS questions`,
        )
        .bind(shopId, now - 7 * 24 * 60 * 60 * 1000),
    ]);
    const counts = feedback!.results[0] as { reviews: number; questions: number } | undefined;
    const ready = setup!.results[0] as
      ({ products: number; payment: number; delivery: number; notify: number } & SellerDetails) | undefined;
    const gaps = ready ? legalGaps(ready) : [...LEGAL_FIELDS];
    return {
      days: days!.results as { day: string; orders: number; sales: number }[],
      statuses: statuses!.results as { status: string; n: number }[],
      unread: (unread!.results[0] as { n: number } | undefined)?.n ?? 0,
      setup: {
        products: !!ready?.products,
        payment: !!ready?.payment,
        business: gaps.length === 0,
        delivery: !!ready?.delivery,
        notify: !!ready?.notify,
      },
      legalGaps: gaps,
      feedback: { reviews: counts?.reviews ?? 0, questions: counts?.questions ?? 0 },
    };
  }
}
