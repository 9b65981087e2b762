/** The console's custom domain page (/admin/domain, decision 092). */
export const koDomain = {
  title: "도메인 연결",
  help: "가지고 계신 도메인(예: www.myshop.co.kr)으로도 상점을 열 수 있습니다. 도메인을 입력하면 도메인 관리 업체(가비아, 후이즈, Cloudflare 등)에 만들 DNS 레코드를 알려 드립니다.",
  unavailable: "이 플랫폼에서는 아직 도메인 연결을 사용할 수 없습니다. 상점은 기본 주소로 계속 열립니다.",
  unavailableKept:
    "이 플랫폼에서는 도메인을 새로 연결하거나 삭제할 수 없습니다. 이미 연결된 도메인은 그대로 사용할 수 있습니다.",
  field: "연결할 도메인",
  fieldHint: "http://, 경로, 포트 없이 도메인만 입력해 주세요. 한글 도메인도 됩니다.",
  connect: "도메인 연결",
  connecting: "연결 중…",
  current: "연결한 도메인",
  status: "상태",
  states: { pending: "대기 중", active: "연결됨", failed: "실패", released: "해제됨" },
  stateHelp: {
    pending:
      "아래 DNS 레코드를 도메인 관리 업체에 만들어 주세요. 확인되면 보통 몇 분 안에, 길게는 하루 안에 연결됩니다.",
    active: "도메인이 연결되었습니다. 이 주소로 상점이 열립니다.",
    failed:
      "연결하지 못했습니다. 아래 이유를 확인해 DNS 레코드를 고친 뒤 상태를 확인하거나, 삭제하고 다시 연결해 주세요.",
    released:
      "도메인 소유가 확인되지 않아 이 연결 신청을 해제했습니다. 이제 어느 상점이든 이 도메인을 신청할 수 있습니다. 도메인을 가지고 계시다면 아래에서 다시 연결해 주세요.",
  },
  // Until Cloudflare verifies ownership a claim holds the name for a while only (decision 156).
  claim: {
    unproved: (heldUntil: string, releaseAt: string) =>
      `도메인 소유가 아직 확인되지 않았습니다. 아래의 ‘도메인 소유 확인’ TXT 레코드(또는 ‘상점으로 연결’ CNAME 레코드)를 만들면 Cloudflare가 소유를 확인합니다. ${releaseAt}까지 확인되지 않으면 연결 신청이 해제되고, ${heldUntil}부터는 다른 상점도 이 도메인을 신청할 수 있습니다.`,
    proved: "도메인 소유가 확인되었습니다. 이제 이 도메인은 이 상점만 연결할 수 있습니다.",
  },
  reason: "이유",
  checkedAt: "마지막 확인",
  records: "만들어야 할 DNS 레코드",
  columns: { type: "유형", name: "이름(호스트)", value: "값", purpose: "용도" },
  purposes: { route: "상점으로 연결", ownership: "도메인 소유 확인", certificate: "보안 인증서(HTTPS) 발급" },
  check: "상태 확인",
  remove: "연결 삭제",
  removeConfirm: "이 도메인 연결을 삭제할까요? 삭제하면 이 주소로는 상점이 열리지 않습니다.",
  removeSure: "삭제 확인",
  cancel: "취소",
  done: {
    added: "도메인을 등록했습니다. 아래 DNS 레코드를 만들어 주세요.",
    checked: "상태를 확인했습니다.",
    removed: "도메인 연결을 삭제했습니다.",
  },
  notChecked: "Cloudflare에서 지금 상태를 가져오지 못해 마지막으로 확인한 상태를 보여 드립니다.",
  reasons: {
    cname: "도메인의 CNAME 레코드가 아직 안내한 주소를 가리키지 않습니다.",
    txt: "소유 확인용 TXT 레코드를 아직 찾지 못했습니다.",
    timeout: "정해진 시간 안에 DNS 레코드를 확인하지 못했습니다.",
    moved: "도메인이 더 이상 이 플랫폼을 가리키지 않습니다.",
    deleted: "Cloudflare에서 이 도메인 등록이 삭제되었습니다.",
    blocked: "Cloudflare가 이 도메인의 연결을 막았습니다. 고객센터에 문의해 주세요.",
    claimExpired: (days: number) => `${days}일 안에 도메인 소유가 확인되지 않아 연결 신청을 해제했습니다.`,
    claimTaken: "도메인 소유가 확인되기 전에 다른 상점이 이 도메인을 신청해, 이 상점의 연결 신청은 해제되었습니다.",
    other: (original: string) => `Cloudflare가 알려 온 이유: ${original}`,
  },
  errors: {
    required: "연결할 도메인을 입력해 주세요",
    onlyDomain: "http://, 경로(/…), 포트(:…) 없이 도메인만 입력해 주세요 (예: www.myshop.co.kr)",
    invalid: "올바른 도메인이 아닙니다. 예: www.myshop.co.kr",
    ip: "IP 주소는 연결할 수 없습니다. 도메인을 입력해 주세요",
    platform: "플랫폼의 기본 주소는 연결할 수 없습니다. 직접 가지고 계신 도메인을 입력해 주세요",
    taken: "이미 다른 상점에 연결된 도메인입니다. 도메인을 확인해 주세요.",
    held: (until: string) =>
      `다른 상점이 소유 확인을 기다리고 있는 도메인입니다. 도메인을 가지고 계시다면 ${until}부터 연결을 신청한 뒤 소유 확인 레코드를 만들어 주세요.`,
    hasOne: "이미 연결한 도메인이 있습니다. 먼저 연결을 삭제한 뒤 새 도메인을 연결해 주세요.",
    none: "연결된 도메인이 없습니다.",
    tooMany: (n: number) => `도메인 연결은 한 시간에 ${n}번까지 시도할 수 있습니다. 잠시 후 다시 시도해 주세요.`,
    unavailable: "이 플랫폼에서는 도메인 연결을 사용할 수 없습니다.",
    cloudflare: "Cloudflare와 통신하지 못했습니다. 잠시 후 다시 시도해 주세요.",
    refused: "Cloudflare가 이 도메인의 등록을 거절했습니다. 도메인을 확인해 주세요.",
  },
} as const;
