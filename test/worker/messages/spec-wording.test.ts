import { describe, expect, it } from "vitest";
import { koCart, koOrder } from "~/shared/messages/cart";
import { koCartButton } from "~/shared/messages/shop/cart";
import { koErrors } from "~/shared/messages/shop/errors";
import { ORDER_ERROR_TEXT } from "~/shared/order-errors";

/**
 * The wording spec §8 fixes, pinned once, here (decision 100). Every other test finds its copy
 * through the catalogue, so rewording a message breaks this file and no other; a change to one of
 * these texts must also be a change to the spec.
 */
describe("the spec's error texts", () => {
  it("add to cart failure: 'Failed to add to cart (invalid product)'", () => {
    expect(koCartButton.addFailed).toBe("장바구니 담기에 실패했습니다 (잘못된 상품)");
  });

  it("product metadata missing: 404 'not ready'", () => {
    expect(koErrors.notReady).toBe("준비 중인 상품입니다");
  });

  it("order errors CHECK_QTY_INFO, CHECK_SHOP_STATUS and any other", () => {
    expect(ORDER_ERROR_TEXT.CHECK_QTY_INFO).toBe("상품의 재고 상태를 다시 확인해 주세요");
    expect(ORDER_ERROR_TEXT.CHECK_SHOP_STATUS).toBe("판매 준비 중인 상점입니다");
    expect(ORDER_ERROR_TEXT.FAILED).toBe("주문서 생성 중 문제가 발생했습니다");
    expect(koOrder.failed).toBe(ORDER_ERROR_TEXT.FAILED);
  });

  it("cart line errors qty ('out of stock (orderable: N)') and sold_out", () => {
    expect(koCart.errorQty(3)).toBe("재고 부족 (주문 가능: 3개)");
    expect(koCart.errorSoldOut).toBe("판매가 중단된 상품입니다");
  });
});
