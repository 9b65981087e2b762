/**
 * The cart view's form, shared by the page (which renders and submits it) and its action (which
 * reads it). Without JavaScript every button posts the whole form, so the quantities on screen
 * are saved with whatever the button does.
 */

import { MAX_LINE_QTY } from "./limits";

export type LineKey = `${number}.${number}`;

export const lineKey = (l: { pid2: number; pid3: number }): LineKey => `${l.pid2}.${l.pid3}`;

export function parseLineKey(value: string): { pid2: number; pid3: number } | null {
  const m = /^(\d{1,12})\.(\d{1,12})$/.exec(value);
  return m ? { pid2: Number(m[1]), pid3: Number(m[2]) } : null;
}

export const field = {
  /** One per line: its key. */
  line: "line",
  /** qty:{key}: the quantity on screen. */
  qty: (key: LineKey) => `qty:${key}`,
  /** Lines removed on screen but not yet saved (JavaScript only). */
  remove: "remove",
  /** One per checked line (선택 주문, 선택 삭제); the form says it carries them with `picking`. */
  pick: "pick",
  picking: "picking",
  /** The order form's one-time key. */
  orderKey: "key",
  intent: "intent",
  /** Present when the form was sent by scripts, which want data back rather than a redirect. */
  js: "js",
} as const;

/** What a button asks for. */
export type Intent =
  | { kind: "save" }
  | { kind: "order"; npay: boolean }
  | { kind: "delete_picked" }
  | { kind: "inc" | "dec" | "delete"; line: { pid2: number; pid3: number } };

export const intentValue = {
  save: "save",
  order: "order",
  npay: "npay",
  deletePicked: "delete_picked",
  inc: (key: LineKey) => `inc:${key}`,
  dec: (key: LineKey) => `dec:${key}`,
  delete: (key: LineKey) => `delete:${key}`,
};

export function parseIntent(value: string | null): Intent {
  if (value === "order" || value === "npay") return { kind: "order", npay: value === "npay" };
  if (value === intentValue.deletePicked) return { kind: "delete_picked" };
  const m = /^(inc|dec|delete):(.+)$/.exec(value ?? "");
  const line = m ? parseLineKey(m[2]!) : null;
  if (m && line) return { kind: m[1] as "inc" | "dec" | "delete", line };
  return { kind: "save" };
}

/**
 * The one quantity rule (spec §5, issue 7): a whole number from 1 to the line maximum, given as
 * plain digits or a safe integer. Anything else (empty, 0, negative, a fraction, "1e3", "0x10",
 * a number above the maximum) becomes 1: a quantity nobody could have typed is never guessed at.
 */
export function normaliseQty(value: unknown, max = MAX_LINE_QTY): number {
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\d{1,15}$/.test(value.trim())
        ? Number(value.trim())
        : NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= max ? n : 1;
}

/**
 * A quantity a shopper typed on the product page (issue 40): the whole number from 1 to the line
 * maximum, or null for anything else (0, 9999, empty, a fraction), which the page refuses with a
 * message beside the field rather than putting 1 in the cart. No field at all is the page's 1.
 */
export function typedQty(value: FormDataEntryValue | null, max = MAX_LINE_QTY): number | null {
  if (value === null) return 1;
  const n = normaliseQty(value, max);
  return typeof value === "string" && n === Number(value.trim()) ? n : null;
}

/** The − and + buttons: one less (never below 1) or one more (never above the maximum). */
export function stepQty(qty: number, step: "inc" | "dec"): number {
  return step === "inc" ? Math.min(qty + 1, MAX_LINE_QTY) : Math.max(qty - 1, 1);
}

/**
 * Two quantities of one line added up (the same product added twice, a guest cart merged at
 * login), capped at the line maximum. The SQL upserts in functions/db/cart.ts say the same.
 */
export function addQty(a: number, b: number): number {
  return Math.min(a + b, MAX_LINE_QTY);
}

/** Keys the quantity field accepts (spec §5): digits, backspace, enter, delete and arrows. */
export function allowedQtyKey(e: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean }): boolean {
  // Shortcuts (copy, paste, select all) and Tab (leaving the field) are not typing.
  if (e.ctrlKey || e.metaKey || e.altKey || e.key === "Tab") return true;
  return (
    /^[0-9]$/.test(e.key) ||
    ["Backspace", "Enter", "Delete", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(e.key)
  );
}
