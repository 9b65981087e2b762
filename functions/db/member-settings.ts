import { sqlPlaced } from "~/shared/order-status";
import { MAX_ADDRESSES, type SavedAddress } from "~/shared/contracts/settings";
import type { ProviderAddress } from "../auth/oauth-providers";
import type { Db } from "./session";

type AddressRow = Omit<SavedAddress, "is_default"> & { is_default: number };
export type NewAddress = Omit<SavedAddress, "id">;

/** Orders still under way: placed (app/shared/order-status.ts `isPlaced`) and not finished. */
const IN_PROGRESS = `${sqlPlaced("o")}
  AND o.status NOT IN ('CONFIRM_DELIVERY', 'CANCELED', 'REFUNDED', 'DONE')`;

/**
 * A member's settings (migration 0013): marketing consent, the address book (at most
 * MAX_ADDRESSES, exactly one default while there are any) and closing the account (decision 059).
 */
export class MemberSettingsStore {
  constructor(private readonly db: Db) {}

  /**
   * The account's e-mail and consent, and whether it has a password: a member who signed up with
   * Kakao or Naver (decision 115) has none, and an e-mail of ours nobody can receive.
   */
  async settings(uid: number) {
    return this.db
      .prepare(
        `SELECT email, marketing_agreed_at, password_hash NOT IN ('', '!') AS has_password, phone
         FROM members WHERE uid = ?`,
      )
      .bind(uid)
      .first<{ email: string; marketing_agreed_at: number | null; has_password: number; phone: string | null }>();
  }

  /**
   * The member's own mobile number (decision 180), digits, or null to remove it; a withdrawn
   * account keeps none. Returns what the account now has.
   */
  async setPhone(uid: number, phone: string | null): Promise<string | null> {
    const row = await this.db
      .prepare(
        `UPDATE members SET phone = ?2, updated_at = unixepoch() WHERE uid = ?1 AND withdrawn_at IS NULL
         RETURNING phone`,
      )
      .bind(uid, phone)
      .first<{ phone: string | null }>();
    return row?.phone ?? null;
  }

  /** Agreeing keeps the first date; withdrawing the consent clears it. */
  async setMarketing(uid: number, agree: boolean, now: number): Promise<number | null> {
    const row = await this.db
      .prepare(
        `UPDATE members SET marketing_agreed_at = CASE WHEN ?2 THEN COALESCE(marketing_agreed_at, ?3) END,
                            updated_at = unixepoch()
         WHERE uid = ?1 RETURNING marketing_agreed_at`,
      )
      .bind(uid, agree ? 1 : 0, now)
      .first<{ marketing_agreed_at: number | null }>();
    return row?.marketing_agreed_at ?? null;
  }

  /** The address book and the account's own phone (decision 180), in one batch (one round trip). */
  async addressBook(uid: number): Promise<{ items: SavedAddress[]; phone: string | null }> {
    const [book, member] = await this.db.batch([
      this.addressesStatement(uid),
      this.db.prepare("SELECT phone FROM members WHERE uid = ? AND withdrawn_at IS NULL").bind(uid),
    ]);
    const items = (book!.results as AddressRow[]).map((r) => ({ ...r, is_default: r.is_default === 1 }));
    return { items, phone: (member!.results as { phone: string | null }[])[0]?.phone ?? null };
  }

  /** The book, the default first, then the newest. */
  private addressesStatement(uid: number): D1PreparedStatement {
    return this.db
      .prepare(
        `SELECT id, receiver_name, receiver_phone, postcode, address, detail, is_default FROM member_addresses
         WHERE uid = ? ORDER BY is_default DESC, created_at DESC, id DESC`,
      )
      .bind(uid);
  }

  /**
   * Adds an address, in one batch: only below MAX_ADDRESSES; the first one, or one marked so,
   * becomes the default (the old default stops being it). Null when the book is full.
   */
  async addAddress(uid: number, a: NewAddress, now: number): Promise<SavedAddress | null> {
    const [, inserted] = await this.db.batch([
      this.db
        .prepare(
          `UPDATE member_addresses SET is_default = 0 WHERE uid = ?1 AND is_default = 1 AND ?2
             AND (SELECT COUNT(*) FROM member_addresses WHERE uid = ?1) < ${MAX_ADDRESSES}`,
        )
        .bind(uid, a.is_default ? 1 : 0),
      this.db
        .prepare(
          `INSERT INTO member_addresses (uid, receiver_name, receiver_phone, postcode, address, detail, is_default, created_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6,
                  CASE WHEN ?7 OR NOT EXISTS (SELECT 1 FROM member_addresses WHERE uid = ?1 AND is_default = 1) THEN 1 ELSE 0 END,
                  ?8
           WHERE (SELECT COUNT(*) FROM member_addresses WHERE uid = ?1) < ${MAX_ADDRESSES}
           RETURNING id, receiver_name, receiver_phone, postcode, address, detail, is_default`,
        )
        .bind(uid, a.receiver_name, a.receiver_phone, a.postcode, a.address, a.detail, a.is_default ? 1 : 0, now),
    ]);
    const row = (inserted!.results as AddressRow[])[0];
    return row ? { ...row, is_default: row.is_default === 1 } : null;
  }

  /**
   * Kakao Sync's details fill what the account is missing (decision 177), in one batch: the phone
   * only while the account has none; the addresses once per account (`kakao_addresses_at`, so one
   * the member removed stays removed), each only when the book has no entry at the same postcode,
   * address and detail and has room, the first (Kakao's default comes first) the default only when
   * the book has none. Nothing the member has is changed. Returns how many addresses were added.
   */
  async fillFromProvider(
    uid: number,
    details: { phone?: string | null; addresses?: ProviderAddress[] },
    now: number,
  ): Promise<{ phone: boolean; addresses: number }> {
    const statements: D1PreparedStatement[] = [];
    const addresses = details.addresses ?? [];
    if (details.phone) {
      statements.push(
        this.db
          .prepare(
            `UPDATE members SET phone = ?2, updated_at = unixepoch()
             WHERE uid = ?1 AND phone IS NULL AND withdrawn_at IS NULL`,
          )
          .bind(uid, details.phone),
      );
    }
    const phoneAt = statements.length - 1;
    const firstAddress = statements.length + 1;
    if (addresses.length > 0) {
      // The claim: only the batch that marks the account inserts (two logins at once add once).
      statements.push(
        this.db
          .prepare(
            `UPDATE members SET kakao_addresses_at = ?2
             WHERE uid = ?1 AND kakao_addresses_at IS NULL AND withdrawn_at IS NULL`,
          )
          .bind(uid, now),
      );
      for (const a of addresses) {
        statements.push(
          this.db
            .prepare(
              `INSERT INTO member_addresses (uid, receiver_name, receiver_phone, postcode, address, detail, is_default, created_at)
               SELECT ?1, ?2, ?3, ?4, ?5, ?6,
                      CASE WHEN NOT EXISTS (SELECT 1 FROM member_addresses WHERE uid = ?1 AND is_default = 1) THEN 1 ELSE 0 END,
                      ?7
               WHERE EXISTS (SELECT 1 FROM members WHERE uid = ?1 AND kakao_addresses_at = ?7)
                 AND (SELECT COUNT(*) FROM member_addresses WHERE uid = ?1) < ${MAX_ADDRESSES}
                 AND NOT EXISTS (SELECT 1 FROM member_addresses
                                 WHERE uid = ?1 AND postcode = ?4 AND address = ?5 AND detail = ?6)`,
            )
            .bind(uid, a.receiver_name, a.receiver_phone, a.postcode, a.address, a.detail, now),
        );
      }
    }
    if (statements.length === 0) return { phone: false, addresses: 0 };
    const results = await this.db.batch(statements);
    const added = results.slice(firstAddress).reduce((n, r) => n + (r.meta.changes ?? 0), 0);
    return { phone: phoneAt >= 0 && (results[phoneAt]!.meta.changes ?? 0) > 0, addresses: added };
  }

  /** Makes address `id` of `uid` the default. False when it is not theirs. */
  async makeDefault(uid: number, id: number): Promise<boolean> {
    const [, set] = await this.db.batch([
      this.db
        .prepare(
          `UPDATE member_addresses SET is_default = 0
           WHERE uid = ?1 AND is_default = 1 AND EXISTS (SELECT 1 FROM member_addresses WHERE id = ?2 AND uid = ?1)`,
        )
        .bind(uid, id),
      this.db.prepare("UPDATE member_addresses SET is_default = 1 WHERE id = ?2 AND uid = ?1").bind(uid, id),
    ]);
    return (set!.meta.changes ?? 0) > 0;
  }

  /** Removes address `id` of `uid`; the newest left becomes the default if it was. */
  async removeAddress(uid: number, id: number): Promise<boolean> {
    const [removed] = await this.db.batch([
      this.db.prepare("DELETE FROM member_addresses WHERE id = ?2 AND uid = ?1").bind(uid, id),
      this.db
        .prepare(
          `UPDATE member_addresses SET is_default = 1
           WHERE id = (SELECT id FROM member_addresses WHERE uid = ?1 ORDER BY created_at DESC, id DESC LIMIT 1)
             AND NOT EXISTS (SELECT 1 FROM member_addresses WHERE uid = ?1 AND is_default = 1)`,
        )
        .bind(uid),
    ]);
    return (removed!.meta.changes ?? 0) > 0;
  }

  /** Why the account cannot be closed now, or null. */
  async withdrawBlocker(uid: number): Promise<"busy" | "owner" | null> {
    const row = await this.db
      .prepare(
        `SELECT EXISTS (SELECT 1 FROM shops WHERE uid = ?1) AS owner,
                EXISTS (SELECT 1 FROM orders o WHERE o.owner = ?2 AND ${IN_PROGRESS}) AS busy`,
      )
      .bind(uid, `m:${uid}`)
      .first<{ owner: number; busy: number }>();
    if (row?.owner) return "owner";
    return row?.busy ? "busy" : null;
  }

  /**
   * Closes the account (decision 059) in one batch, each statement guarded by "no order under way"
   * so a payment racing the withdrawal leaves everything as it was: personal data erased (the
   * e-mail freed for a new account), sign-in impossible, sessions, addresses, carts, favourites,
   * views and shop memberships (with their points) gone; orders and payments kept for the law.
   * False when the guard held it back.
   */
  async withdraw(uid: number, now: number): Promise<boolean> {
    const owner = `m:${uid}`;
    const guard = `NOT EXISTS (SELECT 1 FROM orders o WHERE o.owner = ?3 AND ${IN_PROGRESS})`;
    const results = await this.db.batch([
      this.db
        .prepare(
          `UPDATE members SET email = 'withdrawn-' || uid || '@invalid', password_hash = '!', name = '탈퇴 회원',
                  profile = NULL, phone = NULL, identity_verified_at = NULL, adult_verified_at = NULL,
                  identity_until = NULL, adult_until = NULL, identity_provider = NULL,
                  identity_verification_id = NULL, identity_subject = NULL,
                  marketing_agreed_at = NULL, withdrawn_at = ?2, updated_at = unixepoch()
           WHERE uid = ?1 AND withdrawn_at IS NULL AND ${guard}`,
        )
        .bind(uid, now, owner),
      ...[
        "DELETE FROM sessions WHERE uid = ?1",
        "DELETE FROM member_identities WHERE uid = ?1",
        "DELETE FROM member_addresses WHERE uid = ?1",
        "DELETE FROM shop_members WHERE uid = ?1",
        "DELETE FROM shop_share_refusals WHERE uid = ?1",
        "DELETE FROM cart_lines WHERE owner = ?2",
        "DELETE FROM carts WHERE owner = ?2",
        "DELETE FROM favourites WHERE owner = ?2",
        "DELETE FROM recent_views WHERE owner = ?2",
      ].map((sql) =>
        this.db
          .prepare(`${sql} AND EXISTS (SELECT 1 FROM members WHERE uid = ?1 AND withdrawn_at = ?3)`)
          .bind(uid, owner, now),
      ),
    ]);
    return (results[0]!.meta.changes ?? 0) > 0;
  }
}
