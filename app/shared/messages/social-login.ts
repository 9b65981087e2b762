/**
 * Kakao and Naver login (decision 115): the links, the first login's consent form, the account
 * page's links and every refusal of the flow. Part of the one Korean catalogue.
 */
export const koSocial = {
  provider: { kakao: "카카오", naver: "네이버" } as Record<"kakao" | "naver", string>,
  startKakao: "카카오로 시작하기",
  startNaver: "네이버로 시작하기",
  or: "또는",
  // The first login's sign-up on our own form.
  joinTitle: "간편 가입",
  joinLead: (provider: string) => `${provider} 계정으로 처음 오셨습니다. 약관에 동의하시면 가입이 끝납니다.`,
  // Shown to every first login alike (decision 152): whether the address has an account is not said.
  joinHasAccount: (provider: string) =>
    `이 상점에 이메일로 가입한 계정이 이미 있다면, 새로 가입하지 말고 기존 계정으로 로그인한 뒤 [내 정보]에서 ${provider}를 연결해 주세요.`,
  joinButton: "동의하고 가입하기",
  joinExpired: "가입 시간이 지났습니다. 처음부터 다시 시작해 주세요.",
  // A person with an account from another shop joins this one with one tap (decision 177).
  shareLead: (provider: string, shop: string) =>
    `${provider} 계정으로 이미 가입한 회원입니다. 아래 정보를 ${shop}에 제공하는 데 동의하시면 다시 입력할 것 없이 바로 회원이 됩니다.`,
  shareTitle: "제공되는 정보",
  shareRecipient: "제공받는 자",
  shareItems: "제공 항목",
  sharePurpose: "이용 목적",
  sharePurposeText: "회원 관리, 주문·배송 처리, 고객 상담",
  shareKeep: "보유 기간",
  shareKeepText: "회원 탈퇴 시까지 (법령이 보관을 정한 거래 기록은 그 기간까지)",
  shareName: "이름",
  sharePhone: "휴대폰",
  shareEmail: "이메일",
  shareNone: "없음",
  shareTerms: (shop: string) => `${shop}의 이용약관과 위 개인정보 제3자 제공에 동의합니다.`,
  shareRefuse: "동의하지 않으셔도 되며, 그 경우 이 상점에는 가입되지 않고 비회원으로 주문할 수 있습니다.",
  shareButton: "동의하고 시작하기",
  // The same question for an account logged in here that is a member of another shop (decision 180).
  shareTitleAccount: (shop: string) => `${shop} 회원으로 시작하기`,
  shareLeadAccount: (shop: string) =>
    `다른 상점에서 가입한 계정으로 로그인했습니다. 아래 정보를 ${shop}에 제공하는 데 동의하시면 다시 입력할 것 없이 바로 ${shop} 회원이 됩니다.`,
  shareBonus: (points: string) => `지금 가입하면 가입 축하 포인트 ${points}를 드립니다.`,
  shareRefuseAccount:
    "동의하지 않으셔도 로그인한 채로 쇼핑하고 주문할 수 있습니다. 다만 이 상점의 회원 혜택(가입 축하 포인트와 적립, 회원 전용 상품)은 받을 수 없습니다. 이 상점은 다시 묻지 않으며, 나중에 [상점 회원]에서 언제든 가입할 수 있습니다.",
  shareDecline: "동의하지 않고 계속하기",
  shareGuest: "동의하지 않고 비회원으로 둘러보기",
  shareAnswered: "이 상점에서 더 확인할 내용이 없습니다.",
  shareContinue: "계속하기",
  shareAgreeRequired: "정보 제공에 동의해 주세요.",
  // Where a login did not end in a session.
  exists: (provider: string) =>
    `이미 가입된 계정이 있습니다. 기존 계정으로 로그인한 뒤 [내 정보]에서 ${provider}를 연결해 주세요.`,
  taken: (provider: string) => `이 ${provider} 계정은 이미 다른 회원에게 연결되어 있습니다.`,
  linked: (provider: string) => `${provider} 계정을 연결했습니다.`,
  failed: "로그인을 마치지 못했습니다. 처음부터 다시 시도해 주세요.",
  errorTitle: "로그인을 마치지 못했습니다",
  stateInvalid: "로그인 요청이 만료되었거나 이미 사용되었습니다. 상점으로 돌아가 다시 시도해 주세요.",
  cancelled: "로그인을 취소했습니다.",
  codeInvalid: "로그인 확인 코드가 만료되었거나 이미 사용되었습니다. 다시 시도해 주세요.",
  providerDown: "지금은 간편 로그인을 쓸 수 없습니다. 잠시 후 다시 시도하거나 이메일로 로그인해 주세요.",
  notConfigured: "이 상점에서는 간편 로그인을 쓸 수 없습니다.",
  backToShop: "상점으로 돌아가기",
  backHome: "처음으로",
  tooMany: "요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.",
  badReturn: "이 주소에서는 로그인을 시작할 수 없습니다.",
  // /user/info
  linksTitle: "간편 로그인 연결",
  linkedAt: (date: string) => `${date} 연결`,
  notLinked: "연결 안 됨",
  link: "연결하기",
  unlink: "연결 해제",
  unlinked: (provider: string) => `${provider} 연결을 해제했습니다.`,
  lastMethod: "마지막 로그인 방법은 해제할 수 없습니다. 다른 간편 로그인을 먼저 연결해 주세요.",
  noEmail: "카카오·네이버 간편 가입 계정입니다. 로그인은 연결된 계정으로 합니다.",
  notLinkedError: "연결되어 있지 않습니다.",
};
