/** A product's delivery rule on the product form, and its words elsewhere (decision 110). */
export const koDelivery = {
  legend: "배송비",
  rules: {
    shop: "기본 배송비",
    free: "무료배송",
    fixed: "고정 배송비",
  },
  hints: {
    shop: (fee: string, freeFrom: string) => `상점 배송비 ${fee}, ${freeFrom} 이상 무료. 다른 상품과 묶어 보냅니다.`,
    free: "이 상품은 배송비를 더하지 않습니다. 기본 배송비 상품과 함께 주문하면 한 상자로 묶이고, 그 상자의 무료배송 기준 금액에 함께 더해집니다.",
    fixed: "이 상품만 따로 보내며 정한 배송비를 받습니다. 무료배송 기준 금액과 상관없습니다.",
  },
  fee: "고정 배송비 (원)",
  perQty: "수량별 부과 (개마다)",
  perQtyHint: "비워 두면 수량과 상관없이 한 번만 받습니다. 예: 3을 넣으면 3개마다 배송비를 한 번 더 받습니다.",
  remoteHint: "제주·도서산간 추가 배송비는 상점 설정의 금액을 상자마다 받습니다 (무료배송이어도 받습니다).",
  errors: {
    rule: "배송비 방식을 골라 주세요",
    fee: "고정 배송비는 1원에서 1,000,000원 사이로 입력해 주세요",
    perQty: "수량별 부과는 1에서 9,999 사이의 숫자로 입력하거나 비워 두세요",
  },
} as const;
