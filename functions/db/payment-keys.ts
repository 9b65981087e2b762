import type { KeyFamily, KeyMode } from "../payments/keys";
import type { Db } from "./session";

/** A shop's payment keys as kept (migration 0023, decision 101): the secret only sealed. */
export type PaymentKeysRow = {
  shop_id: number;
  provider: "toss";
  family: KeyFamily;
  mode: KeyMode;
  client_key: string;
  secret_sealed: string;
  secret_last4: string;
  updated_by: number;
  updated_at: number;
  /** The purchase-safety service on this contract (migration 0025, decision 103). */
  escrow_mid: string | null;
  escrow_vbank: number;
};

/** What replacing the keys writes: the escrow setting stays as it was. */
export type PaymentKeysWrite = Omit<PaymentKeysRow, "escrow_mid" | "escrow_vbank">;

export class PaymentKeyStore {
  constructor(private readonly db: Db) {}

  ofShop(shopId: number): Promise<PaymentKeysRow | null> {
    return this.db.prepare("SELECT * FROM shop_payment_keys WHERE shop_id = ?").bind(shopId).first<PaymentKeysRow>();
  }

  /**
   * Puts the shop's keys in, replacing any it had, and the shop is paid through them from now on
   * (not the platform's contract, decision 178): both or neither. Answers the row as kept.
   */
  async save(row: PaymentKeysWrite): Promise<PaymentKeysRow> {
    const keys = this.db
      .prepare(
        `INSERT INTO shop_payment_keys
           (shop_id, provider, family, mode, client_key, secret_sealed, secret_last4, updated_by, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (shop_id) DO UPDATE SET provider = excluded.provider, family = excluded.family,
           mode = excluded.mode, client_key = excluded.client_key, secret_sealed = excluded.secret_sealed,
           secret_last4 = excluded.secret_last4, updated_by = excluded.updated_by, updated_at = excluded.updated_at
         RETURNING *`,
      )
      .bind(
        row.shop_id,
        row.provider,
        row.family,
        row.mode,
        row.client_key,
        row.secret_sealed,
        row.secret_last4,
        row.updated_by,
        row.updated_at,
      );
    const [kept] = await this.db.batch([
      keys,
      this.db.prepare("UPDATE shops SET pay_via = 'own' WHERE id = ?").bind(row.shop_id),
    ]);
    return (kept!.results as PaymentKeysRow[])[0]!;
  }

  /**
   * The shop's escrow setting, in one statement on the keys' row: null when the shop has no keys
   * (escrow rides on the Toss contract, so there is nothing to turn on).
   */
  setEscrow(shopId: number, mid: string | null, vbank: boolean): Promise<PaymentKeysRow | null> {
    return this.db
      .prepare("UPDATE shop_payment_keys SET escrow_mid = ?2, escrow_vbank = ?3 WHERE shop_id = ?1 RETURNING *")
      .bind(shopId, mid, vbank ? 1 : 0)
      .first<PaymentKeysRow>();
  }

  /** Takes the shop's keys out; false when it had none. */
  async remove(shopId: number): Promise<boolean> {
    const res = await this.db.prepare("DELETE FROM shop_payment_keys WHERE shop_id = ?").bind(shopId).run();
    return res.meta.changes > 0;
  }
}
