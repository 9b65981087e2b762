/** Paying by card, wallet or virtual account through the shop's Toss Payments contract (issue 35). */
export const koCheckout = {
  /** Who made a cancel on the order's timeline (decision 104). */
  provider: "토스페이먼츠",
  /** The order sheet's choices (app/shared/limits.ts PAY_CHOICES). */
  choices: {
    bank: "무통장입금",
    card: "신용·체크카드",
    kakaopay: "카카오페이",
    naverpay: "네이버페이",
    tosspay: "토스페이",
    vbank: "가상계좌",
  },
  /** Without scripts the payment window cannot open: said beside the choices it disables. */
  needsScripts:
    "카드·간편결제·가상계좌는 자바스크립트가 켜져 있어야 결제창이 열립니다. 무통장입금은 그대로 이용하실 수 있습니다.",
  /** The same, at a shop that takes no bank transfer: nothing on the sheet can be paid without scripts. */
  needsScriptsOnly:
    "이 상점은 카드·간편결제·가상계좌로만 결제할 수 있으며, 결제창은 자바스크립트가 켜져 있어야 열립니다. 자바스크립트를 켠 뒤 다시 시도해 주세요.",
  /** A window asked for by a page that has no scripts (the form posted by other means). */
  windowNeedsScripts:
    "결제창을 열려면 자바스크립트가 필요합니다. 무통장입금을 선택하시거나 자바스크립트를 켠 뒤 다시 시도해 주세요.",
  /** The same, at a shop that takes no bank transfer. */
  windowNeedsScriptsOnly: "결제창을 열려면 자바스크립트가 필요합니다. 자바스크립트를 켠 뒤 다시 시도해 주세요.",
  opening: "결제창을 여는 중…",
  /** The completion page of an order Toss has been paid for (not a virtual account waiting). */
  completePaid: "결제가 완료되었습니다. 상품을 준비해 보내 드리겠습니다.",
  windowFailed: "결제창을 열지 못했습니다. 잠시 후 다시 시도해 주세요.",
  testMode: "테스트 결제",
  testModeNote: "테스트 키로 결제되어 실제로 돈이 오가지 않았습니다.",
  /** Why the window came back without a payment (its failUrl's code), and the confirm's refusals. */
  failures: {
    PAY_PROCESS_CANCELED: "결제를 취소하셨습니다. 다시 결제하시거나 다른 결제 수단을 선택해 주세요.",
    PAY_PROCESS_ABORTED: "결제가 중단되었습니다. 다시 시도해 주세요.",
    REJECT_CARD_COMPANY: "카드사에서 결제를 승인하지 않았습니다. 다른 카드나 결제 수단을 이용해 주세요.",
    MISMATCH: "결제 정보가 주문과 일치하지 않아 결제를 진행하지 않았습니다. 다시 결제해 주세요.",
    EXPIRED: "결제 승인 시간이 지났습니다. 다시 결제해 주세요.",
    PENDING:
      "이 주문서의 결제를 확인하고 있습니다. 확인이 끝나면 결과를 알려 드리며, 그동안 새 결제창은 열지 않습니다.",
    CONFIG: "이 상점의 결제 설정에 문제가 있어 결제할 수 없습니다. 무통장입금을 이용하시거나 상점에 문의해 주세요.",
    STOCK_GONE: "결제 직전에 재고가 소진되어 결제하지 않았습니다. 장바구니에서 수량을 확인해 주세요.",
    POINTS_SHORT: "사용하려던 적립금이 부족해 결제하지 않았습니다. 적립금을 다시 입력해 주세요.",
    UNPAID:
      "입금을 기다리는 주문이 많아 가상계좌를 발급하지 않았습니다. 먼저 입금하시거나 다른 결제 수단을 이용해 주세요.",
    CLOSED_CANCELED: "주문서가 닫혀 결제를 자동으로 취소했습니다. 장바구니에서 다시 주문해 주세요.",
    OTHER: "결제를 완료하지 못했습니다. 다시 시도하시거나 다른 결제 수단을 선택해 주세요.",
  },
  /** The receipt: on the completion page, the order's page and the console. */
  receipt: {
    title: "결제 정보",
    method: "결제 수단",
    approvedAt: "승인 일시",
    card: "카드",
    installment: (months: number) => (months > 0 ? `${months}개월 할부` : "일시불"),
    easyPay: "간편결제",
    receiptLink: "영수증 보기",
    account: "입금 계좌",
    accountHolder: "예금주",
    due: "입금 기한",
    waiting: "입금 대기",
    escrow: "구매안전서비스(에스크로) 적용",
    cancels: "취소 내역",
    canceled: (amount: string) => `${amount} 취소`,
    balance: (amount: string) => `남은 결제 금액 ${amount}`,
    failure: (message: string) => `최근 결제 오류: ${message}`,
  },
  /** The automatic cancel of a payment the order could not take. */
  autoCancelReason: "주문을 완료할 수 없어 자동 취소",
  /** A virtual account nobody paid into by its due date, closed at Toss when the order expires. */
  voidReason: "입금 기한이 지나 가상계좌 발급 취소",
  /**
   * A payment whose outcome is not known yet (decision 142): the sheet waits for the reconciler,
   * refreshing itself with scripts, a button without.
   */
  checking: {
    title: "결제를 확인하고 있습니다",
    body: "토스페이먼츠에 결제 결과를 확인하는 중입니다. 같은 주문이 두 번 결제되지 않도록, 확인이 끝날 때까지 새 결제창은 열지 않습니다. 결제가 확인되면 주문이 완료되고, 완료할 수 없으면 결제는 자동으로 취소됩니다.",
    auto: "이 페이지는 잠시 후 저절로 다시 확인합니다.",
    again: "결제 다시 확인하기",
  },
  /** Money Toss took for a sheet that could not take it, given back by the reconciler. */
  givenBack: (amount: string) =>
    `결제하신 ${amount}은 주문을 완료할 수 없어 자동으로 취소했습니다. 카드사·결제사에 따라 취소가 반영되기까지 3~7영업일이 걸릴 수 있습니다.`,
  orderName: (first: string, more: number) => (more > 0 ? `${first} 외 ${more}건` : first),
} as const;
