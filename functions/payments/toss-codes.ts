/** Toss's bank and card company codes, as the receipt names them (replaced by the full table). */
const BANKS: Record<string, string> = { "06": "KB국민", "88": "신한", "20": "우리", "81": "하나", "11": "NH농협" };
const CARDS: Record<string, string> = { "11": "국민", "41": "신한", "51": "삼성", "61": "현대", "71": "롯데" };
export const bankName = (code: string | null | undefined): string | null => (code ? (BANKS[code] ?? null) : null);
export const cardCompanyName = (code: string | null | undefined): string | null =>
  code ? (CARDS[code] ?? null) : null;
