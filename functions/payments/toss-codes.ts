import { BANKS } from "~/shared/banks";

export { BANKS };

/**
 * Toss Payments' code tables, as its API answers them (issue 35; docs/integrations.md
 * §1): `virtualAccount.bankCode` and a refund account's `bank` are two-digit 은행 코드,
 * `card.issuerCode` / `acquirerCode` are 카드사 코드. Names are the short ones Korean pages use
 * ("KB국민", "신한"). scripts/lib/toss-standin.mjs issues a few of the same codes: this file is the
 * source; keep the two in step.
 */

/** 카드사 코드 (issuer and acquirer) → short name. Codes are not all digits ("3K", "W1", "4V"). */
export const CARD_COMPANIES: Readonly<Record<string, string>> = {
  "11": "국민",
  "15": "카카오뱅크",
  "21": "하나",
  "24": "토스뱅크",
  "30": "산업",
  "31": "비씨",
  "33": "우리",
  "34": "수협",
  "35": "전북",
  "36": "씨티",
  "37": "우체국",
  "38": "새마을",
  "39": "저축은행",
  "3A": "케이뱅크",
  "3K": "기업비씨",
  "41": "신한",
  "42": "제주",
  "46": "광주",
  "51": "삼성",
  "61": "현대",
  "62": "신협",
  "71": "롯데",
  "91": "NH농협",
  W1: "우리",
  "4V": "VISA",
  "4M": "마스터카드",
  "4J": "JCB",
  "7A": "아메리칸 익스프레스",
  "6D": "다이너스",
  "3C": "유니온페이",
};

const lookup = (table: Readonly<Record<string, string>>, code: string | null | undefined) =>
  code != null && Object.hasOwn(table, code) ? table[code]! : null;

/** The bank of a two-digit 은행 코드, or null for a code Toss did not document here. */
export function bankName(code: string | null | undefined): string | null {
  return lookup(BANKS, code);
}

/** The card company of a 카드사 코드 (`card.issuerCode`), or null. */
export function cardCompanyName(issuerCode: string | null | undefined): string | null {
  return lookup(CARD_COMPANIES, issuerCode);
}
