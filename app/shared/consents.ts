/**
 * 개인정보 제3자 제공 동의 (issue 11): the shops other than the host's that ship part of an order
 * (picks) receive the delivery details, so the buyer agrees to that, naming them. The order sheet,
 * its action and the API ask the same question of the same order.
 */
export function thirdPartyShops(order: { groups: { uid: number; origin_uid: number; shop_name_origin: string }[] }) {
  return [...new Set(order.groups.filter((g) => g.origin_uid !== g.uid).map((g) => g.shop_name_origin))];
}
