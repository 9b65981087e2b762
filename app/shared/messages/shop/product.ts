import { formatCount } from "../../format";
export const koProduct = {
  // The product page's link to messaging: here, so the page needs no messaging catalogue.
  askProduct: "이 상품 문의",
  soldOut: "품절",
  soldOutNow: "품절된 상품입니다. 입고되면 다시 구매할 수 있습니다.",
  saleEndedTag: "판매종료",
  salesEnded: "판매가 종료된 상품입니다.",
  decrease: "수량 빼기",
  increase: "수량 더하기",
  total: "총 상품금액",
  overStock: (n: number) => `재고가 부족합니다 (구매 가능: ${n}개)`,
  lowStock: (n: number) => `${n}개 남음`,
  option: "옵션",
  chooseOption: "옵션을 선택해 주세요",
  quantity: "수량",
  addToCart: "장바구니 담기",
  buyNow: "바로 구매",
  likes: (n: number) => `좋아요 ${formatCount(n)}`,
  like: (title: string) => `${title} 찜하기`,
  unlike: (title: string) => `${title} 찜 해제`,
  /** The head's review count (decision 168): the reviews section's own word and figure. */
  comments: (n: number) => `리뷰 ${formatCount(n)}`,
  adultOnly: "19세 이상 구매 가능",
  authOnly: "본인인증 후 구매 가능",
  membersOnly: "상점 회원 전용",
  pickFrom: (shop: string) => `${shop}의 상품`,
  details: "상품 상세",
  recommendations: "함께 보면 좋은 상품",
  recommendationsFailed: "추천 상품을 불러오지 못했습니다.",
  moreInCategory: "이 카테고리 상품 더 보기",
  extraPrice: (p: string) => `(+${p})`,
  // Adult-only and verified-only goods (decision 114); here so the page and cards need no other catalogue.
  adultMark: "19",
  adultMarkLabel: "19세 이상 구매 가능",
  adultCovered: "성인인증 후 상품 이미지와 설명을 볼 수 있습니다.",
  /** The gallery's sign that there is more to swipe (issue 40). */
  photoCount: (n: number) => `사진 ${n}장`,
  adultDescriptionHidden: "이 상품의 상세 설명은 성인인증 후에 볼 수 있습니다.",
  identityNeeded: "이 상품은 본인인증 후에 구매할 수 있습니다.",
  verifyAdult: "성인인증 하기",
  verifyIdentity: "본인인증 하기",
} as const;

/** The add-to-cart action's refusals (server only: a name of its own keeps them off the page's script). */
export const koBuyRefused = {
  qtyRange: (max: number) => `수량은 1~${max}개 사이로 입력해 주세요`,
};
