export const koSort = {
  label: "정렬",
  recommended: "추천순",
  new: "신상품순",
  price_asc: "낮은가격순",
  price_desc: "높은가격순",
  popular: "인기순",
} as const;
