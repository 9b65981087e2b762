/** Text of the live table cart and the kitchen's ring (issue 40, item 5 and part of item 4; decision 132). */
export const koTableLive = {
  /** The bar once the cart is empty again after an order: what went to the kitchen, and that more may follow. */
  ordered: (count: number, total: string) => `주문 완료: ${count}개 · ${total} — 추가 주문을 담아 주세요`,
  /** The order check with an empty cart after an order (another phone's, or this one's). */
  orderedCheck: (count: number, total: string) => `방금 주문한 메뉴 ${count}개 · ${total}가 주방에 전달되었습니다.`,
  orderedNext: "추가로 주문할 메뉴를 담아 주세요.",
  seeOrders: "주문 내역 보기",
  addMore: "메뉴 담기",
  /** The kitchen board: a new order rings (and vibrates where the device can). */
  ring: {
    enable: "소리 켜기",
    enableHelp: "새 주문 알림음을 들으려면 한 번 눌러 주세요.",
    mute: "알림음·진동 끄기",
    on: "새 주문이 들어오면 알림음과 진동으로 알려 드립니다.",
    off: "알림음이 꺼져 있습니다.",
  },
} as const;
