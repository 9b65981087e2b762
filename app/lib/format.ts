const krw = new Intl.NumberFormat("ko-KR");

/** 12,900원 — the way Korean shops print prices. */
export function formatKRW(amount: number): string {
  return `${krw.format(amount)}원`;
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
