export const koErrors = {
  pageNotFound: "페이지를 찾을 수 없습니다",
  pageNotFoundBody: "주소가 바뀌었거나 없어진 페이지입니다.",
  notReady: "준비 중인 상품입니다",
  notReadyBody: "상품 정보를 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.",
  noProduct: "찾을 수 없는 상품입니다",
  noProductBody: "판매가 끝났거나 주소가 바뀐 상품입니다. 다른 상품을 둘러보세요.",
  upstream: "상점 서버에 연결하지 못했습니다",
  upstreamBody: "잠시 후 다시 시도해 주세요.",
  unexpected: "문제가 발생했습니다",
  unexpectedBody: "잠시 후 다시 시도해 주세요. 문제가 계속되면 상점에 문의해 주세요.",
  goHome: "상점 홈으로",
  /** Before the request's id on an error page (functions/log.ts). */
  requestId: "문의 시 이 번호를 알려 주세요:",
} as const;
