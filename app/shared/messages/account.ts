import { formatCount } from "../format";

/**
 * Text of the account area's favourites (찜) and recently viewed products (issue 10). The ♡ on
 * product cards uses only `like`/`unlike`, which the shell catalogue carries (ko.product).
 */
export const koAccount = {
  favouritesTitle: "찜한 상품",
  favouritesEmpty: "찜한 상품이 없습니다. 마음에 드는 상품의 ♡를 눌러 보세요.",
  recentTitle: "최근 본 상품",
  recentEmpty: "최근 본 상품이 없습니다.",
  remove: "삭제",
  removeItem: (name: string) => `${name} 삭제`,
  clear: "전체 삭제",
  count: (n: number) => `${formatCount(n)}개`,
  guest: "이 기기에서 본 상품입니다. 로그인하면 회원 정보로 옮겨 모아 볼 수 있습니다.",
  guestFavourites: "이 기기에서 찜한 상품입니다. 로그인하면 회원 정보로 옮겨 모아 볼 수 있습니다.",
  login: "로그인",
  notSoldHere: "이 상점에서 판매하지 않는 상품입니다.",
  tooManyFavourites: (max: number) =>
    `찜은 상점마다 ${formatCount(max)}개까지 할 수 있습니다. 찜한 상품을 정리한 뒤 다시 시도해 주세요.`,
  removed: "삭제했습니다",
  lookupTitle: "비회원 주문조회",
  lookupIntro: "주문할 때 받은 주문번호와 주문자 휴대폰 번호를 입력하면 주문 내역을 볼 수 있습니다.",
  orderNo: "주문번호",
  ordererPhone: "주문자 휴대폰 번호",
  lookup: "주문 조회",
  lookupFailed: "주문번호와 휴대폰 번호를 다시 확인해 주세요.",
  lookupTooMany: "조회를 너무 많이 시도했습니다. 15분 뒤에 다시 시도해 주세요.",
  lookupMember: "회원으로 주문했다면 로그인하면 주문 내역에서 볼 수 있습니다.",
} as const;
