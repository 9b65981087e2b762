/** Text of the marketing-consent bar and the owner's tag settings (issue 14). */
export const koTracking = {
  barLabel: "마케팅 쿠키 동의",
  barText: (tools: string) =>
    `맞춤 광고와 방문 분석을 위해 방문·구매 기록을 ${tools}에 보내도 될까요? 거부해도 쇼핑에는 아무 지장이 없습니다.`,
  pixel: "메타 픽셀",
  gtag: "구글 태그",
  and: "·",
  agree: "동의",
  refuse: "거부",
  more: "자세히",
  settings: "마케팅 쿠키 설정",
};

export const koTrackingErrors = {
  off: "이 상점은 광고·분석 태그를 쓰지 않습니다.",
  noConsent: "마케팅 쿠키에 동의한 경우에만 보낼 수 있습니다.",
  notPlaced: "아직 주문이 완료되지 않았습니다.",
  orderRequired: "주문 번호가 필요합니다.",
  itemsRequired: "담은 상품과 이벤트 ID가 필요합니다.",
  invalidProduct: "이 상점에서 파는 상품이 아닙니다.",
  tooMany: "잠시 후 다시 시도해 주세요.",
};
