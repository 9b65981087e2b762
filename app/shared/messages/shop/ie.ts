export const koIe = {
  banner: "이 브라우저는 지원이 종료되었습니다. 원활한 쇼핑을 위해 PC용 크롬(Chrome) 브라우저를 이용해 주세요.",
  download: "크롬 설치하기",
} as const;
