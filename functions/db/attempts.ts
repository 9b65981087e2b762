/**
 * Counters for throttling, per account and per client: login attempts, reset requests, sign-up
 * probes of taken addresses, and failed one-time tokens (reset links, custom-domain login codes).
 */

import type { Db } from "./session";

export type AttemptKind =
  | "login_pair"
  | "login_account"
  | "login_client"
  | "reset_account"
  | "reset_client"
  | "join_client"
  | "token_client"
  | "lookup_client"
  | "lookup_pair"
  | "lookup_order"
  | "open_account"
  | "open_client"
  | "search_client";

export type AttemptKey = { kind: AttemptKind; key: string };

export class AttemptStore {
  constructor(private readonly db: Db) {}

  /**
   * Records one attempt for every key and counts each key's attempts since `since`, this one
   * included, in one batch. D1 runs a batch alone, so of N attempts made at once each sees the
   * ones before it: the count is exact however many arrive together. Returns the new rows' ids and
   * the counts, in the order of `keys`.
   */
  async attempt(keys: AttemptKey[], now: number, since: number): Promise<{ ids: number[]; counts: number[] }> {
    const results = await this.db.batch<{ id?: number; n?: number }>([
      this.db.prepare("DELETE FROM auth_attempts WHERE created_at <= ?").bind(since),
      ...keys.map((k) =>
        this.db
          .prepare("INSERT INTO auth_attempts (kind, key, created_at) VALUES (?, ?, ?) RETURNING id")
          .bind(k.kind, k.key, now),
      ),
      ...keys.map((k) =>
        this.db
          .prepare("SELECT COUNT(*) AS n FROM auth_attempts WHERE kind = ? AND key = ? AND created_at > ?")
          .bind(k.kind, k.key, since),
      ),
    ]);
    const ids = results.slice(1, 1 + keys.length).map((r) => r.results[0]?.id ?? 0);
    const counts = results.slice(1 + keys.length).map((r) => r.results[0]?.n ?? 0);
    return { ids, counts };
  }

  /** How many attempts of each kind/key pair happened since `since`, in one query. */
  async counts(keys: AttemptKey[], since: number): Promise<number[]> {
    if (keys.length === 0) return [];
    const columns = keys.map(
      (_, i) => `(SELECT COUNT(*) FROM auth_attempts WHERE kind = ? AND key = ? AND created_at > ?) AS c${i}`,
    );
    const row = await this.db
      .prepare(`SELECT ${columns.join(", ")}`)
      .bind(...keys.flatMap((k) => [k.kind, k.key, since]))
      .first<Record<string, number>>();
    return keys.map((_, i) => row?.[`c${i}`] ?? 0);
  }

  async record(keys: AttemptKey[], now: number, forgetBefore: number): Promise<void> {
    await this.db.batch([
      this.db.prepare("DELETE FROM auth_attempts WHERE created_at <= ?").bind(forgetBefore),
      ...keys.map((k) =>
        this.db.prepare("INSERT INTO auth_attempts (kind, key, created_at) VALUES (?, ?, ?)").bind(k.kind, k.key, now),
      ),
    ]);
  }

  /** Forgets attempts: every one of `clear` (a successful login clears its account), and the rows `ids`. */
  async forget(clear: AttemptKey[], ids: number[]): Promise<void> {
    await this.db.batch([
      ...clear.map((k) => this.db.prepare("DELETE FROM auth_attempts WHERE kind = ? AND key = ?").bind(k.kind, k.key)),
      this.db
        .prepare("DELETE FROM auth_attempts WHERE id IN (SELECT value FROM json_each(?))")
        .bind(JSON.stringify(ids)),
    ]);
  }
}
