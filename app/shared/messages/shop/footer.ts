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
} as const;
