/** Single-use, expiring secrets: password-reset tokens and custom-domain login codes (hashes only). */

import type { Db } from "./session";

export class ResetTokenStore {
  constructor(private readonly db: Db) {}

  async create(tokenHash: string, uid: number, now: number, expiresAt: number): Promise<void> {
    await this.db.batch([
      this.db.prepare("DELETE FROM password_resets WHERE expires_at <= ?").bind(now),
      this.db
        .prepare("INSERT INTO password_resets (token_hash, uid, created_at, expires_at) VALUES (?, ?, ?, ?)")
        .bind(tokenHash, uid, now, expiresAt),
    ]);
  }

  /** True while the token can still be used (for the page that asks for the new password). */
  async isUsable(tokenHash: string, now: number): Promise<boolean> {
    const row = await this.db
      .prepare("SELECT 1 AS ok FROM password_resets WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?")
      .bind(tokenHash, now)
      .first();
    return row !== null;
  }

  /** Marks the token used and returns its member, in one statement: two concurrent uses cannot both win. */
  async consume(tokenHash: string, now: number): Promise<number | null> {
    const row = await this.db
      .prepare(
        `UPDATE password_resets SET used_at = ?
         WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
         RETURNING uid`,
      )
      .bind(now, tokenHash, now)
      .first<{ uid: number }>();
    return row?.uid ?? null;
  }

  /** Other open tokens of the member stop working once one has been used. */
  async expireAll(uid: number, now: number): Promise<void> {
    await this.db
      .prepare("UPDATE password_resets SET used_at = ? WHERE uid = ? AND used_at IS NULL")
      .bind(now, uid)
      .run();
  }
}

export class LoginCodeStore {
  constructor(private readonly db: Db) {}

  async create(row: {
    codeHash: string;
    uid: number;
    host: string;
    stateHash: string;
    keep: boolean;
    now: number;
    expiresAt: number;
  }): Promise<void> {
    await this.db.batch([
      this.db.prepare("DELETE FROM login_codes WHERE expires_at <= ?").bind(row.now),
      this.db
        .prepare(
          `INSERT INTO login_codes (code_hash, uid, host, state_hash, keep, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(row.codeHash, row.uid, row.host, row.stateHash, row.keep ? 1 : 0, row.now, row.expiresAt),
    ]);
  }

  /** Exchanges a code once, on the host it was made for, with the state it was made for. */
  async consume(
    codeHash: string,
    host: string,
    stateHash: string,
    now: number,
  ): Promise<{ uid: number; keep: boolean } | null> {
    const row = await this.db
      .prepare(
        `UPDATE login_codes SET used_at = ?
         WHERE code_hash = ? AND host = ? AND state_hash = ? AND used_at IS NULL AND expires_at > ?
         RETURNING uid, keep`,
      )
      .bind(now, codeHash, host, stateHash, now)
      .first<{ uid: number; keep: number }>();
    return row ? { uid: row.uid, keep: row.keep === 1 } : null;
  }
}
