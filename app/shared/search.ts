/**
 * How a search query and a product's words are put in one form (issue 14, decision 067): NFC,
 * lower case, spaces collapsed; a word without spaces is also kept whole ("김치찌개" finds
 * "김치 찌개"); Hangul syllables give their initial consonants (초성), so "ㅅㅋ" finds 스킨.
 * Shared by the index (functions/db/search.ts) and the query, so both always agree.
 */

/** Characters a query may have (20 syllables is a long Korean query; anything past is cut). */
export const MAX_QUERY_CHARS = 40;

const INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ";
const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;
/** Syllables per initial consonant: 21 vowels × 28 finals. */
const PER_INITIAL = 588;

export function normaliseText(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The initial consonants of the Hangul syllables of `text`, other letters and digits as they are. */
export function initialsOf(text: string): string {
  let out = "";
  for (const ch of normaliseText(text)) {
    const code = ch.codePointAt(0)!;
    if (code >= SYLLABLE_FIRST && code <= SYLLABLE_LAST)
      out += INITIALS[Math.floor((code - SYLLABLE_FIRST) / PER_INITIAL)];
    else if (/[\p{L}\p{N}]/u.test(ch)) out += ch;
  }
  return out;
}

/** True for a query of initial consonants only (ㄱ–ㅎ), which searches the initials. */
export function isInitialsQuery(term: string): boolean {
  return /^[ㄱ-ㅎ]+$/.test(term);
}

/** The query's words, normalised and cut to MAX_QUERY_CHARS: every one must be found. */
export function searchTerms(query: string): string[] {
  const q = normaliseText(query)
    .slice(0, MAX_QUERY_CHARS)
    .replace(/["%_\\]/g, " ")
    .trim();
  return q === "" ? [] : [...new Set(q.split(" "))].slice(0, 5);
}

/**
 * A shop's token in the indexes' `shop` column (migration 0040): a search asks for it inside the
 * index's own match, so only this shop's matches are read. Kept apart from the shop id's digits by
 * `#` on both sides, so shop 1's `#1#` is never part of shop 10's `#10#`.
 */
export const shopToken = (shopId: number) => `#${shopId}#`;

/**
 * What the two indexes hold for a product of shop `shopId` (product_search: `shop`, `body`,
 * `initials`; product_pairs: `words`), from its title and its other words (options, categories,
 * summary). The Worker's refresh and the scale seed both write these.
 */
export function indexEntry(shopId: number, title: string, others: string[]) {
  const text = normaliseText([title, ...others].filter(Boolean).join(" "));
  const joined = text.replace(/ /g, "");
  const initials = initialsOf(title);
  const pieces = new Set([
    ...piecesOf(joined).map((piece) => pieceToken(shopId, piece)),
    ...piecesOf(initials).map((piece) => pieceToken(shopId, piece, true)),
  ]);
  return {
    shop: shopToken(shopId),
    // Its words, then the same without spaces ("김치찌개" finds "김치 찌개").
    body: `${text} ${joined}`,
    initials,
    words: [...pieces].join(" "),
  };
}

/**
 * The pieces of `text` (without spaces) the pairs index holds (decision 137, 140): each of its
 * characters and each two neighbouring ones. A query word of one or two characters, which the
 * trigram index cannot look up, is one of them. Migration 0046 makes the same in SQL.
 */
function piecesOf(text: string): string[] {
  const chars = [...text];
  return chars.flatMap((ch, i) => (i + 1 < chars.length ? [ch, ch + chars[i + 1]] : [ch]));
}

/** Stateless: one for every piece of every product a refresh indexes. */
const utf8 = new TextEncoder();

/**
 * The pairs index's word for a piece of one shop's text (`#10#` and the piece) or of its initials
 * (`#10$` and the piece), so a search reads only its shop's entries of its own kind, as one word
 * of the index (decision 140). The piece is written as the hex of its UTF-8 bytes, as SQL's hex()
 * writes it: whatever its characters, the tokenizer keeps it one word, where a character it takes
 * for a separator (a format character, an emoji newer than its tables) would split it in two and
 * make the query a phrase, which an index without positions cannot answer.
 */
export function pieceToken(shopId: number, piece: string, initials = false): string {
  let hex = "";
  for (const byte of utf8.encode(piece)) hex += byte.toString(16).padStart(2, "0");
  return `#${shopId}${initials ? "$" : "#"}${hex.toUpperCase()}`;
}

/** Whether a query word is too short for the trigram index: the pairs index finds it. */
export function isShortTerm(term: string): boolean {
  return [...term].length < 3;
}

/** The longest word (UTF-8 bytes) a LIKE pattern `%word%` may hold in D1. */
const MAX_LIKE_BYTES = 48;

/** Most LIKE patterns a loose search asks for, over all its words (each is one bound argument). */
const MAX_LOOSE_PATTERNS = 48;

/**
 * The ways a word may be found when the search as typed found nothing (decision 129), each a list
 * of substrings that must all be found: the word split in two at every point with two characters
 * or more on each side ("수분크림" finds "수분 젤 크림": Koreans write compounds with or without
 * spaces), and the word with any one Hangul syllable left open as LIKE's `_` (one mistyped
 * syllable: "수뷴크림", "세라마이트"). A word of initials, or shorter than three characters,
 * has no other form.
 */
export function looseForms(term: string): string[][] {
  const chars = [...term];
  // D1 refuses a LIKE pattern over 50 bytes (SQLITE_MAX_LIKE_PATTERN_LENGTH): 16 syllables.
  if (isInitialsQuery(term) || chars.length < 3 || new TextEncoder().encode(term).length > MAX_LIKE_BYTES)
    return [[term]];
  const forms: string[][] = [[term]];
  for (let i = 2; i <= chars.length - 2; i++) forms.push([chars.slice(0, i).join(""), chars.slice(i).join("")]);
  chars.forEach((ch, i) => {
    const code = ch.codePointAt(0)!;
    if (code >= SYLLABLE_FIRST && code <= SYLLABLE_LAST)
      forms.push([[...chars.slice(0, i), "_", ...chars.slice(i + 1)].join("")]);
  });
  return forms;
}

/** looseForms of every word, cut so that all of them together stay within MAX_LOOSE_PATTERNS. */
export function looseQuery(terms: string[]): string[][][] {
  let left = MAX_LOOSE_PATTERNS;
  return terms.map((term) => {
    const kept: string[][] = [];
    for (const form of looseForms(term)) {
      if (form.length > left && kept.length > 0) break;
      kept.push(form);
      left -= form.length;
    }
    return kept;
  });
}
