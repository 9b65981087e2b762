/**
 * The purchase-safety service (구매안전서비스, 에스크로) as the order sheet offers it on cash-like
 * methods (전자상거래법 §13②10, §24; issue 35 item 5, decision 103). The console's texts are in
 * ./payments.ts, the footer's mark in ./shop/footer.ts.
 */
export const koEscrow = {
  /** The order sheet's check box beside a method escrowOffered() says yes to. */
  use: "구매안전서비스(에스크로) 이용",
  /** One line under the box. */
  explain:
    "결제 대금을 토스페이먼츠가 보관하다가 구매확정 후 판매자에게 지급하므로, 상품을 받지 못하면 돌려받을 수 있습니다.",
  /** Beside 무통장입금 when the shop offers escrow on virtual accounts only: where to find it. */
  bankNote: "무통장입금에는 구매안전서비스가 적용되지 않습니다. 에스크로를 원하시면 가상계좌로 결제해 주세요.",
} as const;
