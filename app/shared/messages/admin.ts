/** The shop owner's console (/admin). */
export const koAdmin = {
  title: "관리자",
  toShop: "상점 보기",
  nav: { orders: "주문" },
  orders: {
    title: "주문 관리",
    all: "전체",
    search: "주문번호, 주문자 이름 또는 연락처",
    searchButton: "검색",
    empty: "해당하는 주문이 없습니다.",
    items: (first: string | null, count: number) =>
      first ? (count > 1 ? `${first} 외 ${count - 1}건` : first) : "상품 없음",
    guest: "비회원",
  },
  order: {
    back: "주문 목록",
    orderer: "주문자",
    depositor: "입금자명",
  },
} as const;
