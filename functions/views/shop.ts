import type { ShopInfo, SkinDetail } from "~/shared/contracts";
import { THEME_DEFAULTS } from "~/shared/theme-defaults";
import { legalGaps } from "~/shared/seller";
import type { ShopRow } from "../db/shops";
import { shopOrigin } from "../host";

/** Skin detail defaults of spec §3; a shop's design_value overrides any of them. */
export const SKIN_DEFAULTS: SkinDetail = { ...THEME_DEFAULTS.skin };

function parseSkin(json: string): SkinDetail {
  try {
    const value = JSON.parse(json) as Partial<SkinDetail>;
    return { ...SKIN_DEFAULTS, ...value };
  } catch {
    return { ...SKIN_DEFAULTS };
  }
}

/**
 * The escrow a shop offers (decision 103): only with a MID and a method it covers, so a footer
 * never shows a mark for a setting the order sheet would not offer. Without keys there is no row,
 * hence no MID.
 */
function toEscrow(row: ShopRow): ShopInfo["escrow"] {
  if (!row.escrow_mid || row.escrow_vbank !== 1) return null;
  return { provider: "toss", mid: row.escrow_mid, vbank: true };
}

/** A shop row as every page reads it; `url` is its home address, custom domain first. */
export function toShopInfo(row: ShopRow, platformDomain: string, requestUrl?: URL): ShopInfo {
  return {
    shopid: row.id,
    uid: row.uid,
    owner_uid: row.owner_uid ?? row.uid,
    suspended: row.suspended_at !== null,
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
    point_rate: row.point_rate,
    point_unit: row.point_unit,
    seller_type: row.seller_type,
    broker: row.pay_via === "platform",
    legal_gaps: legalGaps(row),
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
    privacy_officer: row.privacy_officer,
    jeju_fee: row.jeju_fee,
    island_fee: row.island_fee,
    escrow: toEscrow(row),
    free_delivery_threshold: row.free_delivery_threshold,
    delivery_fee: row.delivery_fee,
    content_version: row.content_version,
  };
}

/** A member's own shop, as the account menu links to it. */
export function toShopSummary(row: ShopRow, platformDomain: string, requestUrl?: URL) {
  return {
    shopid: row.id,
    dom: row.dom,
    dom3: row.dom3,
    name: row.name,
    url: shopOrigin(row, platformDomain, requestUrl),
  };
}
