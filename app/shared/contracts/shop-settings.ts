/** The shop's own settings at /admin/settings (issue 36 item 4, decision 107). */
import { z } from "zod";
import { ShopSettingsBody } from "../forms/shop-settings";
import { endpoint, nullableText } from "./core";
import { SellerType } from "../seller";

/** Everything the settings page shows, as stored (the bank account included: the owner's own). */
export const ShopSettings = z.object({
  name: z.string(),
  profile: nullableText,
  notice: nullableText,
  mcolor: z.string(),
  mcolor2: nullableText,
  scolor: z.string(),
  scolor2: nullableText,
  logo: nullableText,
  use_logo: z.boolean(),
  instagram: nullableText,
  youtube: nullableText,
  naver: nullableText,
  link1: nullableText,
  show_link: z.boolean(),
  /** Who sells (decision 175); null until the owner chooses. */
  seller_type: SellerType.nullable(),
  corpname: nullableText,
  ceo: nullableText,
  idnum: nullableText,
  idnum_singo: nullableText,
  zipcode: nullableText,
  address: nullableText,
  tel: nullableText,
  email: nullableText,
  privacy_officer: nullableText,
  bank_name: nullableText,
  bank_account: nullableText,
  bank_holder: nullableText,
  guest_deposit_hours: z.number().int().nullable(),
  delivery_fee: z.number().int(),
  free_delivery_threshold: z.number().int(),
  jeju_fee: z.number().int(),
  island_fee: z.number().int(),
  show_prod: z.boolean(),
  show_price: z.boolean(),
  bgimg: z.string(),
  linkpage: nullableText,
  review_days: z.number().int(),
  review_point_text: z.number().int(),
  review_point_photo: z.number().int(),
  review_point_month: z.number().int(),
  review_min_length: z.number().int(),
});
export type ShopSettings = z.infer<typeof ShopSettings>;

export const shopSettingsApi = {
  adminShopSettings: endpoint({
    method: "GET",
    path: "/api/myshp/admin/settings",
    query: z.object({}),
    response: ShopSettings,
  }),
  /** One section at a time (the page's forms); answers the settings as now stored. */
  adminShopSettingsSave: endpoint({
    method: "POST",
    path: "/api/myshp/admin/settings/save",
    query: z.object({}),
    body: ShopSettingsBody,
    response: ShopSettings,
  }),
} as const;
