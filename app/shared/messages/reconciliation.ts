import type { ReconciliationDifference } from "../contracts/payments";

/** 정산 대사: the console's page comparing Toss's ledger with the shop's orders (decision 144). */
export const koReconciliation = {
  title: "정산 대사",
  help: "토스페이먼츠가 받은 돈과 돌려준 돈을 하루 단위로 상점의 주문과 맞춰 봅니다. 매일 0시 10분이 지나면 전날을 자동으로 확인하고, 맞지 않는 결제가 있으면 아래에 표시합니다.",
  day: "날짜",
  show: "보기",
  check: "지금 대사하기",
  checking: "확인하는 중…",
  checkedAt: (when: string) => `확인 시각 ${when}`,
  none: "이 날짜는 아직 확인하지 않았습니다. 지금 대사하기를 누르면 토스페이먼츠에 확인합니다.",
  unavailable: "토스페이먼츠에 확인하지 못했습니다. 결제 키가 등록되어 있는지 확인하고 잠시 후 다시 대사해 주세요.",
  allMatch: "모든 결제가 주문과 일치합니다.",
  differences: (n: number) => `맞지 않는 결제 ${n}건`,
  sums: {
    title: "하루 합계",
    tossIn: "토스페이먼츠 승인·입금",
    tossOut: "토스페이먼츠 취소",
    oursIn: "주문 결제",
    oursOut: "주문 환불·자동 취소",
  },
  table: {
    order: "주문번호",
    method: "결제 수단",
    toss: "토스페이먼츠",
    ours: "상점 기록",
    result: "결과",
    ok: "일치",
    noOrder: "주문 없음",
  },
  /** Why a payment's figures differ, in the owner's words, with what to do. */
  difference: {
    orphan:
      "토스페이먼츠에 결제된 돈이 있지만 주문에 반영되지 않았습니다. 자동 처리를 기다리거나 토스페이먼츠 상점관리자에서 취소해 주세요.",
    missing:
      "주문은 결제 완료인데 토스페이먼츠에서 취소되었거나 결제가 없습니다. 주문을 취소하거나 구매자와 확인해 주세요.",
    amount: "토스페이먼츠에 남은 금액과 주문의 결제 금액이 다릅니다.",
    unknown: "이 상점에서 만들지 않은 주문번호의 결제가 토스페이먼츠에 있습니다.",
    stuck: "한 시간이 넘도록 결제 확인이 끝나지 않았습니다.",
  } satisfies Record<ReconciliationDifference, string>,
  /** Toss's status of a payment, as the page shows it. */
  tossStatus: {
    none: "결제 없음",
    DONE: "결제 완료",
    WAITING_FOR_DEPOSIT: "입금 대기",
    CANCELED: "취소됨",
    PARTIAL_CANCELED: "부분 취소",
    IN_PROGRESS: "승인 전",
    READY: "승인 전",
    EXPIRED: "만료",
    ABORTED: "실패",
  },
  days: "최근 확인한 날",
  dayResult: (n: number) => (n < 0 ? "확인 못 함" : n === 0 ? "일치" : `${n}건 불일치`),
  futureDay: "아직 오지 않은 날은 대사할 수 없습니다.",
  tooOld: "1년이 지난 날은 여기서 대사할 수 없습니다. 토스페이먼츠 상점관리자의 정산 내역을 확인해 주세요.",
};
