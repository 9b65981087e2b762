export const koHeader = {
  openMenu: "메뉴 열기",
  back: "뒤로",
  admin: "관리자",
  message: "메시지",
  cart: "장바구니",
  messageUnsupported: "이 브라우저에서는 메시지 기능을 사용할 수 없습니다. 크롬(Chrome) 브라우저를 이용해 주세요.",
  panelFull: "크게 보기",
  panelSmall: "작게 보기",
  panelClose: "닫기",
} as const;
