const krw = new Intl.NumberFormat("ko-KR");

/** 12,900원 — the way Korean shops print prices. */
export function formatKRW(amount: number): string {
  return `${krw.format(amount)}원`;
}

/** 할인율: how much under its list price, in whole percent (rounded down: never more than it is). */
export function discountRate(price: number, listPrice: number): number {
  return Math.floor(((listPrice - price) / listPrice) * 100);
}

const dateFmt = new Intl.DateTimeFormat("ko-KR", {
  timeZone: "Asia/Seoul",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** 2026. 11. 22. in Korea's time zone, whatever the Worker's. */
export function formatDate(epochSeconds: number): string {
  return dateFmt.format(new Date(epochSeconds * 1000));
}

const dateTime = new Intl.DateTimeFormat("ko-KR", {
  timeZone: "Asia/Seoul",
  month: "long",
  day: "numeric",
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
});

/** 11월 25일 (수) 오후 02:30, in Korea's time zone. */
export function formatDeadline(ms: number): string {
  return dateTime.format(new Date(ms));
}
