/**
 * Kakao and Naver login (decision 115): the states a login starts with, the one-time tickets the
 * platform's callback hands to a shop's host, and members' identities per shop. Every query names
 * its shop; every single-use row is taken by a conditional UPDATE whose result is checked.
 */

import type { Db } from "./session";
import { ShopMemberStore } from "./shop-members";

export type OAuthProviderName = "kakao" | "naver";
export type StatePurpose = "login" | "link";
export type TicketOutcome = "login" | "linked" | "signup" | "pending" | "exists" | "taken";

export type StateRow = {
  shop_id: number;
  provider: OAuthProviderName;
  purpose: StatePurpose;
  uid: number | null;
  return_origin: string;
  return_path: string;
};

export type TicketRow = {
  state_hash: string;
  shop_id: number;
  return_origin: string;
  return_path: string;
  outcome: TicketOutcome;
  uid: number | null;
  provider: OAuthProviderName;
  provider_user_id: string | null;
  name: string | null;
  /** A first login's Kakao Sync details (JSON of `SyncDetails`), for the sign-up to use. */
  sync: string | null;
};

export type IdentityRow = { provider: OAuthProviderName; linked_at: number };

/** A member made by a first social login has no password: this is what its hash column holds. */
export const NO_PASSWORD = "";

export class OAuthStore {
  constructor(private readonly db: Db) {}

  /** How many logins this client started since `since`: starts write rows, so they are limited. */
  async startsSince(client: string, since: number): Promise<number> {
    const row = await this.db
      .prepare("SELECT count(*) AS n FROM oauth_states WHERE client = ? AND created_at > ?")
      .bind(client, since)
      .first<{ n: number }>();
    return row?.n ?? 0;
  }

  async createState(row: StateRow & { stateHash: string; client: string; now: number; expiresAt: number }) {
    await this.db
      .prepare(
        `INSERT INTO oauth_states (state_hash, shop_id, provider, purpose, uid, return_origin, return_path, client,
                                   created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        row.stateHash,
        row.shop_id,
        row.provider,
        row.purpose,
        row.uid,
        row.return_origin,
        row.return_path,
        row.client,
        row.now,
        row.expiresAt,
      )
      .run();
  }

  /** Takes a state once, for this provider, before it expires; null for unknown, used or expired. */
  consumeState(stateHash: string, provider: OAuthProviderName, now: number): Promise<StateRow | null> {
    return this.db
      .prepare(
        `UPDATE oauth_states SET used_at = ?1
         WHERE state_hash = ?2 AND provider = ?3 AND used_at IS NULL AND expires_at > ?1
         RETURNING shop_id, provider, purpose, uid, return_origin, return_path`,
      )
      .bind(now, stateHash, provider)
      .first<StateRow>();
  }

  async createTicket(row: TicketRow & { ticketHash: string; expiresAt: number }): Promise<void> {
    await this.db.batch([this.ticketStatement(row)]);
  }

  ticketStatement(row: TicketRow & { ticketHash: string; expiresAt: number }): D1PreparedStatement {
    return this.db
      .prepare(
        `INSERT INTO oauth_tickets (ticket_hash, state_hash, shop_id, return_origin, return_path, outcome, uid,
                                    provider, provider_user_id, name, sync, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        row.ticketHash,
        row.state_hash,
        row.shop_id,
        row.return_origin,
        row.return_path,
        row.outcome,
        row.uid,
        row.provider,
        row.provider_user_id,
        row.name,
        row.sync,
        row.expiresAt,
      );
  }

  /**
   * Takes a ticket once: only on the host it was made for, in its shop, with the state of the
   * browser that started the login, before it expires.
   */
  consumeTicket(
    ticketHash: string,
    where: { shopId: number; origin: string; stateHash: string; outcomes: TicketOutcome[] },
    now: number,
  ): Promise<TicketRow | null> {
    const outcomes = where.outcomes.map(() => "?").join(", ");
    return this.db
      .prepare(
        `UPDATE oauth_tickets SET used_at = ?1
         WHERE ticket_hash = ?2 AND shop_id = ?3 AND return_origin = ?4 AND state_hash = ?5
           AND used_at IS NULL AND expires_at > ?1 AND outcome IN (${outcomes})
         RETURNING state_hash, shop_id, return_origin, return_path, outcome, uid, provider, provider_user_id, name,
                   sync`,
      )
      .bind(now, ticketHash, where.shopId, where.origin, where.stateHash, ...where.outcomes)
      .first<TicketRow>();
  }

  /** A pending sign-up as the consent form shows it, without taking it. */
  pending(ticketHash: string, shopId: number, origin: string, now: number): Promise<TicketRow | null> {
    return this.db
      .prepare(
        `SELECT state_hash, shop_id, return_origin, return_path, outcome, uid, provider, provider_user_id, name, sync
         FROM oauth_tickets
         WHERE ticket_hash = ? AND shop_id = ? AND return_origin = ? AND outcome = 'pending'
           AND used_at IS NULL AND expires_at > ?`,
      )
      .bind(ticketHash, shopId, origin, now)
      .first<TicketRow>();
  }

  /**
   * A first login's sign-up in one batch: the pending row taken (its claim marks who took it), the
   * member made without a password only by the batch that took it, and the identity linked to
   * that member. Returns the new uid, or null when the row was gone (used, expired, another tab)
   * or the identity was meanwhile linked.
   */
  async signUp(input: {
    ticketHash: string;
    shopId: number;
    origin: string;
    claim: string;
    placeholderEmail: string;
    name: string;
    marketing: boolean;
    now: number;
    nowMs: number;
  }): Promise<number | null> {
    const taken = `(SELECT provider, provider_user_id FROM oauth_tickets WHERE ticket_hash = ?1 AND claim = ?2)`;
    const results = await this.db.batch([
      this.db
        .prepare(
          `UPDATE oauth_tickets SET used_at = ?3, claim = ?2
           WHERE ticket_hash = ?1 AND shop_id = ?4 AND return_origin = ?5 AND outcome = 'pending'
             AND uid IS NULL AND used_at IS NULL AND expires_at > ?3
             AND NOT EXISTS (SELECT 1 FROM member_identities i
                             WHERE i.shop_id = ?4 AND i.provider = oauth_tickets.provider
                               AND i.provider_user_id = oauth_tickets.provider_user_id)`,
        )
        .bind(input.ticketHash, input.claim, input.now, input.shopId, input.origin),
      this.db
        .prepare(
          `INSERT INTO members (uid, email, password_hash, name, terms_agreed_at, privacy_agreed_at, age_confirmed_at,
                                marketing_agreed_at)
           SELECT max(100001,
                      (SELECT coalesce(max(uid), 0) + 1 FROM members),
                      (SELECT coalesce(max(uid), 0) + 1 FROM shops)), ?3, ?4, ?5, ?6, ?6, ?6, ?7
           WHERE EXISTS ${taken}`,
        )
        .bind(
          input.ticketHash,
          input.claim,
          input.placeholderEmail,
          NO_PASSWORD,
          input.name,
          input.nowMs,
          input.marketing ? input.nowMs : null,
        ),
      this.db
        .prepare(
          `INSERT INTO member_identities (shop_id, provider, provider_user_id, uid, linked_at)
           SELECT ?3, t.provider, t.provider_user_id, (SELECT uid FROM members WHERE email = ?4), ?5
           FROM ${taken} AS t`,
        )
        .bind(input.ticketHash, input.claim, input.shopId, input.placeholderEmail, input.now),
      this.db
        .prepare(
          `SELECT m.uid FROM members m WHERE m.email = ?1
             AND EXISTS (SELECT 1 FROM oauth_tickets WHERE ticket_hash = ?2 AND claim = ?3)`,
        )
        .bind(input.placeholderEmail, input.ticketHash, input.claim),
    ]);
    const row = results[3]?.results?.[0] as { uid: number } | undefined;
    return row?.uid ?? null;
  }

  /**
   * The account a person already has through this provider in another shop (the first shop's
   * 간편 가입 of decision 177): the earliest linked, a withdrawn member's never.
   */
  async accountOf(provider: OAuthProviderName, providerUserId: string): Promise<number | null> {
    const row = await this.db
      .prepare(
        `SELECT i.uid FROM member_identities i JOIN members m ON m.uid = i.uid
         WHERE i.provider = ? AND i.provider_user_id = ? AND m.withdrawn_at IS NULL
         ORDER BY i.linked_at, i.shop_id LIMIT 1`,
      )
      .bind(provider, providerUserId)
      .first<{ uid: number }>();
    return row?.uid ?? null;
  }

  /**
   * The one-tap join of a shop by a person whose account another shop made (decision 177), in one
   * batch: the pending row taken (its claim marks who took it) only while it names that account,
   * the account is not withdrawn and the identity is not linked here yet; then, only for the batch
   * that took it, the identity linked here, the shop's membership with the moment the person
   * agreed to what this shop receives, and the shop's sign-up points once ever (the one join,
   * ShopMemberStore.joinStatements). False when the row was gone or the guard held.
   */
  async joinWithAccount(input: {
    ticketHash: string;
    shopId: number;
    origin: string;
    uid: number;
    claim: string;
    now: number;
    nowMs: number;
  }): Promise<boolean> {
    const taken = `EXISTS (SELECT 1 FROM oauth_tickets WHERE ticket_hash = ?1 AND claim = ?2)`;
    const results = await this.db.batch([
      this.db
        .prepare(
          `UPDATE oauth_tickets SET used_at = ?3, claim = ?2
           WHERE ticket_hash = ?1 AND shop_id = ?4 AND return_origin = ?5 AND outcome = 'pending' AND uid = ?6
             AND used_at IS NULL AND expires_at > ?3
             AND EXISTS (SELECT 1 FROM members WHERE uid = ?6 AND withdrawn_at IS NULL)
             AND NOT EXISTS (SELECT 1 FROM member_identities i
                             WHERE i.shop_id = ?4 AND i.provider = oauth_tickets.provider
                               AND i.provider_user_id = oauth_tickets.provider_user_id)`,
        )
        .bind(input.ticketHash, input.claim, input.now, input.shopId, input.origin, input.uid),
      this.db
        .prepare(
          `INSERT INTO member_identities (shop_id, provider, provider_user_id, uid, linked_at)
           SELECT ?3, t.provider, t.provider_user_id, ?4, ?5
           FROM oauth_tickets t WHERE t.ticket_hash = ?1 AND t.claim = ?2
           ON CONFLICT DO NOTHING`,
        )
        .bind(input.ticketHash, input.claim, input.shopId, input.uid, input.now),
      // The shop's one join (ShopMemberStore.joinStatements), only for the batch that took the row.
      ...new ShopMemberStore(this.db).joinStatements(input.shopId, input.uid, input.nowMs, {
        shared: true,
        when: {
          sql: "EXISTS (SELECT 1 FROM oauth_tickets WHERE ticket_hash = ?5 AND claim = ?6)",
          params: [input.ticketHash, input.claim],
        },
      }),
      this.db.prepare(`SELECT 1 AS ok WHERE ${taken}`).bind(input.ticketHash, input.claim),
    ]);
    return (results.at(-1)?.results?.length ?? 0) > 0;
  }

  /** The member an identity logs in as, in this shop (a withdrawn member's never). */
  async memberOf(shopId: number, provider: OAuthProviderName, providerUserId: string): Promise<number | null> {
    const row = await this.db
      .prepare(
        `SELECT i.uid FROM member_identities i JOIN members m ON m.uid = i.uid
         WHERE i.shop_id = ? AND i.provider = ? AND i.provider_user_id = ? AND m.withdrawn_at IS NULL`,
      )
      .bind(shopId, provider, providerUserId)
      .first<{ uid: number }>();
    return row?.uid ?? null;
  }

  /**
   * Links an identity to a member in this shop; false when it is linked already (to anyone) or the
   * member has another identity of this provider here.
   */
  async link(shopId: number, provider: OAuthProviderName, providerUserId: string, uid: number, now: number) {
    const result = await this.db
      .prepare(
        `INSERT INTO member_identities (shop_id, provider, provider_user_id, uid, linked_at)
         VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      )
      .bind(shopId, provider, providerUserId, uid, now)
      .run();
    return result.meta.changes === 1;
  }

  identities(shopId: number, uid: number): Promise<IdentityRow[]> {
    return this.db
      .prepare("SELECT provider, linked_at FROM member_identities WHERE shop_id = ? AND uid = ? ORDER BY provider")
      .bind(shopId, uid)
      .all<IdentityRow>()
      .then((r) => r.results);
  }

  /**
   * Removes a member's link in this shop unless it is their last way to log in (no password and no
   * other link in this shop), decided inside the one DELETE. False when nothing was removed.
   */
  async unlink(shopId: number, uid: number, provider: OAuthProviderName): Promise<boolean> {
    const result = await this.db
      .prepare(
        `DELETE FROM member_identities
         WHERE shop_id = ?1 AND uid = ?2 AND provider = ?3
           AND ((SELECT password_hash FROM members WHERE uid = ?2) NOT IN ('', '!')
                OR (SELECT count(*) FROM member_identities WHERE shop_id = ?1 AND uid = ?2) > 1)`,
      )
      .bind(shopId, uid, provider)
      .run();
    return result.meta.changes > 0;
  }

  /** Kakao's unlink notice: the person left our app, so their links go in every shop. */
  async unlinkEverywhere(provider: OAuthProviderName, providerUserId: string): Promise<number> {
    const result = await this.db
      .prepare("DELETE FROM member_identities WHERE provider = ? AND provider_user_id = ?")
      .bind(provider, providerUserId)
      .run();
    return result.meta.changes;
  }

  /** Expired states and tickets (the cron). */
  async purge(now: number): Promise<number> {
    const results = await this.db.batch([
      this.db.prepare("DELETE FROM oauth_states WHERE expires_at <= ?").bind(now),
      this.db.prepare("DELETE FROM oauth_tickets WHERE expires_at <= ?").bind(now),
    ]);
    return results.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
  }
}
