/*
 * Formatters are made on first use, not when the module loads: an Intl formatter with a time zone
 * costs tens of milliseconds to make on a phone, and most pages print no date.
 */
let numbers: Intl.NumberFormat | undefined;

/**
 * 1,234 — a count or an amount as ko-KR prints it. Whole numbers, the usual case, are grouped by
 * thousands here: `toLocaleString` makes a new Intl formatter at every call, tens of milliseconds
 * the first time on a phone.
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return (numbers ??= new Intl.NumberFormat("ko-KR")).format(n);
  return `${n < 0 ? "-" : ""}${String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ",")}`;
}

/** 12,900원 — the way Korean shops print prices. */
export function formatKRW(amount: number): string {
  return `${formatCount(amount)}원`;
}

/** 할인율: how much under its list price, in whole percent (rounded down: never more than it is). */
export function discountRate(price: number, listPrice: number): number {
  return Math.floor(((listPrice - price) / listPrice) * 100);
}

/** Korea's offset from UTC: nine hours, all year (no daylight saving since 1988). */
const KST_MS = 9 * 60 * 60 * 1000;
const two = (n: number) => String(n).padStart(2, "0");

/**
 * 2026. 11. 22. in Korea's time zone, whatever the Worker's or the phone's: what ko-KR's date
 * format prints, by arithmetic (an Intl formatter with a time zone costs about 30 ms to make).
 */
export function formatDate(epochSeconds: number): string {
  const kst = new Date(epochSeconds * 1000 + KST_MS);
  return `${kst.getUTCFullYear()}. ${two(kst.getUTCMonth() + 1)}. ${two(kst.getUTCDate())}.`;
}

let dateTime: Intl.DateTimeFormat | undefined;

/** 11월 25일 (수) 오후 02:30, in Korea's time zone. */
export function formatDeadline(ms: number): string {
  dateTime ??= new Intl.DateTimeFormat("ko-KR", {
    timeZone: "Asia/Seoul",
    month: "long",
    day: "numeric",
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
  });
  return dateTime.format(new Date(ms));
}
