import type { ProviderChoice } from "~/shared/limits";
import type { RemoteAreaKind } from "~/shared/money";
import { depositStatements, remoteFeeStatements } from "./order-batch";
import type { Db } from "./session";

/**
 * Orders paid through Toss Payments (migration 0024): the attempt 결제하기 records before the
 * payment window opens, what Toss confirmed, and the refusals. The writes that change an order
 * (confirmation, deposit) are the one order path's (functions/db/order-batch.ts); this module
 * reads, records attempts and refusals.
 */

export type ProviderPaymentRow = {
  order_id: number;
  shop_id: number;
  provider: "toss";
  mode: "test" | "live";
  choice: ProviderChoice;
  provider_order_id: string;
  attempt: number;
  amount: number;
  points: number;
  escrow: number;
  status: string;
  payment_key: string | null;
  method: string | null;
  approved_at: string | null;
  card_company: string | null;
  card_number: string | null;
  installment_months: number | null;
  easy_pay: string | null;
  receipt_url: string | null;
  balance_amount: number | null;
  va_bank: string | null;
  va_account: string | null;
  va_holder: string | null;
  va_due: string | null;
  secret_hash: string | null;
  failure_code: string | null;
  failure_message: string | null;
  created_at: number;
  updated_at: number;
};

/**
 * The buyer's details 결제하기 keeps on the order: before Toss's window opens (an attempt) and
 * with a transfer or points (`OrderStore.pay`), one shape for both.
 */
export type BuyerDetails = {
  orderer_name: string;
  orderer_phone: string;
  receiver_name: string;
  postcode: string;
  address: string;
  detail: string;
  receiver_phone: string;
  memo: string;
  /** A guest's address for the order's mail (a member's comes from their account). */
  email: string | null;
  /** The buyer agreed to hand the delivery details to another shop shipping part of it. */
  thirdPartyAgreed: boolean;
};

export type PaymentAttempt = {
  orderId: number;
  shopId: number;
  owner: string;
  mode: "test" | "live";
  choice: ProviderChoice;
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

/** Statuses after which an order's payment is Toss's to change, not a new attempt's. */
const SETTLED = "('DONE', 'WAITING_FOR_DEPOSIT', 'CANCELED', 'PARTIAL_CANCELED')";

export class ProviderPaymentStore {
  constructor(private readonly db: Db) {}

  ofOrder(shopId: number, orderId: number): Promise<ProviderPaymentRow | null> {
    return this.db
      .prepare("SELECT * FROM provider_payments WHERE order_id = ? AND shop_id = ?")
      .bind(orderId, shopId)
      .first<ProviderPaymentRow>();
  }

  byProviderOrderId(shopId: number, providerOrderId: string): Promise<ProviderPaymentRow | null> {
    return this.db
      .prepare("SELECT * FROM provider_payments WHERE provider_order_id = ? AND shop_id = ?")
      .bind(providerOrderId, shopId)
      .first<ProviderPaymentRow>();
  }

  /**
   * Records an attempt: the buyer's details on the order sheet, and the amount to charge read from
   * the order in D1 (its total less the points), under a new Toss orderId. Nothing is placed yet:
   * no method, stock or points are taken until Toss confirms. One batch of four statements; fails
   * ('state') unless the sheet is the owner's, open and unpaid, and no payment of it is settled.
   * Resolves to the attempt as recorded.
   */
  async recordAttempt(a: PaymentAttempt): Promise<ProviderPaymentRow> {
    const d = a.details;
    const db = this.db;
    const results = await db.batch([
      // The extra first: the attempt's amount below is read from the total it leaves.
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
      // A new attempt of the same sheet gets the next number: Toss wants a fresh orderId.
      db
        .prepare(
          `INSERT INTO provider_payments (order_id, shop_id, provider, mode, choice, provider_order_id, attempt, amount,
             points, escrow, status, created_at, updated_at)
           SELECT id, shop_id, 'toss', ?2, ?3, id || '-1', 1, total_price - ?4, ?4, ?5, 'READY', ?6, ?6
           FROM orders WHERE id = ?1
           ON CONFLICT (order_id) DO UPDATE SET mode = excluded.mode, choice = excluded.choice,
             attempt = provider_payments.attempt + 1,
             provider_order_id = provider_payments.order_id || '-' || (provider_payments.attempt + 1),
             amount = excluded.amount, points = excluded.points, escrow = excluded.escrow, status = 'READY',
             payment_key = NULL, failure_code = NULL, failure_message = NULL, updated_at = excluded.updated_at
           WHERE provider_payments.status NOT IN ${SETTLED}`,
        )
        .bind(a.orderId, a.mode, a.choice, a.points, a.escrow ? 1 : 0, a.now),
      db.prepare("INSERT INTO batch_guard (reason) SELECT 'state' WHERE changes() = 0"),
      db.prepare("SELECT * FROM provider_payments WHERE order_id = ?").bind(a.orderId),
    ]);
    return (results.at(-1)!.results as ProviderPaymentRow[])[0]!;
  }

  /** A refusal (the window, or a confirm Toss declined), kept for the owner; the attempt stays open. */
  async recordFailure(shopId: number, providerOrderId: string, code: string, message: string, now: number) {
    await this.db
      .prepare(
        `UPDATE provider_payments SET failure_code = ?, failure_message = ?, updated_at = ?
         WHERE shop_id = ? AND provider_order_id = ? AND status = 'READY'`,
      )
      .bind(code.slice(0, 60), message.slice(0, 300), now, shopId, providerOrderId)
      .run();
  }

  /**
   * Toss refused a cancel (decision 104): the order stays as it was; the refusal is kept on the
   * payment for the owner until a cancel goes through.
   */
  async recordCancelFailure(shopId: number, orderId: number, code: string, message: string, now: number) {
    await this.db
      .prepare(
        `UPDATE provider_payments SET failure_code = ?, failure_message = ?, updated_at = ?
         WHERE shop_id = ? AND order_id = ? AND payment_key IS NOT NULL`,
      )
      .bind(code.slice(0, 60), message.slice(0, 300), now, shopId, orderId)
      .run();
  }

  /** A confirmed payment Toss cancelled at once because the order could not be completed. */
  async markCanceled(shopId: number, providerOrderId: string, paymentKey: string, reason: string, now: number) {
    await this.db
      .prepare(
        `UPDATE provider_payments SET status = 'CANCELED', payment_key = ?, balance_amount = 0, failure_code = 'AUTO_CANCELED',
           failure_message = ?, updated_at = ?
         WHERE shop_id = ? AND provider_order_id = ? AND status = 'READY'`,
      )
      .bind(paymentKey, reason.slice(0, 300), now, shopId, providerOrderId)
      .run();
  }

  /** A virtual account's deposit (the one order path's `depositStatements`); throws the batch's error. */
  async deposit(p: { orderId: number; shopId: number; transactionKey: string; approvedAt: string; now: number }) {
    await this.db.batch(depositStatements(this.db, p));
  }
}
