export const koCommon = {
  /** A shop's name when it has none. */
  defaultShopName: "내 상점",
  close: "닫기",
  yes: "예",
  no: "아니오",
  ok: "확인",
  cancel: "취소",
  home: "홈",
  loading: "불러오는 중…",
  prev: "이전",
  next: "다음",
  pageOf: (page: number, pages: number) => `${page} / ${pages} 페이지`,
  pageSuffix: "페이지",
  won: "원",
} as const;
