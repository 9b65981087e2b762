export const koNotices = {
  title: "공지사항",
  empty: "등록된 공지사항이 없습니다.",
  pinned: "공지",
  all: "공지사항 전체 보기",
  home: "상점 홈",
  permalink: "이 공지만 보기",
} as const;
