/** The header's words; every page's first scripts carry them, so nothing else goes here. */
export const koHeader = {
  openMenu: "메뉴 열기",
  search: "상품 검색",
  // The shop's own channels, in the header (wide screens) and the side menu.
  youtube: "유튜브",
  instagram: "인스타그램",
  naver: "네이버 블로그",
  link: "바로가기",
  back: "뒤로",
  admin: "관리자",
  message: "메시지",
  cart: "장바구니",
  messageUnsupported: "이 브라우저에서는 메시지 기능을 사용할 수 없습니다. 크롬(Chrome) 브라우저를 이용해 주세요.",
  panelFull: "크게 보기",
  panelSmall: "작게 보기",
  panelClose: "닫기",
} as const;
