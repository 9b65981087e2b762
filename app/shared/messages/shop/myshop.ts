/** The /myshop summary. */
export const koMyshop = {
  orders: "주문 현황",
  allOrders: "전체",
  ownShop: "내 상점",
  manageShop: "상점 관리",
} as const;
