/**
 * The smart order's forms (issue 13): adding a dish, changing a line, ordering, and the owner's
 * tables. One schema each for the API contract and the pages' actions (which read check boxes
 * with FormData.getAll). Prices are never a field: the server reads them from the menu.
 */
import * as z from "zod";
import { koSmart } from "../messages/smart";
import { charCount } from "./text";
import { MAX_TABLE_LINE_QTY } from "../limits";

const t = koSmart.errors;
const int = z.coerce.number().int();

/** A form's one-time key: the same order twice (double tap, retry) is one order. */
export const orderKey = z.string().regex(/^[0-9a-zA-Z-]{8,64}$/, { error: t.ordered });

export const TableAddBody = z.object({
  sid: z.string().trim().min(1, { error: t.itemGone }).max(40, { error: t.itemGone }),
  /** The chosen option (pid3); absent for an item without a choice. */
  option: int.positive({ error: t.choose }).optional(),
  extras: z
    .array(int.positive({ error: t.extra }))
    .max(20, { error: t.extra })
    .default([]),
  qty: int.min(1, { error: t.qty }).max(MAX_TABLE_LINE_QTY, { error: t.qty }).default(1),
});

export const TableQtyBody = z.object({
  line: int.positive(),
  qty: int.min(0, { error: t.qty }).max(MAX_TABLE_LINE_QTY, { error: t.qty }),
});

/**
 * 선결제 at a table (decision 105): a card or a wallet in Toss's window. No virtual account or
 * transfer: a table cannot wait for a deposit.
 */
export const TABLE_CARD_CHOICES = ["card", "kakaopay", "naverpay", "tosspay"] as const;
export type TableCardChoice = (typeof TABLE_CARD_CHOICES)[number];
export const isTableCardChoice = (v: unknown): v is TableCardChoice =>
  (TABLE_CARD_CHOICES as readonly unknown[]).includes(v);

export const TABLE_PAY = ["counter", "bank", "points", ...TABLE_CARD_CHOICES] as const;

export const TableOrderBody = z
  .object({
    key: orderKey,
    memo: z
      .string()
      .default("")
      .transform((v) =>
        v
          .trim()
          .normalize("NFC")
          .replace(/[\u0000-\u001f\u007f]/g, " "),
      )
      .refine((v) => charCount(v) <= 200, { error: t.memo }),
    pay: z.enum(TABLE_PAY, { error: t.pay }).default("counter"),
    depositor: z
      .string()
      .default("")
      .transform((v) => v.trim().normalize("NFC"))
      .refine((v) => charCount(v) <= 20, { error: t.depositor }),
  })
  .refine((b) => b.pay !== "bank" || b.depositor !== "", { error: t.depositor, path: ["depositor"] });

/** The restaurant's 결제 방식: 후불 at the counter (`later`) or 선결제 at the table (`first`). */
export const TablePayModeBody = z.object({
  mode: z.enum(["later", "first"], { error: koSmart.admin.payModeRequired }),
});

export const TableNameBody = z.object({
  name: z
    .string()
    .transform((v) => v.trim().normalize("NFC"))
    .refine((v) => charCount(v) >= 1 && charCount(v) <= 20 && !/[\u0000-\u001f<>]/.test(v), {
      error: koSmart.admin.nameRequired,
    }),
});

export const TableActBody = z.object({
  id: int.positive(),
  act: z.enum(["renew", "retire", "end"]),
});
