/** What the shell and product page say about the cart; the cart and order pages use koCart/koOrder. */
export const koCartButton = {
  added: "장바구니에 담았습니다",
  adding: "장바구니에 담는 중…",
  viewCart: "장바구니 보기",
  addFailed: "장바구니 담기에 실패했습니다 (잘못된 상품)",
  badge: (n: number) => `장바구니 ${n}개`,
} as const;
