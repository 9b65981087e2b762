import type { ShopSettings } from "~/shared/contracts/shop-settings";
import { BACKGROUNDS, type ShopSettingsBody } from "~/shared/forms/shop-settings";
import { shopBackgroundPrefix, shopLogoPrefix } from "~/shared/uploads";
import type { Db } from "./session";

/** The design JSON, or an empty object when a seed or an old write left it unreadable. */
const DESIGN = "(CASE WHEN json_valid(design_value) THEN design_value ELSE '{}' END)";

const READ = `SELECT name, profile, notice, mcolor, mcolor2, scolor, scolor2, logo, use_logo, instagram, youtube,
  naver, link1, show_link, seller_type, corpname, ceo, idnum, idnum_singo, zipcode, address, tel, email, privacy_officer,
  bank_name, bank_account, bank_holder, guest_deposit_hours, delivery_fee, free_delivery_threshold, jeju_fee,
  island_fee, bgimg, linkpage, review_days, review_point_text, review_point_photo, review_point_month,
  review_min_length,
  coalesce(json_extract(${DESIGN}, '$.show_prod'), 1) AS show_prod,
  coalesce(json_extract(${DESIGN}, '$.show_price'), 1) AS show_price
  FROM shops WHERE id = ?`;

type Row = Omit<ShopSettings, "use_logo" | "show_link" | "show_prod" | "show_price"> &
  Record<"use_logo" | "show_link" | "show_prod" | "show_price", number>;

const toSettings = (row: Row): ShopSettings => ({
  ...row,
  use_logo: row.use_logo === 1,
  show_link: row.show_link === 1,
  show_prod: Number(row.show_prod) !== 0,
  show_price: Number(row.show_price) !== 0,
});

/** The columns one section writes, as `SET` text and values (after the shop id, ?1). */
function assignments(body: ShopSettingsBody): { set: string; values: unknown[] } {
  const columns = (values: Record<string, unknown>) => {
    const names = Object.keys(values);
    return { set: names.map((n, i) => `${n} = ?${i + 2}`).join(", "), values: Object.values(values) };
  };
  switch (body.section) {
    case "identity":
      return columns({ name: body.name, profile: body.profile, notice: body.notice });
    case "colours":
      return columns({ mcolor: body.mcolor, mcolor2: body.mcolor2, scolor: body.scolor, scolor2: body.scolor2 });
    case "logo":
      // A logo shown needs a picture; without one the header keeps the shop's name.
      return columns({ logo: body.logo, use_logo: body.use_logo && body.logo !== null ? 1 : 0 });
    case "links":
      return columns({
        instagram: body.instagram,
        youtube: body.youtube,
        naver: body.naver,
        link1: body.link1,
        show_link: body.show_link ? 1 : 0,
      });
    case "business":
      return columns({
        seller_type: body.seller_type,
        corpname: body.corpname,
        // The spec's footer reads corp as well as corpname: one name for both.
        corp: body.corpname,
        ceo: body.ceo,
        idnum: body.idnum,
        idnum_singo: body.idnum_singo,
        zipcode: body.zipcode,
        address: body.address,
        tel: body.tel,
        email: body.email,
        privacy_officer: body.privacy_officer,
      });
    case "bank":
      return columns({
        bank_name: body.bank_name,
        bank_account: body.bank_account,
        bank_holder: body.bank_holder,
        guest_deposit_hours: body.guest_deposit_hours,
      });
    case "delivery": {
      const fees = columns({
        delivery_fee: body.delivery_fee,
        free_delivery_threshold: body.free_delivery_threshold,
        jeju_fee: body.jeju_fee,
        island_fee: body.island_fee,
      });
      // The first save is the owner's word on the fees (decision 175): the set-up's 배송비 step is done.
      return { ...fees, set: `${fees.set}, delivery_set_at = COALESCE(delivery_set_at, unixepoch())` };
    }
    case "reviews":
      // Read by ReviewStore at each write: a new amount applies to the next review, never to one paid.
      return columns({
        review_days: body.review_days,
        review_point_text: body.review_point_text,
        review_point_photo: body.review_point_photo,
        review_point_month: body.review_point_month,
        review_min_length: body.review_min_length,
      });
    case "display": {
      const bgimg = body.bgimg === "own" ? body.bg_key : BACKGROUNDS[body.bgimg];
      const values = [body.show_prod ? 1 : 0, body.show_price ? 1 : 0, bgimg, body.linkpage];
      return {
        set: `design_value = json_set(${DESIGN}, '$.show_prod', ?2, '$.show_price', ?3), bgimg = ?4, linkpage = ?5`,
        values,
      };
    }
  }
}

/** A shop's own settings (/admin/settings, decision 107), always by the shop's id. */
export class ShopSettingsStore {
  constructor(private readonly db: Db) {}

  async read(shopId: number): Promise<ShopSettings | null> {
    const row = await this.db.prepare(READ).bind(shopId).first<Row>();
    return row ? toSettings(row) : null;
  }

  /**
   * One section's write and the settings after it, in one batch. A logo or a backdrop of the
   * shop's own is kept only under this shop's own upload prefix (the SQL says so too, whatever
   * the caller checked). The shops_content trigger bumps content_version, so cached pages follow
   * at once. Null: nothing was written.
   */
  async save(shopId: number, body: ShopSettingsBody): Promise<ShopSettings | null> {
    const { set, values } = assignments(body);
    // The prefixes are bound as text: a number concatenated in SQL may read as "1.0".
    let guard = "";
    let bound = values;
    if (body.section === "logo") {
      guard = ` AND (?2 IS NULL OR substr(?2, 1, length(?4)) = ?4)`;
      bound = [...values, shopLogoPrefix(shopId)];
    } else if (body.section === "display") {
      // The platform's own choices, or a key of this shop's backdrop uploads; never null.
      guard = ` AND (?4 IN (?6, ?7) OR (?4 IS NOT NULL AND substr(?4, 1, length(?8)) = ?8))`;
      bound = [...values, BACKGROUNDS.default, BACKGROUNDS.none, shopBackgroundPrefix(shopId)];
    }
    const [update, read] = await this.db.batch([
      this.db.prepare(`UPDATE shops SET ${set} WHERE id = ?1${guard}`).bind(shopId, ...bound),
      this.db.prepare(READ).bind(shopId),
    ]);
    if (!update?.meta.changes) return null;
    const row = (read?.results as Row[] | undefined)?.[0];
    return row ? toSettings(row) : null;
  }
}
