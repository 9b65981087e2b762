import { formatCount } from "../../format";
export const koList = {
  title: "상품 목록",
  all: "전체 상품",
  empty: "이 카테고리에는 아직 상품이 없습니다.",
  count: (n: number) => `상품 ${formatCount(n)}개`,
} as const;
