/** The platform admin's queue of reported reviews at /madmin/reviews (issue 38, decision 120). */
export const koPlatformReviews = {
  title: "신고된 리뷰",
  link: "신고된 리뷰 검토",
  toShops: "상점 관리로",
  lead: "판매자가 신고한 리뷰입니다. 가리면 상품 페이지에서 사라지고 작성자에게 사유가 보입니다. 문제없음은 신고만 닫고 리뷰는 그대로 둡니다.",
  none: "검토할 신고가 없습니다.",
  shop: "상점",
  product: "상품",
  rating: (n: number) => `별점 ${n}`,
  written: (date: string) => `작성 ${date}`,
  reports: "신고 내용",
  reportAt: (date: string) => `신고 ${date}`,
  blindReason: "가림 사유",
  blindHint: "작성자에게 보입니다.",
  blind: "가리기",
  dismiss: "문제없음",
  blinded: "리뷰를 가렸습니다.",
  dismissed: "신고를 닫았습니다. 리뷰는 그대로 보입니다.",
  gone: "이미 처리되었거나 없는 리뷰입니다.",
  productGone: "(삭제된 상품)",
  /** To the review's author, on its page. */
  toAuthor: (reason: string) => `운영 정책에 따라 가려진 리뷰입니다. 사유: ${reason}`,
} as const;
