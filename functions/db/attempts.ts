/** Counters for throttling: failed logins and reset requests, per account and per client. */

export type AttemptKind = "login_account" | "login_client" | "reset_account" | "reset_client" | "join_client";

export class AttemptStore {
  constructor(private readonly db: D1Database) {}

  /** How many attempts of each kind/key pair happened since `since`, in one query. */
  async counts(keys: { kind: AttemptKind; key: string }[], since: number): Promise<number[]> {
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

  async record(keys: { kind: AttemptKind; key: string }[], now: number, forgetBefore: number): Promise<void> {
    await this.db.batch([
      this.db.prepare("DELETE FROM auth_attempts WHERE created_at <= ?").bind(forgetBefore),
      ...keys.map((k) =>
        this.db.prepare("INSERT INTO auth_attempts (kind, key, created_at) VALUES (?, ?, ?)").bind(k.kind, k.key, now),
      ),
    ]);
  }

  /** A successful login clears the account's failures (never the client's). */
  async clear(kind: AttemptKind, key: string): Promise<void> {
    await this.db.prepare("DELETE FROM auth_attempts WHERE kind = ? AND key = ?").bind(kind, key).run();
  }
}
