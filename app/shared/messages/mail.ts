/** The mail an order sends (issue 9, point 5). Plain text; every amount and date as the pages show it. */
export const koOrderMail = {
  placed: {
    subject: (shop: string, id: number) => `[${shop}] 주문이 접수되었습니다 (주문번호 ${id})`,
    body: (p: {
      name: string;
      amount: string;
      deadline: string;
      bank: string;
      account: string;
      holder: string;
      link: string;
    }) =>
      [
        `${p.name}님, 주문해 주셔서 감사합니다.`,
        "",
        `아래 계좌로 ${p.deadline}까지 ${p.amount}을 입금해 주세요. 기한이 지나면 주문은 자동으로 취소됩니다.`,
        "",
        `입금 계좌: ${p.bank} ${p.account}`,
        `예금주: ${p.holder}`,
        `입금 금액: ${p.amount}`,
        `입금 기한: ${p.deadline}`,
        "",
        `주문 상세: ${p.link}`,
      ].join("\n"),
  },
  paidWithPoints: {
    subject: (shop: string, id: number) => `[${shop}] 주문이 완료되었습니다 (주문번호 ${id})`,
    body: (p: { name: string; points: string; link: string }) =>
      [
        `${p.name}님, 적립금 ${p.points}으로 결제되었습니다. 상품을 준비해 보내 드리겠습니다.`,
        "",
        `주문 상세: ${p.link}`,
      ].join("\n"),
  },
  newOrder: {
    subject: (shop: string, id: number) => `[${shop}] 새 주문이 들어왔습니다 (주문번호 ${id})`,
    body: (p: {
      items: string;
      amount: string;
      orderer: string;
      deadline: string | null;
      link: string;
      /** Paid through Toss (the method's name), or a virtual account Toss will report the deposit of. */
      online: { method: string; waiting: boolean } | null;
    }) =>
      [
        `주문 상품: ${p.items}`,
        p.online && !p.online.waiting
          ? `결제 금액: ${p.amount} (${p.online.method} 결제 완료)`
          : p.deadline
            ? `결제 금액: ${p.amount} (${p.online ? p.online.method : "무통장입금"}, ${p.deadline}까지)`
            : `결제 금액: ${p.amount} (적립금 결제 완료)`,
        `주문자: ${p.orderer}`,
        "",
        p.deadline && !p.online
          ? `입금이 확인되면 관리자 화면에서 입금확인을 눌러 주세요: ${p.link}`
          : p.online?.waiting
            ? `입금되면 토스페이먼츠가 알려 주어 결제완료로 바뀝니다: ${p.link}`
            : `주문 관리: ${p.link}`,
      ].join("\n"),
  },
  givenBack: {
    subject: (shop: string, id: number) => `[${shop}] 결제가 자동으로 취소되었습니다 (주문번호 ${id})`,
    body: (p: { name: string; amount: string; link: string }) =>
      [
        `${p.name}님, 결제하신 ${p.amount}은 주문을 완료할 수 없어 자동으로 취소했습니다.`,
        "카드사·결제사에 따라 취소가 반영되기까지 3~7영업일이 걸릴 수 있습니다. 주문은 접수되지 않았습니다.",
        "",
        `주문서 보기: ${p.link}`,
      ].join("\n"),
  },
  paidOnline: {
    subject: (shop: string, id: number) => `[${shop}] 결제가 완료되었습니다 (주문번호 ${id})`,
    body: (p: { name: string; amount: string; method: string; receipt: string | null; test: boolean; link: string }) =>
      [
        `${p.name}님, ${p.method}(으)로 ${p.amount} 결제가 완료되었습니다. 상품을 준비해 보내 드리겠습니다.`,
        ...(p.test ? ["", "테스트 결제입니다: 실제로 돈이 오가지 않았습니다."] : []),
        ...(p.receipt ? ["", `영수증: ${p.receipt}`] : []),
        "",
        `주문 상세: ${p.link}`,
      ].join("\n"),
  },
  paid: {
    subject: (shop: string, id: number) => `[${shop}] 입금이 확인되었습니다 (주문번호 ${id})`,
    body: (p: { name: string; amount: string; link: string }) =>
      [
        `${p.name}님, ${p.amount} 입금이 확인되었습니다. 상품을 준비해 보내 드리겠습니다.`,
        "",
        `주문 상세: ${p.link}`,
      ].join("\n"),
  },
  shipped: {
    subject: (shop: string, id: number) => `[${shop}] 상품이 발송되었습니다 (주문번호 ${id})`,
    body: (p: { name: string; courier: string; trackingNo: string; trackingUrl: string | null; link: string }) =>
      [
        `${p.name}님, 주문하신 상품이 발송되었습니다.`,
        "",
        `택배사: ${p.courier}`,
        `송장번호: ${p.trackingNo}`,
        ...(p.trackingUrl ? [`배송조회: ${p.trackingUrl}`] : []),
        "",
        `주문 상세: ${p.link}`,
      ].join("\n"),
  },
  refunded: {
    subject: (shop: string, id: number) => `[${shop}] 환불이 완료되었습니다 (주문번호 ${id})`,
    body: (p: { name: string; amount: string; account: string; link: string }) =>
      [`${p.name}님, ${p.amount}을 ${p.account}(으)로 환불해 드렸습니다.`, "", `주문 상세: ${p.link}`].join("\n"),
  },
  /** The shop's 판매취소 (decision 126): why, and how the money comes back. */
  saleCanceled: {
    subject: (shop: string, id: number) => `[${shop}] 판매자가 주문을 취소했습니다 (주문번호 ${id})`,
    body: (p: { name: string; reason: string; refund: "none" | "online" | "account"; link: string }) =>
      [
        `${p.name}님, 판매자가 주문을 취소했습니다 (판매취소).`,
        `사유: ${p.reason}`,
        "",
        ...(p.refund === "online"
          ? ["결제하신 금액은 결제하신 수단으로 환불됩니다.", ""]
          : p.refund === "account"
            ? ["입금하신 금액을 돌려드릴 계좌를 주문 상세에서 입력해 주세요.", ""]
            : []),
        `주문 상세: ${p.link}`,
      ].join("\n"),
  },
  /** The shop cancelled one line of the order (decision 176); the rest goes on. */
  lineCanceled: {
    subject: (shop: string, id: number) => `[${shop}] 판매자가 주문 상품 일부를 취소했습니다 (주문번호 ${id})`,
    /** `owed`: the money goes back later (a transfer's, decision 179), to the account given or asked for. */
    body: (p: {
      name: string;
      item: string;
      reason: string;
      amount: string;
      to: string;
      owed: boolean;
      link: string;
    }) =>
      [
        `${p.name}님, 판매자가 주문하신 상품 중 하나를 취소했습니다 (판매취소).`,
        `취소된 상품: ${p.item}`,
        `사유: ${p.reason}`,
        p.owed
          ? `환불 예정 금액: ${p.amount} (${p.to ? `${p.to}(으)로 보내 드립니다` : "주문 상세에서 환불받으실 계좌를 알려 주세요"})`
          : `환불 금액: ${p.amount}${p.to ? ` (${p.to})` : ""}`,
        "",
        "나머지 상품은 그대로 준비해 보내 드립니다.",
        `주문 상세: ${p.link}`,
      ].join("\n"),
  },
  /** Where Toss sent a refund back (decision 104), for the refunded mail's sentence. */
  refundedTo: {
    card: (company: string) => (company ? `결제하신 ${company}카드` : "결제하신 카드"),
    wallet: (provider: string) => `결제하신 ${provider}`,
    account: (account: string) => `입력하신 계좌 ${account}`,
  },
  guest: "고객",
} as const;
