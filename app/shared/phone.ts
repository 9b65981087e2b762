/**
 * The one phone rule (issue 40, decision 130): Korean mobile and landline numbers, checked the
 * same way on the server (the zod schemas in `forms/`) and in the browser (a fixed field's message
 * goes), stored as digits only and shown with hyphens. No zod here, so a page may import it.
 */

/**
 * Area codes of landlines (지역번호): 02 for Seoul, the 3-digit codes of the provinces and cities,
 * 070 (인터넷전화). The rest of the number is 3 or 4 digits then 4 (070: 4 then 4).
 */
const AREA = new Set([
  "031",
  "032",
  "033",
  "041",
  "042",
  "043",
  "044",
  "051",
  "052",
  "053",
  "054",
  "055",
  "061",
  "062",
  "063",
  "064",
]);

/** Anything people put between digits: spaces, hyphens, dots and brackets. */
const SEPARATORS = /[\s\-.()]/g;

/**
 * The number's digits: separators dropped, an international +82 (or 82 followed by a number
 * without its leading 0) given back its 0. Anything else left as it is, for the check to refuse.
 */
export function phoneDigits(value: string): string {
  const v = value.trim().replace(SEPARATORS, "");
  if (/^\+?82\d+$/.test(v)) {
    const rest = v.replace(/^\+?82/, "");
    return rest.startsWith("0") ? rest : `0${rest}`;
  }
  return v;
}

/**
 * Where the hyphens go in a normal number, or null when the digits are not one. `business` also
 * takes 대표번호 (1588-1234: 15xx, 16xx, 18xx), which a shop may give but nobody receives a
 * parcel or a text at.
 */
function parts(d: string, business: boolean): [number, number] | null {
  if (!/^\d+$/.test(d)) return null;
  // 휴대폰: 010 is always 3-4-4; the old 011, 016-019 numbers also 3-3-4.
  if (/^010\d{8}$/.test(d)) return [3, 7];
  if (/^01[16-9]\d{7,8}$/.test(d)) return [3, d.length - 4];
  // 서울 02: 02-123-4567 or 02-1234-5678.
  if (/^02\d{7,8}$/.test(d)) return [2, d.length - 4];
  // 지역번호 and 070: 031-123-4567, 051-1234-5678, 070-1234-5678.
  if (AREA.has(d.slice(0, 3)) && /^\d{10,11}$/.test(d)) return [3, d.length - 4];
  if (/^070\d{8}$/.test(d)) return [3, 7];
  // 안심번호 (050X): 0505-123-4567 or 0505-1234-5678.
  if (/^050[2-8]\d{7,8}$/.test(d)) return [4, d.length - 4];
  if (business && /^1[568]\d{6}$/.test(d)) return [4, 4];
  return null;
}

/** A Korean phone number the shopper (or, with `business`, the shop) can be reached at. */
export function validPhone(value: string, opts: { business?: boolean } = {}): boolean {
  return parts(phoneDigits(value), opts.business ?? false) !== null;
}

/**
 * A number as shown: hyphens where Koreans put them (010-2222-3333). A value that is not a normal
 * number (a row stored before this rule, as it was typed) is shown as it is, never hidden.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return "";
  const d = phoneDigits(value);
  const at = parts(d, true);
  if (!at) return value;
  // 대표번호 has two parts (its cuts fall together): no empty middle.
  return [d.slice(0, at[0]), d.slice(at[0], at[1]), d.slice(at[1])].filter(Boolean).join("-");
}

/**
 * A Korean mobile number as a messaging provider takes it (알림톡 and 문자 reach only these): its
 * digits (010-1234-5678 and +82 10 1234 5678 both give 01012345678), or null for a landline, a
 * 대표번호 or no number at all. The one rule above decides what a number is.
 */
export function mobileDigits(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const digits = phoneDigits(raw);
  return /^01[016-9]/.test(digits) && parts(digits, false) !== null ? digits : null;
}
