import type { ShopInfo, SkinDetail } from "~/lib/api/contracts";
import { THEME_DEFAULTS } from "~/lib/theme-defaults";
import { shopOrigin } from "../host";

/** Skin detail defaults of spec §3; a shop's design_value overrides any of them. */
export const SKIN_DEFAULTS: SkinDetail = { ...THEME_DEFAULTS.skin };

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
  free_delivery_threshold: number;
  delivery_fee: number;
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
  | "kcp_code",
  string | null
>;

function parseSkin(json: string): SkinDetail {
  try {
    const value = JSON.parse(json) as Partial<SkinDetail>;
    return { ...SKIN_DEFAULTS, ...value };
  } catch {
    return { ...SKIN_DEFAULTS };
  }
}

export function toShopInfo(row: ShopRow, platformDomain: string, requestUrl?: URL): ShopInfo {
  return {
    shopid: row.id,
    uid: row.uid,
    dom: row.dom,
    dom3: row.dom3,
    url: shopOrigin(row, platformDomain, requestUrl),
    status: row.status,
    shop_type: row.shop_type,
    name: row.name,
    mcolor: row.mcolor,
    mcolor2: row.mcolor2,
    scolor: row.scolor,
    scolor2: row.scolor2,
    btn_color: row.btn_color,
    themeColor: row.theme_color,
    bgimg: row.bgimg,
    font_name: row.font_name,
    font_size: row.font_size,
    header_height: row.header_height,
    logo: row.logo,
    use_logo: row.use_logo === 1,
    logo_height: row.logo_height,
    show_link: row.show_link === 1,
    design: { skin: row.design_skin, value: parseSkin(row.design_value) },
    notice: row.notice,
    linkpage: row.linkpage,
    naver: row.naver,
    youtube: row.youtube,
    instagram: row.instagram,
    link1: row.link1,
    help_email: row.help_email,
    kakao_cs: row.kakao_cs,
    kakao_link: row.kakao_link,
    profile: row.profile,
    facebook_pixel: row.facebook_pixel,
    facebook_moco_pixel: row.facebook_moco_pixel,
    rat: row.rat,
    g_tagid: row.g_tagid,
    agency_g_tagid: row.agency_g_tagid,
    agency_gtag_id: row.agency_gtag_id,
    point: row.point === 1,
    join_point: row.join_point,
    corp: row.corp,
    corpname: row.corpname,
    ceo: row.ceo,
    idnum: row.idnum,
    idnum_singo: row.idnum_singo,
    zipcode: row.zipcode,
    address: row.address,
    tel: row.tel,
    email: row.email,
    kcp_code: row.kcp_code,
    free_delivery_threshold: row.free_delivery_threshold,
    delivery_fee: row.delivery_fee,
  };
}

export class ShopStore {
  constructor(private readonly db: D1Database) {}

  byId(id: number): Promise<ShopRow | null> {
    return this.db.prepare("SELECT * FROM shops WHERE id = ?").bind(id).first<ShopRow>();
  }

  byUid(uid: number): Promise<ShopRow | null> {
    return this.db.prepare("SELECT * FROM shops WHERE uid = ?").bind(uid).first<ShopRow>();
  }

  /** A sub-domain label (no dot) matches dom; a host name with dots matches the custom domain. */
  byDomain(domain: string): Promise<ShopRow | null> {
    const column = domain.includes(".") ? "dom3" : "dom";
    return this.db.prepare(`SELECT * FROM shops WHERE ${column} = ?`).bind(domain).first<ShopRow>();
  }
}
