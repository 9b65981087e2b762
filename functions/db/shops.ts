import type { TrackingIdsBody } from "~/shared/forms/admin";
import type { ShopInfo } from "~/shared/contracts";
import { legalGaps, type LegalField, type SellerType } from "~/shared/seller";
import type { Db } from "./session";

export type ShopRow = {
  id: number;
  uid: number;
  dom: string;
  dom3: string | null;
  status: ShopInfo["status"];
  shop_type: ShopInfo["shop_type"];
  name: string;
  mcolor: string;
  mcolor2: string | null;
  scolor: string;
  scolor2: string | null;
  btn_color: string | null;
  theme_color: string | null;
  bgimg: string;
  font_name: string;
  font_size: number;
  header_height: number;
  logo: string | null;
  use_logo: number;
  logo_height: number;
  show_link: number;
  design_skin: string;
  design_value: string;
  point: number;
  join_point: number;
  point_rate: number;
  point_unit: number;
  free_delivery_threshold: number;
  delivery_fee: number;
  content_version: number;
  /** Migration 0030: null means the owner is uid. */
  owner_uid: number | null;
  suspended_at: number | null;
  /** Migration 0029 (decision 107). */
  jeju_fee: number;
  island_fee: number;
  /** From the shop's payment keys' row (migration 0025), null without one: see SHOP_SELECT. */
  escrow_mid: string | null;
  escrow_vbank: number | null;
  /** Migration 0051 (decision 175). */
  seller_type: SellerType | null;
  /** How the shop is paid (migration 0054, decision 178). */
  pay_via: "platform" | "own" | null;
  delivery_set_at: number | null;
} & Record<
  | "notice"
  | "linkpage"
  | "naver"
  | "youtube"
  | "instagram"
  | "link1"
  | "help_email"
  | "kakao_cs"
  | "kakao_link"
  | "profile"
  | "facebook_pixel"
  | "facebook_moco_pixel"
  | "rat"
  | "g_tagid"
  | "agency_g_tagid"
  | "agency_gtag_id"
  | "corp"
  | "corpname"
  | "ceo"
  | "idnum"
  | "idnum_singo"
  | "zipcode"
  | "address"
  | "tel"
  | "email"
  | "kcp_code"
  | "privacy_officer",
  string | null
>;

/**
 * A shop as pages read it: its row and the escrow its Toss contract gives (decision 103), in the
 * same round trip, so the footer costs no query of its own.
 */
const SHOP_SELECT = `SELECT s.*, k.escrow_mid AS escrow_mid, k.escrow_vbank AS escrow_vbank
  FROM shops s LEFT JOIN shop_payment_keys k ON k.shop_id = s.id`;

/** The account a shop takes bank transfers on; guests may get fewer hours to pay (decision 047). */
export type ShopBank = { name: string; account: string; holder: string; guestHours: number | null };

export class ShopStore {
  constructor(private readonly db: Db) {}

  /** The shop's points: on or off, the percent earned at 구매확정, the unit they are used in. */
  async setPointTerms(shopId: number, t: { point: boolean; point_rate: number; point_unit: number }): Promise<void> {
    await this.db
      .prepare("UPDATE shops SET point = ?2, point_rate = ?3, point_unit = ?4 WHERE id = ?1")
      .bind(shopId, t.point ? 1 : 0, t.point_rate, t.point_unit)
      .run();
  }

  /** The shop's ad and analytics tag ids as stored (the host's cached record may lag). */
  async tracking(shopId: number): Promise<TrackingIdsBody | null> {
    return await this.db
      .prepare(
        "SELECT facebook_pixel, facebook_moco_pixel, g_tagid, agency_g_tagid, agency_gtag_id FROM shops WHERE id = ?",
      )
      .bind(shopId)
      .first<TrackingIdsBody>();
  }

  /** The shop's ad and analytics tag ids (already validated; null clears one). */
  async setTracking(shopId: number, t: TrackingIdsBody): Promise<void> {
    await this.db
      .prepare(
        `UPDATE shops SET facebook_pixel = ?2, facebook_moco_pixel = ?3, g_tagid = ?4, agency_g_tagid = ?5,
           agency_gtag_id = ?6 WHERE id = ?1`,
      )
      .bind(shopId, t.facebook_pixel, t.facebook_moco_pixel, t.g_tagid, t.agency_g_tagid, t.agency_gtag_id)
      .run();
  }

  /**
   * The seller details the law asks for that the shop lacks now (decision 175), read from the row
   * itself: the host's cached record may lag the owner's save by a few seconds. Null: no such shop.
   */
  async legalGaps(shopId: number): Promise<LegalField[] | null> {
    const row = await this.db
      .prepare("SELECT seller_type, corpname, ceo, idnum, idnum_singo, address, tel, email FROM shops WHERE id = ?")
      .bind(shopId)
      .first<Parameters<typeof legalGaps>[0]>();
    return row ? legalGaps(row) : null;
  }

  /** The shop's bank account, or null when it has not set one up (no bank transfer then). */
  async bank(shopId: number): Promise<ShopBank | null> {
    const row = await this.db
      .prepare("SELECT bank_name, bank_account, bank_holder, guest_deposit_hours FROM shops WHERE id = ?")
      .bind(shopId)
      .first<{
        bank_name: string | null;
        bank_account: string | null;
        bank_holder: string | null;
        guest_deposit_hours: number | null;
      }>();
    return row?.bank_name && row.bank_account && row.bank_holder
      ? { name: row.bank_name, account: row.bank_account, holder: row.bank_holder, guestHours: row.guest_deposit_hours }
      : null;
  }

  /** The count of changes to what the shop's pages show (migration 0020), or null: no such shop. */
  async contentVersion(id: number): Promise<number | null> {
    const row = await this.db
      .prepare("SELECT content_version FROM shops WHERE id = ?")
      .bind(id)
      .first<number>("content_version");
    return row ?? null;
  }

  byId(id: number): Promise<ShopRow | null> {
    return this.db.prepare(`${SHOP_SELECT} WHERE s.id = ?`).bind(id).first<ShopRow>();
  }

  byUid(uid: number): Promise<ShopRow | null> {
    return this.db.prepare(`${SHOP_SELECT} WHERE s.uid = ?`).bind(uid).first<ShopRow>();
  }

  /**
   * A sub-domain label (no dot) matches dom; a host name with dots matches the custom domain, and
   * only while it is connected (Cloudflare said active: decision 092).
   */
  byDomain(domain: string): Promise<ShopRow | null> {
    if (!domain.includes(".")) return this.db.prepare(`${SHOP_SELECT} WHERE s.dom = ?`).bind(domain).first<ShopRow>();
    return this.db
      .prepare(
        `${SHOP_SELECT} JOIN custom_domains d ON s.id = d.shop_id AND s.dom3 = d.hostname
         WHERE d.hostname = ? AND d.state = 'active'`,
      )
      .bind(domain)
      .first<ShopRow>();
  }
}
