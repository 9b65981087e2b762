export const koUi = {
  chunkReload: "새 버전이 있어 페이지를 다시 불러옵니다.",
} as const;
