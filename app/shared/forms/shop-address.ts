/**
 * What a shop's address (its sub-domain label, `dom`) may be (decisions 108, 153): the pattern, the
 * platform's own names, and the labels that pass for one of them or for an encoded name. No zod
 * here: the form (./open-shop.ts) says which message each refusal gets.
 */

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
