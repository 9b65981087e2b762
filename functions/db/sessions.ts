/** Login sessions. The secret half (skey) is stored only as its SHA-256; a row is valid on one host. */

import type { Db } from "./session";

export type SessionMemberRow = {
  skey_hash: string;
  uid: number;
  name: string;
  profile: string | null;
  admin: number;
};

export type NewSession = {
  sid: string;
  skeyHash: string;
  uid: number;
  host: string;
  keep: boolean;
  now: number;
  expiresAt: number;
};

export class SessionStore {
  constructor(private readonly db: Db) {}

  /**
   * The statements that make a session, for the login's batch, which does more at the same time
   * (it revokes the session it replaces and merges the guest cart, decision 032).
   */
  createStatements(row: NewSession): D1PreparedStatement[] {
    return [
      // Expired sessions of this member go when a new one comes.
      this.db.prepare("DELETE FROM sessions WHERE uid = ? AND expires_at <= ?").bind(row.uid, row.now),
      this.db
        .prepare(
          "INSERT INTO sessions (sid, skey_hash, uid, host, keep, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(row.sid, row.skeyHash, row.uid, row.host, row.keep ? 1 : 0, row.now, row.expiresAt),
    ];
  }

  /** Runs the statements of a login as one batch: all of them happen, or none. */
  async batch(statements: D1PreparedStatement[]): Promise<void> {
    await this.db.batch(statements);
  }

  /** The one query behind every request's "who is this": session and member together. */
  findMember(sid: string, host: string, now: number): Promise<SessionMemberRow | null> {
    return this.findMemberStatement(sid, host, now).first<SessionMemberRow>();
  }

  /** The statement of `findMember`, for a batch that reads more (a page filled in at the edge, decision 125). */
  findMemberStatement(sid: string, host: string, now: number): D1PreparedStatement {
    return this.db
      .prepare(
        `SELECT s.skey_hash, m.uid, m.name, m.profile, m.admin
         FROM sessions s JOIN members m ON m.uid = s.uid
         WHERE s.sid = ? AND s.host = ? AND s.expires_at > ?`,
      )
      .bind(sid, host, now);
  }

  /**
   * Fails the batch it is in (batch_guard, decision 022) unless the session is valid on this host
   * for this member: what a batch writing for the member its session id names puts first.
   */
  guardStatement(sid: string, skeyHash: string, uid: number, host: string, now: number): D1PreparedStatement {
    return this.db
      .prepare(
        `INSERT INTO batch_guard (reason) SELECT 'session' WHERE NOT EXISTS (
           SELECT 1 FROM sessions WHERE sid = ? AND skey_hash = ? AND uid = ? AND host = ? AND expires_at > ?)`,
      )
      .bind(sid, skeyHash, uid, host, now);
  }

  /** Revokes one session; only with its secret, so knowing a sid is not enough to end it. */
  async revoke(sid: string, skeyHash: string): Promise<void> {
    await this.revokeStatement(sid, skeyHash).run();
  }

  revokeStatement(sid: string, skeyHash: string): D1PreparedStatement {
    return this.db.prepare("DELETE FROM sessions WHERE sid = ? AND skey_hash = ?").bind(sid, skeyHash);
  }

  /** After a password change every session of the member ends. */
  async revokeAll(uid: number): Promise<void> {
    await this.db.prepare("DELETE FROM sessions WHERE uid = ?").bind(uid).run();
  }
}
