import { describe, expect, it } from "vitest";
import { koLifecycle } from "~/shared/messages/lifecycle";
import { ORDER_STATUSES, orderStatusLabel } from "~/shared/order-status";
import { PAY_METHODS } from "~/shared/limits";
import { ORDER_ACTIONS } from "~/shared/order-machine";

/**
 * Issue 52: what a person reads is words, never a code (`refund_after_done`, `REQ_BANK_REFUND`)
 * and never a word said twice ("환불완료 완료"). Every value of the message catalogue
 * (app/shared/messages), its functions called with sample arguments, and the phrases the pages
 * build from two of its entries.
 */
const catalogues: Record<string, Record<string, unknown>> = import.meta.glob("/app/shared/messages/**/*.ts", {
  eager: true,
});

/** snake_case or SCREAMING_CASE identifiers: two or more parts joined by `_`. */
const RAW_CODE = /(?<![\w/.-])(?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?![\w/.-])/;

/**
 * A word that ends the word before it again: "완료 완료", "환불완료 완료", "리뷰 리뷰". A word in
 * brackets explains the one before ("무통장입금 (입금 확인 후 조리)"), so it is no repeat.
 */
export function doubledWord(text: string): string | null {
  const words = text.split(/\s+/).map((w) => (/^[(\[]/.test(w) ? "" : w.replace(/^["'“‘]+|[)"'”’\].,!?:;·…]+$/g, "")));
  for (let i = 1; i < words.length; i++) {
    const [before, word] = [words[i - 1]!, words[i]!];
    if (word.length >= 2 && /[\uAC00-\uD7A3]/.test(word) && before.endsWith(word)) return `${before} ${word}`;
  }
  return null;
}

// Each argument a word of its own, so a repeat is the message's, not the sample's.
const SAMPLE_ARGS: unknown[][] = [
  [],
  ["가방"],
  [3],
  ["가방", "모자"],
  [3, 7],
  ["가방", 7],
  [3, "모자"],
  ["가방", "모자", "신발"],
];

/**
 * Codes a person has to find as they are written elsewhere: the event names Toss's developer
 * centre lists, which the owner ticks there.
 */
const NAMED_ELSEWHERE = new Set(["payments.ts:koPayments.steps.notify"]);

type Leaf = { path: string; text: string };

/** Every string a catalogue holds, and what its functions make of sample arguments. */
function leaves(value: unknown, path: string, out: Leaf[] = [], seen = new Set<unknown>()): Leaf[] {
  if (typeof value === "string") out.push({ path, text: value });
  else if (typeof value === "function") {
    const fn = value as (...args: unknown[]) => unknown;
    for (const args of SAMPLE_ARGS.filter((a) => a.length === fn.length || (fn.length === 0 && a.length <= 1))) {
      let made: unknown;
      try {
        made = fn(...args);
      } catch {
        continue;
      }
      if (typeof made === "string") out.push({ path: `${path}(${args.join(", ")})`, text: made });
    }
  } else if (value && typeof value === "object" && !seen.has(value)) {
    seen.add(value);
    for (const [k, v] of Object.entries(value)) leaves(v, `${path}.${k}`, out, seen);
  }
  return out;
}

const all = Object.entries(catalogues).flatMap(([file, mod]) =>
  Object.entries(mod).flatMap(([name, v]) => leaves(v, `${file.replace("/app/shared/messages/", "")}:${name}`)),
);

/** The phrases pages build of two entries: an order action's toast, every status's label. */
const built: Leaf[] = [
  ...ORDER_ACTIONS.map((a) => ({
    path: `koLifecycle.view.done(actions.${a})`,
    text: koLifecycle.view.done(koLifecycle.actions[a]),
  })),
  ...ORDER_STATUSES.flatMap((s) =>
    [null, ...PAY_METHODS].flatMap((payMethod) =>
      [false, true].map((smartOrder) => ({
        path: `orderStatusLabel(${s}, ${payMethod}, smart ${smartOrder})`,
        text: orderStatusLabel(s, { payMethod, smartOrder }),
      })),
    ),
  ),
];

describe("what a person reads", () => {
  it("finds the catalogue", () => {
    expect(Object.keys(catalogues).length).toBeGreaterThan(40);
    expect(all.length).toBeGreaterThan(1500);
  });

  it("has no raw code in any message", () => {
    expect(all.filter((l) => RAW_CODE.test(l.text) && !NAMED_ELSEWHERE.has(l.path))).toEqual([]);
  });

  it("says no word twice in any message", () => {
    expect(all.filter((l) => doubledWord(l.text))).toEqual([]);
  });

  it("says no word twice in the phrases built of two messages", () => {
    expect(built.filter((l) => doubledWord(l.text) || RAW_CODE.test(l.text))).toEqual([]);
  });

  it("names every order action and status in words", () => {
    expect(ORDER_ACTIONS.filter((a) => !koLifecycle.actions[a] || RAW_CODE.test(koLifecycle.actions[a]))).toEqual([]);
  });

  it("would notice a code or a doubled word", () => {
    expect(RAW_CODE.test("refund_after_done")).toBe(true);
    expect(RAW_CODE.test("상태: REQ_BANK_REFUND")).toBe(true);
    expect(RAW_CODE.test("https://example.test/user/order_complete")).toBe(false);
    expect(doubledWord("환불완료 완료")).toBe("환불완료 완료");
    expect(doubledWord("배송완료 완료되었습니다")).toBeNull();
    expect(doubledWord("완료 완료.")).toBe("완료 완료");
    expect(doubledWord("구매확정 완료")).toBeNull();
    expect(doubledWord("무통장입금 (입금 확인 후 조리)")).toBeNull();
  });
});

describe("a refund's status speaks of how it was paid", () => {
  it("never asks for an account for a card or wallet payment", () => {
    for (const payMethod of ["card", "wallet"] as const) {
      expect(orderStatusLabel("REQ_BANK_REFUND", { payMethod })).not.toMatch(/계좌/);
    }
    expect(orderStatusLabel("REQ_BANK_REFUND", { payMethod: "card" })).toMatch(/카드/);
  });
});
