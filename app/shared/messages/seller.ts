/** Who sells, and the seller details the law asks for before a shop takes orders (decision 175). */
export const koSeller = {
  types: {
    individual: "개인 판매자 (사업자 아님)",
    sole: "개인사업자",
    corporate: "법인사업자",
  },
  typeLegend: "판매자 유형",
  typeHint:
    "사업자등록을 하지 않고 파는 분은 개인 판매자, 사업자등록증이 있으면 개인사업자 또는 법인사업자를 고르세요.",
  typeError: "판매자 유형을 목록에서 골라 주세요.",
  /** What each missing detail is called, by the seller's kind (an individual's 대표자 is the person). */
  gaps: {
    seller_type: "판매자 유형",
    corpname: "상호",
    ceo: "대표자",
    name: "이름",
    idnum: "사업자등록번호",
    idnum_singo: "통신판매업신고번호",
    address: "주소",
    tel: "연락처",
    email: "이메일",
  },
  /** The console: what is still missing, above the business form and on the dashboard. */
  missing: (fields: string) => `주문을 받으려면 다음 정보를 입력해 주세요: ${fields}`,
  complete: "법에서 정한 판매자 정보를 모두 입력했습니다. 손님이 주문할 수 있습니다.",
  singoHint: "사업자는 통신판매업 신고번호가 있어야 주문을 받을 수 있습니다 (예: 제2024-서울강남-01234호).",
  /** The shopper: the shop cannot take orders yet. */
  notReady: "판매자 정보가 준비되지 않아 지금은 주문할 수 없습니다.",
} as const;
