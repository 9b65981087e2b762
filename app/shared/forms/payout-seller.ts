/**
 * The seller registration at /admin/payments (issue 52 item 1, decision 178): one schema for the
 * page's action and the API contract. What Toss's 지급대행 asks of a seller: who (a person, a sole
 * proprietor or a company), how to reach them, and the account to pay into.
 */
import * as z from "zod";
import { koSettlement } from "../messages/settlement";
import { mobileDigits } from "../phone";
import { validBusinessNumber } from "./shop-settings";
import { charCount } from "./text";

const t = koSettlement.errors;

export const SELLER_TYPES = ["INDIVIDUAL", "INDIVIDUAL_BUSINESS", "CORPORATE"] as const;
export type SellerType = (typeof SELLER_TYPES)[number];

const text = (max: number, message: string) =>
  z
    .string({ error: message })
    .transform((v) => v.trim().normalize("NFC"))
    .refine((v) => v.length > 0 && charCount(v) <= max, { error: message });

export const SellerBody = z
  .object({
    business_type: z.enum(SELLER_TYPES, { error: t.type }),
    name: text(30, t.name),
    representative: z
      .string()
      .nullish()
      .transform((v) => (v ?? "").trim().normalize("NFC")),
    business_number: z
      .string()
      .nullish()
      .transform((v) => (v ?? "").replace(/[\s-]/g, "")),
    email: z
      .string({ error: t.email })
      .trim()
      .max(100, t.email)
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, t.email),
    phone: z
      .string({ error: t.phone })
      .transform((v) => mobileDigits(v) ?? "")
      .refine((v) => v !== "", { error: t.phone }),
    bank_code: z.string({ error: t.bank }).regex(/^\d{2,3}$/, t.bank),
    account_number: z
      .string({ error: t.account })
      .transform((v) => v.replace(/[\s-]/g, ""))
      .refine((v) => /^\d{10,20}$/.test(v), { error: t.account }),
    holder: text(30, t.holder),
  })
  .superRefine((b, ctx) => {
    if (b.business_type === "INDIVIDUAL") return;
    if (!b.representative || charCount(b.representative) > 30) {
      ctx.addIssue({ code: "custom", path: ["representative"], message: t.representative });
    }
    if (!/^\d{10}$/.test(b.business_number) || !validBusinessNumber(b.business_number)) {
      ctx.addIssue({ code: "custom", path: ["business_number"], message: t.businessNumber });
    }
  });
export type SellerBody = z.infer<typeof SellerBody>;
export type SellerInput = z.input<typeof SellerBody>;

export const PayViaBody = z.object({ via: z.literal("platform") });
