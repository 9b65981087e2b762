/** Platform-wide member accounts. Every value goes through .bind(). */

import type { Db } from "./session";

export type MemberRow = {
  uid: number;
  email: string;
  password_hash: string;
  name: string;
  profile: string | null;
  admin: number;
  identity_verified_at: number | null;
  adult_verified_at: number | null;
  /** Mobile digits (migration 0053); null when never given. */
  phone: string | null;
  withdrawn_at: number | null;
};

/** What the cart and order features need to know before selling restricted products. */
export type Verification = { identity: boolean; adult: boolean };

export class MemberStore {
  constructor(private readonly db: Db) {}

  byEmail(email: string): Promise<MemberRow | null> {
    return this.db.prepare("SELECT * FROM members WHERE email = ?").bind(email).first<MemberRow>();
  }

  byUid(uid: number): Promise<MemberRow | null> {
    return this.db.prepare("SELECT * FROM members WHERE uid = ?").bind(uid).first<MemberRow>();
  }

  /**
   * Creates a member; null when the e-mail is taken. The new id is above every member's and
   * every shop's uid (and above 100000), decided inside the one INSERT so two sign-ups cannot
   * get the same id, and a new account can never turn out to be the owner of an existing shop.
   */
  /**
   * A new account with the moment its consents were given (the required ones always, marketing
   * when chosen), kept as evidence.
   */
  async create(input: {
    email: string;
    passwordHash: string;
    name: string;
    marketing: boolean;
    now: number;
  }): Promise<number | null> {
    const row = await this.db
      .prepare(
        `INSERT INTO members (uid, email, password_hash, name, terms_agreed_at, privacy_agreed_at, age_confirmed_at,
                              marketing_agreed_at)
         SELECT max(100001,
                    (SELECT coalesce(max(uid), 0) + 1 FROM members),
                    (SELECT coalesce(max(uid), 0) + 1 FROM shops)), ?1, ?2, ?3, ?4, ?4, ?4, ?5
         WHERE NOT EXISTS (SELECT 1 FROM members WHERE email = ?1)
         RETURNING uid`,
      )
      .bind(input.email, input.passwordHash, input.name, input.now, input.marketing ? input.now : null)
      .first<{ uid: number }>();
    return row?.uid ?? null;
  }

  /**
   * A password changed by its member: the new hash and the end of every other session (all but
   * the one whose secret hashes to `keepSkeyHash`), in one batch.
   */
  async changePassword(uid: number, passwordHash: string, keepSkeyHash: string | null): Promise<void> {
    await this.db.batch([
      this.db
        .prepare("UPDATE members SET password_hash = ?, updated_at = unixepoch() WHERE uid = ?")
        .bind(passwordHash, uid),
      this.db.prepare("DELETE FROM sessions WHERE uid = ? AND skey_hash IS NOT ?").bind(uid, keepSkeyHash),
    ]);
  }

  async setPassword(uid: number, passwordHash: string): Promise<void> {
    await this.db
      .prepare("UPDATE members SET password_hash = ?, updated_at = unixepoch() WHERE uid = ?")
      .bind(passwordHash, uid)
      .run();
  }

  async setProfile(uid: number, name: string, profile: string | null): Promise<void> {
    await this.db
      .prepare("UPDATE members SET name = ?, profile = ?, updated_at = unixepoch() WHERE uid = ?")
      .bind(name, profile, uid)
      .run();
  }

  /**
   * Verified flags, for products that need adult or identity verification. A verification holds
   * until its `*_until` (a year; decision 114), or a year from when it was made for rows older
   * than those columns.
   */
  async verification(uid: number, nowMs = Date.now()): Promise<Verification> {
    const year = 365 * 24 * 60 * 60;
    const row = await this.db
      .prepare(
        `SELECT COALESCE(identity_until, identity_verified_at + ?2) > ?3 AS identity,
                COALESCE(adult_until, adult_verified_at + ?2) > ?3 AS adult
         FROM members WHERE uid = ?1`,
      )
      .bind(uid, year, Math.floor(nowMs / 1000))
      .first<{ identity: number | null; adult: number | null }>();
    return { identity: row?.identity === 1, adult: row?.adult === 1 };
  }
}
