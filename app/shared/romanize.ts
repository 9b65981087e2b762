/**
 * Hangul in the Revised Romanization of Korean (국어의 로마자 표기법, 2000), as far as a shop's
 * address needs it (issue 52 item 3): syllables split into their letters, each letter by the
 * table, and the sound changes the rules write between two syllables: a final consonant carried
 * over to a following vowel (한국어 hangugeo), ㄹ doubled (신라 silla, 설날 seollal), nasals
 * (국물 gungmul, 종로 jongno, 입니다 imnida) and ㅎ with a plain consonant (좋고 joko). Words
 * the rules treat by meaning (ㄴ added in 솜이불, tensing) are written as spelled. Anything not
 * Hangul is left as it is.
 */

const INITIALS = ["g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h"];
const VOWELS = [
  "a",
  "ae",
  "ya",
  "yae",
  "eo",
  "e",
  "yeo",
  "ye",
  "o",
  "wa",
  "wae",
  "oe",
  "yo",
  "u",
  "wo",
  "we",
  "wi",
  "yu",
  "eu",
  "ui",
  "i",
];
// Final letters by index: 0 none, ㄱ ㄲ ㄳ ㄴ ㄵ ㄶ ㄷ ㄹ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅁ ㅂ ㅄ ㅅ ㅆ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ.
/** A final as it sounds at the end of a word or before a consonant. */
const FINALS = [
  "",
  "k",
  "k",
  "k",
  "n",
  "n",
  "n",
  "t",
  "l",
  "k",
  "m",
  "l",
  "l",
  "l",
  "p",
  "l",
  "m",
  "p",
  "p",
  "t",
  "t",
  "ng",
  "t",
  "t",
  "k",
  "t",
  "p",
  "t",
];
/**
 * A final before a vowel (initial ㅇ): [what stays, what is carried over]. ㅇ stays (ng) and ㅎ
 * falls silent; a double final keeps its first letter and carries the second.
 */
const CARRIED: [string, string][] = [
  ["", ""],
  ["", "g"],
  ["", "kk"],
  ["k", "s"],
  ["", "n"],
  ["n", "j"],
  ["", "n"],
  ["", "d"],
  ["", "r"],
  ["l", "g"],
  ["l", "m"],
  ["l", "b"],
  ["l", "s"],
  ["l", "t"],
  ["l", "p"],
  ["", "r"],
  ["", "m"],
  ["", "b"],
  ["p", "s"],
  ["", "s"],
  ["", "ss"],
  ["ng", ""],
  ["", "j"],
  ["", "ch"],
  ["", "k"],
  ["", "t"],
  ["", "p"],
  ["", ""],
];

type Syllable = { initial: number; vowel: number; final: number };

const FIRST = 0xac00;
const LAST = 0xd7a3;

function split(ch: string): Syllable | null {
  const code = ch.codePointAt(0)!;
  if (code < FIRST || code > LAST) return null;
  const n = code - FIRST;
  return { initial: Math.floor(n / 588), vowel: Math.floor((n % 588) / 28), final: n % 28 };
}

// Initial indexes used below.
const I_G = 0;
const I_N = 2;
const I_D = 3;
const I_R = 5;
const I_M = 6;
const I_NONE = 11;
const I_J = 12;
const I_H = 18;
/** ㅎ finals (ㅎ, ㄶ, ㅀ): before ㄱ ㄷ ㅈ they make it aspirated (좋고 joko, 많다 manta). */
const H_FINALS = new Set([6, 15, 27]);
const ASPIRATED: Partial<Record<number, string>> = { [I_G]: "k", [I_D]: "t", [I_J]: "ch" };

/** The sound class a final has before a consonant. */
const soundOf = (final: number) => FINALS[final]!;

/** The final of `a` and the initial of `b` as written between them. */
function join(a: Syllable, b: Syllable): [string, string] {
  const final = a.final;
  const initial = INITIALS[b.initial]!;
  if (final === 0) return ["", initial];
  if (b.initial === I_NONE) return CARRIED[final]!;
  const sound = soundOf(final);
  if (H_FINALS.has(final) && ASPIRATED[b.initial]) {
    const rest = final === 6 ? "n" : final === 15 ? "l" : "";
    return [rest, ASPIRATED[b.initial]!];
  }
  // A plain final before ㅎ is written aspirated (축하 chuka, 잡혀 japyeo, 맏형 matyeong).
  if (b.initial === I_H && (sound === "k" || sound === "t" || sound === "p")) return ["", sound];
  if (b.initial === I_R) {
    if (sound === "l" || sound === "n") return ["l", "l"];
    // ㄹ after any other consonant sounds ㄴ, and that ㄴ nasalises the final (종로 jongno, 백리 baengni).
    return [nasal(sound), "n"];
  }
  if (sound === "l" && b.initial === I_N) return ["l", "l"];
  if (b.initial === I_N || b.initial === I_M) return [nasal(sound), initial];
  return [sound, initial];
}

function nasal(sound: string): string {
  if (sound === "k") return "ng";
  if (sound === "t") return "n";
  if (sound === "p") return "m";
  return sound;
}

/** `text` with each run of Hangul syllables romanised; every other character as it was. */
export function romanize(text: string): string {
  const chars = Array.from(text.normalize("NFC"));
  let out = "";
  const syllables = chars.map(split);
  chars.forEach((ch, i) => {
    const s = syllables[i];
    if (!s) {
      out += ch;
      return;
    }
    const prev = syllables[i - 1];
    const next = syllables[i + 1];
    const initial = prev ? join(prev, s)[1] : INITIALS[s.initial]!;
    const final = next ? join(s, next)[0] : FINALS[s.final]!;
    out += initial + VOWELS[s.vowel]! + final;
  });
  return out;
}

/** Whether `text` has a Hangul syllable in it. */
export const hasHangul = (text: string) => /[\uac00-\ud7a3]/.test(text.normalize("NFC"));
