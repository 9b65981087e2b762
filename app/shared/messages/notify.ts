import type { NotifyKind } from "../notify-kinds";

/**
 * 알림톡 texts (decision 131). Each is the text of a template registered with Kakao through
 * SOLAPI: `#{name}` is filled in from the variables sent with it, so a template and its text
 * change together (functions/notify/templates.ts names the variables).
 */
export const koNotifyTemplates: Record<NotifyKind, string> = {
  account: [
    "[#{shop}] 주문이 접수되었습니다.",
    "주문번호: #{order}",
    "",
    "아래 계좌로 입금해 주세요.",
    "은행: #{bank}",
    "계좌번호: #{account}",
    "예금주: #{holder}",
    "입금액: #{amount}",
    "입금기한: #{deadline}",
  ].join("\n"),
  paid: ["[#{shop}] 결제가 확인되었습니다.", "주문번호: #{order}", "결제금액: #{amount}"].join("\n"),
  shipped: [
    "[#{shop}] 상품이 발송되었습니다.",
    "주문번호: #{order}",
    "택배사: #{courier}",
    "송장번호: #{tracking}",
    "배송조회: #{link}",
  ].join("\n"),
  answer: ["[#{shop}] 문의하신 상품에 답변이 등록되었습니다.", "상품: #{product}", "답변 보기: #{link}"].join("\n"),
  new_order: [
    "[#{shop}] 새 주문이 들어왔습니다.",
    "주문번호: #{order}",
    "상품: #{items}",
    "금액: #{amount}",
    "주문 보기: #{link}",
  ].join("\n"),
  new_message: ["[#{shop}] 새 문의 메시지가 도착했습니다.", "메시지 보기: #{link}"].join("\n"),
  payment_canceled: [
    "[#{shop}] 결제가 자동으로 취소되었습니다.",
    "주문번호: #{order}",
    "취소금액: #{amount}",
    "",
    "주문을 완료할 수 없어 결제하신 금액을 취소했습니다. 카드사·결제사에 따라 취소가 반영되기까지 3~7영업일이 걸릴 수 있습니다.",
  ].join("\n"),
};

/** The order sheet's consent and the console's page. */
export const koNotify = {
  /** A separate, unticked box: the buyer's word for messages to the number on the order. */
  consent: "[선택] 주문·배송·문의 답변 알림을 카카오 알림톡(실패 시 문자)으로 받기",
  consentHelp:
    "입금 계좌, 결제 확인, 발송 소식과 이 상점에 남긴 상품문의의 답변을 주문자 휴대폰 번호로 보내 드립니다. 동의하지 않아도 주문할 수 있습니다.",
  nav: "알림톡 설정",
  title: "알림톡·문자 알림",
  help: "카카오 알림톡으로 보내고, 카카오톡을 쓰지 않는 번호에는 문자로 보냅니다. 구매자에게는 주문서에서 알림 수신에 동의한 경우에만 보냅니다.",
  unavailable: "이 플랫폼에는 알림톡 발송이 설정되어 있지 않아 아무것도 보내지 않습니다.",
  ownerPhone: "알림 받을 휴대폰 번호 (상점 운영자)",
  ownerPhoneHelp: "비워 두면 운영자에게는 보내지 않습니다.",
  kindsTitle: "보낼 알림",
  kinds: {
    account: "구매자: 주문 후 입금 계좌 안내",
    paid: "구매자: 결제 확인",
    shipped: "구매자: 발송 (택배사·송장번호·배송조회)",
    answer: "구매자: 상품문의 답변",
    new_order: "운영자: 새 주문",
    new_message: "운영자: 새 문의 메시지",
    payment_canceled: "구매자: 주문을 완료하지 못해 자동 취소된 결제 안내",
  } satisfies Record<NotifyKind, string>,
  save: "저장",
  saved: "알림 설정을 저장했습니다.",
  phoneInvalid: "휴대폰 번호를 01로 시작하는 10~11자리 숫자로 입력해 주세요",
  logTitle: "최근 발송 기록",
  logEmpty: "아직 보낸 알림이 없습니다.",
  status: { queued: "보내는 중", sent: "보냄", failed: "실패" } as const,
  columns: { at: "시각", kind: "알림", phone: "번호", status: "상태", attempts: "시도" },
};
