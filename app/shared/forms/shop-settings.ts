/**
 * The shop's settings at /admin/settings (issue 36 item 4, decision 107): one schema per section,
 * shared by the page's action and the API contract. A text left empty is stored as null.
 */
import * as z from "zod";
import { contrastRatio, onColour } from "../contrast";
import { koShopSettings } from "../messages/shop-settings";
import { PLATFORM_COLOURS, THEME_DEFAULTS } from "../theme-defaults";
import { checkbox } from "./checkbox";
import { charCount } from "./text";
import { phoneDigits, validPhone } from "../phone";
import { koSeller } from "../messages/seller";
import { SELLER_TYPES, type SellerType } from "../seller";
export { SELLER_TYPES, SellerType } from "../seller";

const t = koShopSettings.errors;

/** Trimmed, NFC, at most `max` characters; empty becomes null. */
const optional = (max: number, pattern?: RegExp, message?: string) =>
  z
    .string()
    .nullish()
    .transform((v) => (v ?? "").trim().normalize("NFC"))
    .refine((v) => charCount(v) <= max, { error: t.tooLong(max) })
    .refine((v) => !pattern || v === "" || pattern.test(v), { error: message ?? t.tooLong(max) })
    .transform((v) => (v === "" ? null : v));

const HEX = /^#[0-9a-fA-F]{6}$/;
const hex = z
  .string({ error: t.colour })
  .trim()
  .regex(HEX, { error: t.colour })
  .transform((v) => v.toLowerCase());
const optionalHex = optional(7, HEX, t.colour).transform((v) => v?.toLowerCase() ?? null);

/**
 * The header's own check (app/shared/contrast.ts): it sets its text in whichever of near-black
 * and white reads better on the main colour; a colour on which even that stays under WCAG AA
 * (4.5:1) is refused, since no text could be read on it.
 */
export const readableMain = (hex: string) => contrastRatio(hex, onColour(hex)) >= 4.5;
/** Pages' text sits on the sub colours. */
export const readableSub = (hex: string) => contrastRatio(hex, PLATFORM_COLOURS.text) >= 4.5;

const https = optional(300, /^https:\/\/[^\s<>"]+$/, t.url);
const won = (max: number, message: string) =>
  z
    .union([z.number(), z.string()])
    .transform((v) => String(v).replace(/[,\s원]/g, ""))
    .refine((v) => /^\d{1,8}$/.test(v) && Number(v) <= max, { error: message })
    .transform(Number);

/** 사업자등록번호: ten digits whose last is the check digit of the first nine (국세청's weights). */
export function validBusinessNumber(digits: string): boolean {
  if (!/^\d{10}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = weights.reduce((n, w, i) => n + w * d[i]!, 0);
  sum += Math.floor((d[8]! * 5) / 10);
  return (10 - (sum % 10)) % 10 === d[9];
}

export const IdentityBody = z.object({
  section: z.literal("identity"),
  name: z
    .string({ error: t.name })
    .transform((v) => v.trim().normalize("NFC"))
    .refine((v) => v.length > 0 && charCount(v) <= 40, { error: t.name }),
  profile: optional(500),
  notice: optional(200),
});

export const ColoursBody = z.object({
  section: z.literal("colours"),
  mcolor: hex.refine(readableMain, { error: t.mainContrast }),
  mcolor2: optionalHex,
  scolor: hex.refine(readableSub, { error: t.subContrast }),
  scolor2: optionalHex.refine((v) => v === null || readableSub(v), { error: t.subContrast }),
});

/** The colour fields, and the theme's colour each one's picker shows while its code is empty. */
export const COLOUR_FIELDS = {
  mcolor: THEME_DEFAULTS.color.main,
  mcolor2: THEME_DEFAULTS.color.main2,
  scolor: THEME_DEFAULTS.color.sub,
  scolor2: THEME_DEFAULTS.color.sub2,
} as const;
export type ColourField = keyof typeof COLOUR_FIELDS;

/** What a colour's picker shows for the code in its text field: the code, or the theme's colour. */
export const pickerValue = (name: ColourField, code: string) =>
  (HEX.test(code.trim()) ? code.trim() : COLOUR_FIELDS[name]).toLowerCase();

/**
 * The colours form's values with each picker's choice in (issue 52 item 3): every colour has a
 * code field (`mcolor`), a picker (`mcolor_pick`) and what the code field showed (`mcolor_was`).
 * Scripts keep the two in step; without them a picker moved while its code was left as it was is
 * the choice, and a typed code wins otherwise. ColoursBody then checks the result as any code.
 */
export function pickedColours(values: Record<string, string>): Record<string, string> {
  const out = { ...values };
  for (const name of Object.keys(COLOUR_FIELDS) as ColourField[]) {
    const pick = out[`${name}_pick`];
    const was = out[`${name}_was`];
    delete out[`${name}_pick`];
    delete out[`${name}_was`];
    if (pick === undefined || was === undefined) continue;
    const code = out[name] ?? "";
    if (code.trim() === was.trim() && pick.toLowerCase() !== pickerValue(name, was)) out[name] = pick;
  }
  return out;
}

/** The logo's stored key comes from the page's upload; the API checks it is under this shop's prefix. */
export const LogoBody = z.object({
  section: z.literal("logo"),
  logo: z.string().max(200).nullable(),
  use_logo: checkbox,
});

export const LinksBody = z.object({
  section: z.literal("links"),
  instagram: https,
  youtube: https,
  naver: https,
  link1: https,
  show_link: checkbox,
});

/**
 * The seller's kind (decision 175): one of SELLER_TYPES, or nothing chosen yet (null). A value
 * that is none of them is refused, never stored.
 */
const sellerType = z
  .string()
  .nullish()
  .transform((v) => (v ?? "").trim())
  .refine((v) => v === "" || (SELLER_TYPES as readonly string[]).includes(v), { error: koSeller.typeError })
  .transform((v) => (v === "" ? null : (v as SellerType)));

export const BusinessBody = z.object({
  section: z.literal("business"),
  seller_type: sellerType,
  corpname: optional(60),
  ceo: optional(30),
  idnum: z
    .string()
    .nullish()
    .transform((v) => (v ?? "").replace(/[\s-]/g, ""))
    .refine((v) => v === "" || /^\d{10}$/.test(v), { error: t.idnum })
    .refine((v) => v === "" || validBusinessNumber(v), { error: t.idnumCheck })
    .transform((v) => (v === "" ? null : `${v.slice(0, 3)}-${v.slice(3, 5)}-${v.slice(5)}`)),
  idnum_singo: optional(40, /^[\p{L}\p{N} ()-]+$/u, t.idnumSingo),
  zipcode: optional(5, /^\d{5}$/, t.zipcode),
  address: optional(200),
  // The one phone rule (decision 130), 대표번호 (1588-…) included for a shop; kept as digits.
  tel: optional(20)
    .refine((v) => v === null || validPhone(v, { business: true }), { error: t.tel })
    .transform((v) => (v === null ? null : phoneDigits(v))),
  email: optional(100, /^[^\s@]+@[^\s@]+\.[^\s@]+$/, t.email),
  privacy_officer: optional(30),
});

export const BankBody = z
  .object({
    section: z.literal("bank"),
    bank_name: z
      .string()
      .nullish()
      .transform((v) => v ?? "")
      .refine((v) => v === "" || (koShopSettings.banks as readonly string[]).includes(v), { error: t.bankName })
      .transform((v) => (v === "" ? null : v)),
    bank_account: optional(24, /^(?=(?:\D*\d){10,20}\D*$)\d[\d-]*\d$/, t.bankAccount),
    bank_holder: optional(30),
    guest_deposit_hours: z
      .union([z.number(), z.string()])
      .nullish()
      .transform((v) => String(v ?? "").trim())
      .refine((v) => v === "" || (/^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 72), {
        error: t.guestHours,
      })
      .transform((v) => (v === "" ? null : Number(v))),
  })
  .superRefine((b, ctx) => {
    // Transfers need all three; an owner who takes none clears all three.
    const set = [b.bank_name, b.bank_account, b.bank_holder].filter((v) => v !== null).length;
    if (set !== 0 && set !== 3) {
      const path = b.bank_name === null ? "bank_name" : b.bank_account === null ? "bank_account" : "bank_holder";
      ctx.addIssue({ code: "custom", path: [path], message: t.bankIncomplete });
    }
  });

export const DeliveryBody = z.object({
  section: z.literal("delivery"),
  delivery_fee: won(100_000, t.fee),
  free_delivery_threshold: won(10_000_000, t.threshold),
  jeju_fee: won(100_000, t.fee),
  island_fee: won(100_000, t.fee),
});

/** A whole number in [min, max]; thousands' commas and spaces are allowed, as owners type them. */
const whole = (min: number, max: number, message: string) =>
  z
    .union([z.number(), z.string()])
    .transform((v) => String(v).replace(/[,\s]/g, ""))
    .refine((v) => /^\d{1,7}$/.test(v) && Number(v) >= min && Number(v) <= max, { error: message })
    .transform(Number);

/** The review window and rewards of decision 117 (issue 38 console part); the columns' CHECKs hold too. */
export const ReviewsBody = z.object({
  section: z.literal("reviews"),
  review_days: whole(1, 365, t.reviewDays),
  review_point_text: whole(0, 100_000, t.reviewPoints),
  review_point_photo: whole(0, 100_000, t.reviewPoints),
  review_point_month: whole(0, 100_000, t.reviewPoints),
  review_min_length: whole(0, 1000, t.reviewMinLength),
});

/** One link of the link page: a name, a space, an https address. */
const LINK_LINE = /^(.{1,40}?)\s+(https:\/\/[^\s<>"]+)$/u;
export const MAX_LINKPAGE_LINES = 20;

/** The link page's lines as the page shows them; lines that are not a link are left out. */
export function linkpageLinks(text: string | null): { label: string; url: string }[] {
  return (text ?? "")
    .split("\n")
    .map((line) => LINK_LINE.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ label: m[1]!, url: m[2]! }));
}

export const DisplayBody = z
  .object({
    section: z.literal("display"),
    show_prod: checkbox,
    show_price: checkbox,
    bgimg: z.enum(["default", "none", "own"]).catch("default"),
    /** With "own": the stored key of the page's upload; the API checks it is under this shop's prefix. */
    bg_key: z
      .string()
      .max(200)
      .nullish()
      .transform((v) => v || null),
    linkpage: z
      .string()
      .nullish()
      .transform((v) => (v ?? "").normalize("NFC").replace(/\r\n?/g, "\n").trim())
      .refine(
        (v) => {
          const lines = v === "" ? [] : v.split("\n").filter((l) => l.trim() !== "");
          return lines.length <= MAX_LINKPAGE_LINES && lines.every((l) => LINK_LINE.test(l.trim()));
        },
        { error: t.linkpage },
      )
      .transform((v) => (v === "" ? null : v)),
  })
  .refine((b) => b.bgimg !== "own" || b.bg_key !== null, { path: ["bgimg"], error: t.bgMissing });

/** The page's background choices and what each stores in shops.bgimg; "own" stores its upload's key. */
export const BACKGROUNDS = { default: "/bg.png", none: "" } as const;

/** What shops.bgimg holds, as the page's choice. */
export const backgroundChoice = (bgimg: string): "default" | "none" | "own" =>
  bgimg === BACKGROUNDS.none ? "none" : bgimg.startsWith("uploads/") ? "own" : "default";

export const ShopSettingsBody = z.discriminatedUnion("section", [
  IdentityBody,
  ColoursBody,
  LogoBody,
  LinksBody,
  BusinessBody,
  BankBody,
  DeliveryBody,
  DisplayBody,
  ReviewsBody,
]);
export type ShopSettingsBody = z.infer<typeof ShopSettingsBody>;
export type SettingsSection = ShopSettingsBody["section"];
export const SETTINGS_SECTIONS = [
  "identity",
  "colours",
  "logo",
  "links",
  "business",
  "bank",
  "delivery",
  "display",
  "reviews",
] as const satisfies readonly SettingsSection[];
