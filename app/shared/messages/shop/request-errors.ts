/** The Worker's and the API's refusals of a request (server-side only). */
export const koRequestErrors = {
  shopNotFound: "상점을 찾을 수 없습니다",
  loginRequired: "로그인이 필요합니다.",
  notShopOwner: "상점 주인만 할 수 있습니다.",
  shopNotFoundBody: "주소를 다시 확인해 주세요. 상점이 문을 닫았거나 주소가 바뀌었을 수 있습니다.",
  badRequest: "요청 값이 올바르지 않습니다.",
  notFound: "찾을 수 없습니다.",
  methodNotAllowed: "허용되지 않은 요청입니다.",
  bodyTooLarge: "보낸 내용이 너무 큽니다.",
  unsupportedBody: "이 형식의 요청은 받을 수 없습니다.",
  requestBody: "페이지를 새로 고친 뒤 다시 시도해 주세요.",
} as const;
