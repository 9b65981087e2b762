import { koSettlement } from "./settlement";

/** The console's payment settings (/admin/payments, issue 35, decision 101). */
export const koPayments = {
  title: "결제 설정",
  help: "토스페이먼츠와 계약한 상점은 토스페이먼츠 사이트에서 우리 상점 전용 키 두 개를 복사해 아래에 붙여 넣으면 카드와 간편결제(카카오페이·네이버페이·토스페이)를 받을 수 있습니다. 넣기 전에는 무통장입금만 받습니다.",
  /**
   * Where to copy what from, in the owner's words (issue 52 item 3). The names in quotes are the
   * Toss console's own, so the owner can find them there.
   */
  steps: {
    title: "키를 넣는 순서",
    open: "토스페이먼츠 개발자센터(developers.tosspayments.com)에 상점 계정으로 로그인하고, 왼쪽 메뉴에서 'API 키'를 누릅니다.",
    copy: "'API 개별 연동 키'에 보이는 클라이언트 키와 시크릿 키를 하나씩 복사해 아래 두 칸에 붙여 넣고 저장합니다. '결제위젯 연동 키'는 쓰지 않습니다.",
    test: "처음에는 test_로 시작하는 테스트 키로 주문을 해 보세요. 실제로 돈이 빠져나가지 않습니다. 카드사 심사가 끝나면 live_로 시작하는 키로 바꿔 넣으면 실제 결제가 시작됩니다.",
    notify:
      "가상계좌 입금을 바로 확인하려면, 개발자센터 왼쪽 메뉴의 '웹훅'에서 '웹훅 등록'을 누르고 아래 주소를 붙여 넣은 뒤 이벤트로 DEPOSIT_CALLBACK과 PAYMENT_STATUS_CHANGED를 고르세요. 하지 않아도 결제는 받지만 입금 확인이 몇 분 늦을 수 있습니다.",
  },
  unavailable: "이 플랫폼에서는 아직 카드 결제 설정을 사용할 수 없습니다. 무통장입금은 그대로 받을 수 있습니다.",
  none: "등록된 결제 키가 없습니다. 주문서에는 무통장입금만 보입니다.",
  provider: "결제대행사",
  toss: "토스페이먼츠",
  mode: "키 종류",
  modes: { test: "테스트 키 · 실제로 결제되지 않습니다", live: "라이브 키 · 실제로 결제됩니다" },
  clientKey: "클라이언트 키",
  clientKeyHint: "결제창을 여는 데 쓰는 키입니다. test_ck_ 또는 live_ck_로 시작합니다.",
  secretKey: "시크릿 키",
  secretKeyHint:
    "결제를 승인하고 취소할 때 쓰는 비밀번호 같은 키로, test_sk_ 또는 live_sk_로 시작합니다. 저장하면 암호화해 두고 다시 보여 드리지 않으니, 바꾸려면 새 키를 넣으세요.",
  secretKept: (last4: string) => `저장됨 (끝자리 ${last4})`,
  updatedAt: "최근 변경",
  webhook: "입금 알림 주소",
  widgetKeys:
    "넣은 키는 '결제위젯 연동 키'라 주문서에서 결제창을 열 수 없습니다. 그래서 손님에게 카드 결제가 보이지 않습니다. 개발자센터 'API 키' 화면의 'API 개별 연동 키'(test_ck_·test_sk_ 또는 live_ck_·live_sk_)로 바꿔 넣어 주세요.",
  save: "저장",
  saving: "저장 중…",
  replace: "키 바꾸기",
  remove: "키 삭제",
  removeConfirm:
    "키를 삭제하면 카드·간편결제를 받을 수 없고 무통장입금만 남습니다. 구매안전서비스(에스크로)도 꺼집니다. 삭제할까요?",
  removeSure: "삭제",
  cancel: "취소",
  done: {
    saved: "결제 키를 저장했습니다.",
    removed: "결제 키를 삭제했습니다.",
    escrow: "구매안전서비스 설정을 저장했습니다.",
    seller: koSettlement.seller.done,
    via: koSettlement.platform.switched,
  },
  /** The second section: the purchase-safety service through the same Toss contract (decision 103). */
  escrow: {
    title: "구매안전서비스(에스크로)",
    help: "현금을 먼저 받는 상점은 구매안전서비스를 제공하고 가입 사실을 표시해야 합니다(전자상거래법 제13조, 제24조). 토스페이먼츠 상점관리자에서 에스크로를 신청한 뒤 상점아이디를 넣으세요. 켜면 주문서의 가상계좌 결제에 에스크로 선택이 보이고, 상점 하단에 구매안전서비스 표시와 가입 확인 링크가 붙습니다.",
    needsKeys: "구매안전서비스는 토스페이먼츠 결제 키를 등록한 뒤에 설정할 수 있습니다.",
    mid: "상점아이디(MID)",
    midHint: "토스페이먼츠 상점관리자 맨 위에 보이는 영문·숫자 아이디입니다(예: tvivarepublica).",
    vbank: "가상계좌 결제에 에스크로 제공",
    vbankHint: "토스페이먼츠에서 에스크로 승인을 받은 상점만 켜 주세요.",
    on: "제공 중",
    off: "제공하지 않음",
    save: "구매안전서비스 저장",
  },
  errors: {
    clientRequired: "클라이언트 키를 입력해 주세요.",
    secretRequired: "시크릿 키를 입력해 주세요.",
    clientFormat: "클라이언트 키 형식이 아닙니다. 개발자센터의 클라이언트 키(test_ck_… 등)를 그대로 붙여 넣어 주세요.",
    secretFormat: "시크릿 키 형식이 아닙니다. 개발자센터의 시크릿 키(test_sk_… 등)를 그대로 붙여 넣어 주세요.",
    mixedFamily: "결제위젯 키와 API 개별 연동 키는 함께 쓸 수 없습니다. 같은 연동 방식의 키 한 쌍을 넣어 주세요.",
    mixedMode: "테스트 키와 라이브 키는 함께 쓸 수 없습니다.",
    liveNeedsHttps: "라이브 키는 https로 열리는 상점에서만 저장할 수 있습니다.",
    none: "등록된 결제 키가 없습니다.",
    midFormat:
      "상점아이디는 영문, 숫자, 밑줄(_)로 된 2~30자입니다. 토스페이먼츠 상점관리자의 상점아이디를 그대로 넣어 주세요.",
    midRequired: "에스크로를 켜려면 상점아이디(MID)를 입력해 주세요.",
    vbankFormat: "가상계좌 에스크로 제공 여부를 선택해 주세요.",
    escrowNeedsKeys: "토스페이먼츠 결제 키를 먼저 등록해 주세요. 구매안전서비스는 결제 키가 있어야 켤 수 있습니다.",
  },
};
