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
};

export class PaymentKeyStore {
  constructor(private readonly db: Db) {}

  ofShop(shopId: number): Promise<PaymentKeysRow | null> {
    return this.db.prepare("SELECT * FROM shop_payment_keys WHERE shop_id = ?").bind(shopId).first<PaymentKeysRow>();
  }

  /** Puts the shop's keys in, replacing any it had (one statement). */
  async save(row: PaymentKeysRow): Promise<void> {
    await this.db
      .prepare(
        `INSERT INTO shop_payment_keys
           (shop_id, provider, family, mode, client_key, secret_sealed, secret_last4, updated_by, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (shop_id) DO UPDATE SET provider = excluded.provider, family = excluded.family,
           mode = excluded.mode, client_key = excluded.client_key, secret_sealed = excluded.secret_sealed,
           secret_last4 = excluded.secret_last4, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
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
      )
      .run();
  }

  /** Takes the shop's keys out; false when it had none. */
  async remove(shopId: number): Promise<boolean> {
    const res = await this.db.prepare("DELETE FROM shop_payment_keys WHERE shop_id = ?").bind(shopId).run();
    return res.meta.changes > 0;
  }
}
