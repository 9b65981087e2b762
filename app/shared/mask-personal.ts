/**
 * Masks the personal data a shopper may type into a public text (상품문의, issue 38): phone numbers
 * keep their first and last groups (010-****-5678), and the numbers of a road address (…로 12,
 * …길 34-5) and of a flat (101동 1203호) become stars. Applied once, on save: what the shop and
 * every other reader get is the masked text.
 */

const stars = (s: string) => "*".repeat(s.length);

// A mobile or area code, then 3–4 and 4 digits, with or without separators; not inside a longer number.
const PHONE = /(?<!\d)(0\d{1,2})([-.\s]?)(\d{3,4})([-.\s]?)(\d{4})(?!\d)/g;
// A road name ends in 로 or 길 and is followed by its building number (and sub-number).
const ROAD = /([가-힣A-Za-z0-9]+(?:로|길))(\s*)(\d+(?:-\d+)?)(?!\d)/g;
// A flat's building and unit.
const FLAT = /(?<!\d)(\d{1,5})(\s*)(동|호|층)/g;

export function maskPersonal(text: string): string {
  return text
    .replace(
      PHONE,
      (_m, a: string, s1: string, b: string, s2: string, c: string) => `${a}${s1 || "-"}${stars(b)}${s2 || "-"}${c}`,
    )
    .replace(ROAD, (_m, road: string, gap: string, n: string) => `${road}${gap || " "}${n.replace(/\d/g, "*")}`)
    .replace(FLAT, (_m, n: string, gap: string, unit: string) => `${stars(n)}${gap}${unit}`);
}
