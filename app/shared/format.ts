/*
 * Formatters are made on first use, not when the module loads: an Intl formatter with a time zone
 * costs tens of milliseconds to make on a phone, and most pages print no date.
 */
let krw: Intl.NumberFormat | undefined;

/** 12,900원 — the way Korean shops print prices. */
export function formatKRW(amount: number): string {
  // Whole won, the usual case, grouped by thousands as ko-KR groups them, without Intl's start-up.
  if (Number.isSafeInteger(amount)) return `${amount < 0 ? "-" : ""}${group(Math.abs(amount))}원`;
  return `${(krw ??= new Intl.NumberFormat("ko-KR")).format(amount)}원`;
}

const group = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ",");

/** 할인율: how much under its list price, in whole percent (rounded down: never more than it is). */
export function discountRate(price: number, listPrice: number): number {
  return Math.floor(((listPrice - price) / listPrice) * 100);
}

let dateFmt: Intl.DateTimeFormat | undefined;

/** 2026. 11. 22. in Korea's time zone, whatever the Worker's. */
export function formatDate(epochSeconds: number): string {
  dateFmt ??= new Intl.DateTimeFormat("ko-KR", {
    timeZone: "Asia/Seoul",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return dateFmt.format(new Date(epochSeconds * 1000));
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
