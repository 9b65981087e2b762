import type { ProviderChoice } from "~/shared/limits";
import { depositStatements } from "./order-batch";
import type { Db } from "./session";

/**
 * The payment through Toss Payments an order carries (migration 0024; since decision 142 written
 * only when the order records it: the windows before are payment_attempts, functions/db/
 * payment-attempts.ts), its cancels and deposits. The writes that change an order (recording,
 * deposit) are the one order path's (functions/db/order-batch.ts); this module reads and keeps
 * Toss's refusals of a cancel.
 */

export type ProviderPaymentRow = {
  order_id: number;
  shop_id: number;
  provider: "toss";
  mode: "test" | "live";
  /** Whose Toss contract took it (decision 178): the shop's own, or the platform's, at fee_bps. */
  via: "own" | "platform";
  fee_bps: number;
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

  /** A virtual account's deposit (the one order path's `depositStatements`); throws the batch's error. */
  async deposit(p: { orderId: number; shopId: number; transactionKey: string; approvedAt: string; now: number }) {
    await this.db.batch(depositStatements(this.db, p));
  }
}
