import { formatCount } from "../format";

/**
 * Text of shop membership and points (/shop/member_point), of the cart's members-only order error
 * and of the policy pages (/link). Part of the one Korean catalogue, kept in its own module so that
 * shop pages do not ship it (docs/decisions/008). Only the membership page imports it in the
 * browser; the cart page and /link take their parts through `membership-text.server.ts` in their
 * loaders, so the browser gets just the words they render, as loader data.
 */

const points = (n: number) => `${formatCount(n)}P`;

/** The cart's APPROVE_ONLY error (spec §8): join this shop's membership; a guest logs in first. */
export const koMembershipOrder = {
  member: "상점 회원만 주문할 수 있는 상품이 있습니다. 이 상점의 회원으로 가입한 뒤 주문해 주세요.",
  memberConfirm: "상점 회원만 주문할 수 있는 상품이 있습니다. 이 상점의 회원으로 가입할까요?",
  memberLink: "상점 회원 가입하기",
  guest: "상점 회원만 주문할 수 있는 상품이 있습니다. 로그인한 뒤 상점 회원으로 가입해 주세요.",
  guestConfirm: "상점 회원만 주문할 수 있는 상품이 있습니다. 로그인하고 상점 회원으로 가입할까요?",
  guestLink: "로그인하고 상점 회원 가입하기",
} as const;

export const koMembership = {
  title: "상점 회원",
  isMember: (shop: string) => `${shop} 회원입니다`,
  memberSince: (date: string) => `${date} 가입`,
  notMember: (shop: string) => `아직 ${shop} 회원이 아닙니다`,
  benefits: "상점 회원이 되면 회원 전용 상품을 주문할 수 있고, 상점이 드리는 포인트를 모을 수 있습니다.",
  joinBonus: (n: number) => `지금 가입하면 가입 축하 포인트 ${points(n)}를 드립니다.`,
  points,
  balance: "보유 포인트",
  pointsOff: "이 상점은 포인트를 운영하지 않습니다.",
  history: "포인트 내역",
  historyEmpty: "포인트 내역이 없습니다.",
  reason: (reason: string) =>
    (
      ({
        join: "가입 축하 포인트",
        order_use: "주문에 사용",
        order_return: "주문 취소로 반환",
        order_earn: "구매 확정 적립",
        order_revoke: "환불로 적립 취소",
        review_reward: "리뷰 작성 적립",
        review_revoke: "리뷰 포인트 회수",
        // A cancelled order's points that came from a reward already taken back (decision 155).
        revoked_return: "회수된 포인트 반환 제외",
        admin: "상점 지급",
      }) as Record<string, string>
    )[reason] ?? "포인트",
  expires: (date: string, n: number) => `${date} 소멸 예정 ${points(n)}`,
  expired: "유효기간이 지나 소멸되었습니다",
  // Joining (spec §5: agreeing to the privacy policy, two policy links)
  joinTitle: "상점 회원 가입",
  consentTitle: "개인정보 수집·이용 동의 (필수)",
  consentItems: "수집 항목: 회원 번호, 가입일, 포인트 내역",
  consentPurpose: "이용 목적: 상점 회원 관리, 회원 전용 상품 판매, 포인트 적립과 사용",
  consentRetention: "보유 기간: 회원 해지 시까지 (해지하면 바로 삭제합니다)",
  consentRefuse: "동의하지 않을 수 있으며, 이 경우 상점 회원으로 가입할 수 없습니다.",
  agree: "개인정보 수집·이용에 동의합니다",
  // An account made elsewhere: the details above go to this shop too (decision 180).
  agreeShare: "위 정보를 이 상점에 제공하는 것과 개인정보 수집·이용에 동의합니다",
  privacy: "개인정보처리방침",
  terms: "이용약관",
  agreeRequired: "개인정보 수집·이용에 동의해 주세요.",
  joinButton: "상점 회원 가입하기",
  joining: "가입 중…",
  joined: "상점 회원으로 가입되었습니다.",
  joinedWithBonus: (n: number) => `상점 회원으로 가입되었습니다. 가입 축하 포인트 ${points(n)}가 적립되었습니다.`,
  continue: "주문 계속하기",
  continueShopping: "쇼핑 계속하기",
  // Cancelling (spec §5: requires confirmation)
  cancelTitle: "회원 해지",
  cancelNote:
    "해지하면 보유 포인트가 모두 사라지고 회원 전용 상품을 주문할 수 없습니다. 가입 축하 포인트는 한 번만 드립니다.",
  cancelButton: "회원 해지하기",
  cancelConfirm: (n: number) =>
    n > 0
      ? `정말 상점 회원을 해지할까요? 보유 포인트 ${points(n)}가 사라지며 되돌릴 수 없습니다.`
      : "정말 상점 회원을 해지할까요?",
  cancelYes: "해지하기",
  cancelNo: "돌아가기",
  canceling: "해지 중…",
  canceled: "상점 회원을 해지했습니다.",
  failed: "처리하지 못했습니다. 잠시 후 다시 시도해 주세요.",
} as const;

/** /link?type=privacy and /link?type=terms: the shop's policies on this platform. */
export const koPolicy = {
  privacyTitle: "개인정보처리방침",
  termsTitle: "이용약관",
  operator: (corp: string | null, shop: string) => corp ?? shop,
  contact: (contact: string) => `문의: ${contact}`,
  privacy: (shop: string, operator: string): [string, string][] => [
    [
      "1. 처리하는 개인정보",
      `${operator}(이하 "상점")은 ${shop} 이용에 필요한 최소한의 개인정보만 처리합니다. 회원가입: 이메일, 이름, 비밀번호(암호화하여 저장). 상점 회원 가입: 회원 번호, 가입일, 포인트 내역. 주문: 주문자와 받는 분의 이름, 휴대폰 번호, 주소, 배송 메모, 입금자명.`,
    ],
    [
      "2. 이용 목적",
      "회원 관리와 로그인, 상점 회원 관리와 포인트 적립, 주문 처리와 배송, 고객 문의 응대에만 이용합니다.",
    ],
    [
      "3. 보유 기간",
      "상점 회원 정보와 포인트 내역은 상점 회원 해지 시 바로 삭제합니다. 주문 기록은 전자상거래 등에서의 소비자보호에 관한 법률이 정한 기간 동안 보관합니다.",
    ],
    ["4. 제3자 제공", "법령에 따른 경우를 제외하고 개인정보를 제3자에게 제공하지 않습니다."],
    [
      "5. 이용자의 권리",
      "언제든지 회원정보에서 정보를 확인·수정하거나, 상점 회원을 해지하고 삭제를 요청할 수 있습니다.",
    ],
  ],
  terms: (shop: string, operator: string): [string, string][] => [
    [
      "제1조 (목적)",
      `이 약관은 ${operator}이 운영하는 ${shop}에서 제공하는 상품 판매와 회원 서비스의 이용 조건을 정합니다.`,
    ],
    [
      "제2조 (회원)",
      "회원가입으로 만든 계정은 이 플랫폼의 모든 상점에서 쓸 수 있습니다. 상점 회원은 이 상점에 따로 가입한 회원이며, 언제든지 해지할 수 있습니다.",
    ],
    [
      "제3조 (포인트)",
      "상점이 적립한 포인트는 적립일로부터 1년 동안 유효하며, 상점 회원을 해지하면 사라집니다. 가입 축하 포인트는 상점마다 한 번만 적립됩니다.",
    ],
    [
      "제4조 (주문과 결제)",
      "주문은 결제(무통장입금은 입금 확인)로 확정됩니다. 입금 기한이 지난 주문은 자동으로 취소됩니다.",
    ],
  ],
} as const;
