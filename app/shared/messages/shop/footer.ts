export const koFooter = {
  terms: "이용약관",
  privacy: "개인정보처리방침",
  businessInfo: "사업자정보확인",
  escrow: "구매안전서비스 가입 확인",
  /** The badge beside the link when the shop's Toss contract gives it escrow (decision 103). */
  escrowMark: "구매안전(에스크로) 서비스",
  corpname: "상호",
  ceo: "대표",
  idnum: "사업자등록번호",
  idnumSingo: "통신판매업신고",
  address: "주소",
  tel: "전화",
  email: "이메일",
  privacyOfficer: "개인정보관리책임자",
  hosting: "호스팅 제공: 에지 스토어프론트",
  /**
   * 전자상거래법 §20①: a shop paid through the platform's contract (decision 178) makes the
   * platform a 통신판매중개자, which must say, where buyers see it, that it is not the seller.
   */
  broker:
    "에지 스토어프론트는 통신판매중개자로서 통신판매의 당사자가 아니며, 상품·거래 정보와 거래에 대한 책임은 판매자(이 상점)에게 있습니다. 결제는 에지 스토어프론트가 토스페이먼츠를 통해 대신 받습니다.",
} as const;
