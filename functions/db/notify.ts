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

  /** The shop's latest sends, for its console. */
  async latest(shopId: number, limit = 30): Promise<NotifySendRow[]> {
    const { results } = await this.db
      .prepare("SELECT * FROM notify_sends WHERE shop_id = ? ORDER BY id DESC LIMIT ?")
      .bind(shopId, limit)
      .all<NotifySendRow>();
    return results;
  }
}
