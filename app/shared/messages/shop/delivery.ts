/**
 * The product page's delivery terms: the page's loader writes them into its HTML, so they are
 * apart from koProduct and no browser bundle carries them (decision 119, "Later").
 */
export const koDelivery = {
  title: "배송 안내",
  deliveryText: (fee: string, free: string) => `배송비 ${fee} (${free} 이상 구매 시 무료)`,
  deliveryAlways: (fee: string) => `배송비 ${fee}`,
  deliveryFree: "무료배송",
  deliveryOwn: (fee: string) => `배송비 ${fee} (이 상품은 따로 배송됩니다)`,
  deliveryPerQty: (fee: string, n: number) => `배송비 ${fee} (${n}개마다 한 상자, 따로 배송됩니다)`,
  deliveryRemote: (parts: string) => `${parts} 추가 배송비가 붙습니다.`,
  remoteJeju: (fee: string) => `제주 ${fee}`,
  remoteIsland: (fee: string) => `도서산간 ${fee}`,
  seller: "판매자",
};
