/**
 * What a shop's address (its sub-domain label, `dom`) may be (decisions 108, 153): the pattern, the
 * platform's own names, and the labels that pass for one of them or for an encoded name. No zod
 * here: the form (./open-shop.ts) says which message each refusal gets.
 */
import { romanize } from "../romanize";

/** A sub-domain label a person may pick: 3–20, lowercase letters, digits and inner hyphens. */
export const DOM_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,18})[a-z0-9]$/;

/**
 * Labels that name the platform's own services, or could pass for them in a phishing link; a shop
 * can never take them.
 */
export const RESERVED_DOMS: ReadonlySet<string> = new Set([
  "www",
  "admin",
  "api",
  "mail",
  "static",
  "cdn",
  "help",
  "support",
  "shop",
  "app",
  "m",
  "platform",
  "madmin",
  "login",
  "auth",
  "account",
  "accounts",
  "billing",
  "pay",
  "payment",
  "payments",
  "status",
  "blog",
  "docs",
  "dev",
  "test",
  "staging",
  "assets",
  "files",
  "img",
  "images",
  "media",
  "smtp",
  "imap",
  "pop",
  "ftp",
  "ns1",
  "ns2",
  "root",
  "system",
  "security",
  "customers",
  "localhost",
]);

/**
 * Two hyphens in a row. `xn--` starts a punycode label, which a browser shows as other letters
 * (`xn--80ak6aa92e` is "аррӏе" in Cyrillic), and IDNA reserves every label with hyphens in its third
 * and fourth places (`ab--cd`) for such encodings; elsewhere a double hyphen is easy to misread
 * next to a single one. No real name needs it.
 */
export function hasDoubleHyphen(label: string): boolean {
  return label.includes("--");
}

/** The reserved names with their digits taken out too (`ns1` and `ns2` are `ns`). */
const RESERVED_LETTERS: ReadonlySet<string> = new Set(
  [...RESERVED_DOMS].flatMap((name) => [name, name.replace(/[0-9]/g, "")]).filter(Boolean),
);

/**
 * How a label reads at a glance: `0` as o, `1` as l or as i (both are tried), `rn` as m, `vv` as w
 * and `cl` as d, the look-alikes of lowercase letters and digits in the fonts browsers show
 * addresses in. `i` and `l` are not merged: `mall` is not `mail`.
 */
function readings(letters: string): string[] {
  const common = (s: string) => s.replace(/0/g, "o").replace(/rn/g, "m").replace(/vv/g, "w").replace(/cl/g, "d");
  return [common(letters.replace(/1/g, "l")), common(letters.replace(/1/g, "i"))];
}

/**
 * A label that passes for one of the platform's names: one with digits or hyphens added or moved
 * (`www1`, `admin-2`, `ad-min`), one spelled with look-alike characters (`adm1n`, `vvww`, `l0gin`),
 * or one that starts with `www`, which reads as the www host of whatever follows (`www-beauty`,
 * `wwwbeauty`). Not a word that merely contains one (`shopkr`, `myadmin` are fine).
 */
export function looksLikeReserved(label: string): boolean {
  if (label.startsWith("www")) return true;
  const letters = label.replace(/-/g, "");
  if (RESERVED_LETTERS.has(letters.replace(/[0-9]/g, ""))) return true;
  return readings(letters).some((reading) => RESERVED_DOMS.has(reading) || RESERVED_LETTERS.has(reading));
}

/** Whether `label` is an address a person may pick (the form's rules, taken or not aside). */
export function validAddress(label: string): boolean {
  return DOM_PATTERN.test(label) && !RESERVED_DOMS.has(label) && !hasDoubleHyphen(label) && !looksLikeReserved(label);
}

/**
 * `text` (an address typed in Korean, or a shop's name) as an address: Hangul romanised
 * (app/shared/romanize.ts), lowercase, every run of other characters one hyphen, at most 20
 * characters cut at a word's end where one is near. "" when nothing usable is left.
 */
export function addressFrom(text: string): string {
  let label = romanize(text.normalize("NFKC"))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (label.length > 20) {
    const cut = label.slice(0, 21).lastIndexOf("-");
    label = (cut >= 8 ? label.slice(0, cut) : label.slice(0, 20)).replace(/-+$/, "");
  }
  return label;
}

/**
 * Addresses to offer for what was typed, best first, each valid by the form's rules: the
 * romanised address, then the same with a word or a number added (for a short, reserved or
 * taken one). The caller drops those already taken.
 */
export function addressCandidates(text: string): string[] {
  const base = addressFrom(text);
  if (!base) return [];
  const fit = (suffix: string) => `${base.slice(0, 20 - suffix.length).replace(/-+$/, "")}${suffix}`;
  const all = [base, fit("-store"), fit("-kr"), fit("2"), fit("3"), fit("-24")];
  return [...new Set(all)].filter(validAddress);
}
