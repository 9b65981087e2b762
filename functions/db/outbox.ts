/** The local mail outbox: what the default mail provider "sends". */

import type { Db } from "./session";

export type OutboxRow = { id: number; to_addr: string; subject: string; body: string; created_at: number };

export class OutboxStore {
  constructor(private readonly db: Db) {}

  async add(to: string, subject: string, body: string): Promise<void> {
    await this.db
      .prepare("INSERT INTO mail_outbox (to_addr, subject, body) VALUES (?, ?, ?)")
      .bind(to, subject, body)
      .run();
  }

  /** Newest first. */
  async latest(to: string, limit = 10): Promise<OutboxRow[]> {
    const { results } = await this.db
      .prepare("SELECT * FROM mail_outbox WHERE to_addr = ? ORDER BY id DESC LIMIT ?")
      .bind(to, limit)
      .all<OutboxRow>();
    return results;
  }
}
