/** 알림톡 sends, the buyers' consents and the shops' switches (decision 131). */

import { NOTIFY_KINDS, NOTIFY_MAX_ATTEMPTS, type NotifyKind } from "~/shared/notify-kinds";
import type { Db } from "./session";

export type NotifySettings = { owner_phone: string | null; kinds: Record<NotifyKind, boolean> };

export type NotifySendRow = {
  id: number;
  shop_id: number;
  kind: NotifyKind;
  subject_id: number;
  phone: string;
  template: string;
  variables: string;
  text: string;
  status: "queued" | "sent" | "failed";
  attempts: number;
  provider_message_id: string | null;
  sent_as: string | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
};

/** A message to record: what the provider gets, once per (shop, kind, subject, phone). */
export type NotifyDraft = {
  shopId: number;
  kind: NotifyKind;
  subjectId: number;
  phone: string;
  template: string;
  variables: Record<string, string>;
  text: string;
};

/** A row left "queued" this long was claimed by a run that never finished: tried again. */
const STUCK_MS = 10 * 60_000;
/**
 * How long a send is kept (its number and text are personal data): long enough for an owner to
 * answer "did my customer get the account number?" and for a dispute over a shipping notice.
 */
export const NOTIFY_KEPT_MS = 90 * 24 * 60 * 60_000;
/** Rows one scheduled run removes at most: a bounded statement every five minutes. */
const PURGE_AT_ONCE = 500;

export class NotifyStore {
  constructor(private readonly db: Db) {}

  async settings(shopId: number): Promise<NotifySettings> {
    const row = await this.db
      .prepare(`SELECT owner_phone, ${NOTIFY_KINDS.join(", ")} FROM shop_notify_settings WHERE shop_id = ?`)
      .bind(shopId)
      .first<Record<NotifyKind, number> & { owner_phone: string | null }>();
    const kinds = Object.fromEntries(NOTIFY_KINDS.map((k) => [k, row ? row[k] === 1 : true])) as Record<
      NotifyKind,
      boolean
    >;
    return { owner_phone: row?.owner_phone ?? null, kinds };
  }

  async saveSettings(shopId: number, settings: NotifySettings, now: number): Promise<void> {
    const flags = NOTIFY_KINDS.map((k) => (settings.kinds[k] ? 1 : 0));
    await this.db
      .prepare(
        `INSERT INTO shop_notify_settings (shop_id, owner_phone, ${NOTIFY_KINDS.join(", ")}, updated_at)
         VALUES (?, ?, ${NOTIFY_KINDS.map(() => "?").join(", ")}, ?)
         ON CONFLICT (shop_id) DO UPDATE SET owner_phone = excluded.owner_phone,
           ${NOTIFY_KINDS.map((k) => `${k} = excluded.${k}`).join(", ")}, updated_at = excluded.updated_at`,
      )
      .bind(shopId, settings.owner_phone, ...flags, now)
      .run();
  }

  /**
   * The buyer's answer on the order sheet: the consented number, or none (an unticked box takes
   * back an earlier one). Only an order of this shop still waiting for its payment: the sheet's.
   */
  async setConsent(shopId: number, orderId: number, phone: string | null, now: number): Promise<void> {
    if (phone === null) {
      await this.db
        .prepare("DELETE FROM order_notify_consents WHERE shop_id = ? AND order_id = ?")
        .bind(shopId, orderId)
        .run();
      return;
    }
    await this.db
      .prepare(
        `INSERT INTO order_notify_consents (shop_id, order_id, phone, agreed_at)
         SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM orders WHERE id = ?2 AND shop_id = ?1 AND status = 'WAITING_PAYMENT')
         ON CONFLICT (shop_id, order_id) DO UPDATE SET phone = excluded.phone, agreed_at = excluded.agreed_at`,
      )
      .bind(shopId, orderId, phone, now)
      .run();
  }

  async consent(shopId: number, orderId: number): Promise<string | null> {
    const row = await this.db
      .prepare("SELECT phone FROM order_notify_consents WHERE shop_id = ? AND order_id = ?")
      .bind(shopId, orderId)
      .first<{ phone: string }>();
    return row?.phone ?? null;
  }

  /**
   * The member's number from their latest order in this shop with the box ticked: a reply to
   * their question goes there, and only there.
   */
  async memberConsent(shopId: number, uid: number): Promise<string | null> {
    const row = await this.db
      .prepare(
        `SELECT c.phone FROM order_notify_consents c JOIN orders o ON o.id = c.order_id AND o.shop_id = c.shop_id
         WHERE c.shop_id = ? AND o.owner = ? ORDER BY c.agreed_at DESC LIMIT 1`,
      )
      .bind(shopId, `m:${uid}`)
      .first<{ phone: string }>();
    return row?.phone ?? null;
  }

  /** Records the message; null when it was recorded before (never sent twice). */
  async record(draft: NotifyDraft, now: number): Promise<number | null> {
    const row = await this.db
      .prepare(
        `INSERT INTO notify_sends (shop_id, kind, subject_id, phone, template, variables, text, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (shop_id, kind, subject_id, phone) DO NOTHING RETURNING id`,
      )
      .bind(
        draft.shopId,
        draft.kind,
        draft.subjectId,
        draft.phone,
        draft.template,
        JSON.stringify(draft.variables),
        draft.text,
        now,
        now,
      )
      .first<{ id: number }>();
    return row?.id ?? null;
  }

  /**
   * Takes the row for one attempt: counted before the call, and only if it is not sent, has
   * attempts left and no other run holds it. Null when another run got it first.
   */
  async claim(id: number, now: number): Promise<NotifySendRow | null> {
    return this.db
      .prepare(
        `UPDATE notify_sends SET attempts = attempts + 1, status = 'queued', updated_at = ?2
         WHERE id = ?1 AND attempts < ?3
           AND (status = 'failed' OR (status = 'queued' AND (attempts = 0 OR updated_at < ?2 - ?4)))
         RETURNING *`,
      )
      .bind(id, now, NOTIFY_MAX_ATTEMPTS, STUCK_MS)
      .first<NotifySendRow>();
  }

  async markSent(id: number, messageId: string, sentAs: string, now: number): Promise<void> {
    await this.db
      .prepare(
        "UPDATE notify_sends SET status = 'sent', provider_message_id = ?, sent_as = ?, last_error = NULL, updated_at = ? WHERE id = ? AND status = 'queued'",
      )
      .bind(messageId, sentAs, now, id)
      .run();
  }

  /** `final`: the provider refused it for good (a bad number, an unknown template): no retry. */
  async markFailed(id: number, error: string, now: number, final = false): Promise<void> {
    await this.db
      .prepare(
        `UPDATE notify_sends SET status = 'failed', last_error = ?, updated_at = ?,
           attempts = CASE WHEN ? THEN max(attempts, ?) ELSE attempts END
         WHERE id = ? AND status = 'queued'`,
      )
      .bind(error.slice(0, 300), now, final ? 1 : 0, NOTIFY_MAX_ATTEMPTS, id)
      .run();
  }

  /** Rows the scheduled retry takes: failed with attempts left, or left queued by a run that died. */
  async due(now: number, limit = 50): Promise<number[]> {
    const { results } = await this.db
      .prepare(
        `SELECT id FROM notify_sends WHERE attempts < ?1
           AND (status = 'failed' OR (status = 'queued' AND updated_at < ?2 - ?3))
         ORDER BY updated_at LIMIT ?4`,
      )
      .bind(NOTIFY_MAX_ATTEMPTS, now, STUCK_MS, limit)
      .all<{ id: number }>();
    return results.map((r) => r.id);
  }

  /**
   * Sends older than NOTIFY_KEPT_MS go, the oldest first (ids grow with time: the scan stops at the
   * first PURGE_AT_ONCE old rows without an index on the time).
   */
  async purge(now: number): Promise<number> {
    const { meta } = await this.db
      .prepare(
        `DELETE FROM notify_sends WHERE id IN
           (SELECT id FROM notify_sends WHERE created_at < ? ORDER BY id LIMIT ?)`,
      )
      .bind(now - NOTIFY_KEPT_MS, PURGE_AT_ONCE)
      .run();
    return meta.changes ?? 0;
  }

  /**
   * Whether a member's chat message is the first the owner has not answered: the conversation's
   * first, or the first after the shop's last reply. Only that one reaches the owner's phone; the
   * rest of the run waits in the console (a busy conversation is not a text per line).
   */
  async firstSinceReply(shopId: number, ticketId: number, messageId: number): Promise<boolean> {
    const before = await this.db
      .prepare(
        `SELECT m.sender FROM messages m JOIN tickets t ON t.id = m.ticket_id
         WHERE t.id = ? AND t.shop_id = ? AND m.id < ? ORDER BY m.id DESC LIMIT 1`,
      )
      .bind(ticketId, shopId, messageId)
      .first<{ sender: "member" | "shop" }>();
    return before?.sender !== "member";
  }

  /** The shop's latest sends, for its console. */
  async latest(shopId: number, limit = 30): Promise<NotifySendRow[]> {
    const { results } = await this.db
      .prepare("SELECT * FROM notify_sends WHERE shop_id = ? ORDER BY id DESC LIMIT ?")
      .bind(shopId, limit)
      .all<NotifySendRow>();
    return results;
  }
}
