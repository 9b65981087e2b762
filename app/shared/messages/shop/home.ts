export const koHome = {
  newArrivals: "새로 들어온 상품",
  allProducts: "전체 상품 보기",
  notices: "공지사항",
  noProducts: "아직 등록된 상품이 없습니다.",
} as const;
