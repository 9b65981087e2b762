/**
 * The console's product and category forms (issue 36, decision 106): one schema each, for the
 * API contract and the page's action alike. Numbers arrive as typed ("12,000"); messages are
 * Korean, field by field. The description's HTML is only measured here: the API sanitises it.
 */
import * as z from "zod";
import { koProducts } from "../messages/products";
import { koDelivery } from "../messages/delivery";
import { DELIVERY_RULES } from "../money";
import { checkbox } from "./checkbox";
import { charCount } from "./text";

const t = koProducts.errors;

/** Most options a product has; rows a page may show while the owner adds them. */
export const MAX_PRODUCT_OPTIONS = 50;
/** Most categories one product sits in. */
export const MAX_PRODUCT_CATEGORIES = 20;
/** Characters of description: a form post of Hangul (9 bytes a character, encoded) stays under its cap. */
export const MAX_DESCRIPTION_CHARS = 6000;
const MAX_WON = 100_000_000;
/** The most a fixed delivery fee may be (the column's CHECK, migration 0031). */
export const MAX_DELIVERY_FEE = 1_000_000;
export const MAX_DELIVERY_PER_QTY = 9999;

const text = (max: number, required?: string) =>
  z
    .string({ error: required ?? t.tooLong(max) })
    .transform((v) => v.trim().normalize("NFC"))
    .refine((v) => !required || v.length > 0, { error: required })
    .refine((v) => charCount(v) <= max, { error: t.tooLong(max) });

/** A whole number of won as typed: commas, spaces and 원 allowed; "" is null only when `optional`. */
function parseWon(v: number | string | null, min: number, optional: boolean): number | null | undefined {
  const s = v === null ? "" : String(v).replace(/[,\s원]/g, "");
  if (s === "" && optional) return null;
  if (!/^-?\d{1,9}$/.test(s) || Number(s) < min || Number(s) > MAX_WON) return undefined;
  return Number(s);
}

const typed = (message: string) => z.union([z.number(), z.string(), z.null()], { error: message });

function won(message: string, min: number) {
  return typed(message).transform((v, ctx) => {
    const n = parseWon(v, min, false);
    if (n === undefined || n === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });
}

function optionalWon(message: string, min: number) {
  return typed(message).transform((v, ctx) => {
    const n = parseWon(v, min, true);
    if (n === undefined) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });
}

export const ProductOptionBody = z
  .object({
    id: z.coerce.number().int().positive().optional(),
    name: text(50),
    extra_price: won(t.optionPrice, -MAX_WON),
    /** Asked, never assumed (issue 52 item 3): "" only with 품절 ticked, which saves 0. */
    stock: optionalWon(t.optionStock, 0),
    /**
     * The stock the form was loaded with (an existing option): an unchanged field leaves the row's
     * stock as orders and /admin/stock left it; a changed one is written only if the row still
     * holds this value.
     */
    loaded_stock: z.coerce.number({ error: t.optionStock }).int().min(0).max(MAX_WON).optional(),
    /** 품절: saved as no stock, so that the order path (which counts stock) refuses it too. */
    sold_out: checkbox.default(false),
  })
  .superRefine((o, ctx) => {
    if (o.stock === null && !o.sold_out) ctx.addIssue({ code: "custom", path: ["stock"], message: t.stockRequired });
  })
  .transform((o) => ({ ...o, stock: o.sold_out ? 0 : (o.stock ?? 0) }));
export type ProductOptionBody = z.infer<typeof ProductOptionBody>;

const id = z.coerce.number().int().positive();

export const ProductBody = z
  .object({
    id: id.optional(),
    title: text(100, t.title),
    price: won(t.price, 0),
    list_price: optionalWon(t.price, 0)
      .optional()
      .transform((v) => v ?? null),
    summary: text(200),
    description: z
      .string()
      .transform((v) => v.normalize("NFC"))
      .refine((v) => charCount(v) <= MAX_DESCRIPTION_CHARS, { error: t.description }),
    category_ids: z.array(id).max(MAX_PRODUCT_CATEGORIES, { error: t.category }).default([]),
    // Checked on the rows alone, so that a wrong title or price does not hide a row's message.
    // One unnamed row is a product without choices (its default option); several rows are choices, each named once.
    options: z
      .array(ProductOptionBody)
      .min(1, { error: t.options })
      .max(MAX_PRODUCT_OPTIONS, { error: t.options })
      .superRefine((options, ctx) => {
        if (options.length < 2) return;
        const seen = new Set<string>();
        options.forEach((o, i) => {
          if (o.name === "") ctx.addIssue({ code: "custom", path: [i, "name"], message: t.optionName });
          else if (seen.has(o.name)) ctx.addIssue({ code: "custom", path: [i, "name"], message: t.optionDuplicate });
          seen.add(o.name);
        });
      }),
    adult_only: checkbox.default(false),
    members_only: checkbox.default(false),
    auth_only: checkbox.default(false),
    sold_out: checkbox.default(false),
    visible: checkbox.default(true),
    sort: won(t.sort, 0).refine((n) => n <= 99_999, { error: t.sort }),
    /** Decision 110: the shop's rule, free, or a fixed fee in its own box (per every `delivery_per_qty` pieces). */
    delivery_rule: z.enum(DELIVERY_RULES, { error: koDelivery.errors.rule }).default("shop"),
    delivery_fee: optionalWon(koDelivery.errors.fee, 0)
      .optional()
      .transform((v) => v ?? null),
    delivery_per_qty: optionalWon(koDelivery.errors.perQty, 0)
      .optional()
      .transform((v) => v ?? null),
  })
  .superRefine((p, ctx) => {
    if (p.list_price !== null && p.list_price < p.price) {
      ctx.addIssue({ code: "custom", path: ["list_price"], message: t.listPrice });
    }
    // Only a fixed rule keeps a fee: the other two take none, whatever the hidden fields held.
    if (p.delivery_rule !== "fixed") return;
    if (p.delivery_fee === null || p.delivery_fee < 1 || p.delivery_fee > MAX_DELIVERY_FEE) {
      ctx.addIssue({ code: "custom", path: ["delivery_fee"], message: koDelivery.errors.fee });
    }
    if (p.delivery_per_qty !== null && p.delivery_per_qty > MAX_DELIVERY_PER_QTY) {
      ctx.addIssue({ code: "custom", path: ["delivery_per_qty"], message: koDelivery.errors.perQty });
    }
  })
  .transform((p) => {
    const fixed = p.delivery_rule === "fixed";
    return {
      ...p,
      delivery_fee: fixed ? (p.delivery_fee ?? 0) : 0,
      delivery_per_qty: fixed ? (p.delivery_per_qty ?? 0) : 0,
    };
  });
export type ProductBody = z.infer<typeof ProductBody>;
export type ProductBodyIn = z.input<typeof ProductBody>;

export const ProductActionBody = z.object({
  id,
  intent: z.enum(["hide", "show", "copy", "remove"]),
});
export type ProductActionBody = z.infer<typeof ProductActionBody>;

export const CategoryBody = z.object({
  id: id.optional(),
  name: text(30, t.categoryName),
  /** The parent, a top-level category of this shop; "" or absent for a top-level one. */
  parent_id: z.preprocess((v) => (v === "" || v === "0" || v === 0 ? null : v), id.nullable().default(null)),
});
export type CategoryBody = z.infer<typeof CategoryBody>;

export const CategoryActionBody = z.object({
  id,
  intent: z.enum(["up", "down", "hide", "show"]),
});
export type CategoryActionBody = z.infer<typeof CategoryActionBody>;

/** The product list's filter: 판매중 (on sale, in stock), 품절 (sale ended or no stock), 숨김. */
export const PRODUCT_STATUSES = ["all", "on_sale", "sold_out", "hidden"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
