/**
 * Issue 40, point 3: a quantity out of range is refused beside its field and the cart stays as it
 * was; phone numbers are Korean numbers, stored as digits and shown with hyphens.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { typedQty } from "../../../app/shared/cart-form";
import { OrderSheetForm } from "../../../app/shared/forms/order";
import { meetsRule } from "../../../app/shared/forms/order-fields";
import { BusinessBody } from "../../../app/shared/forms/shop-settings";
import { formatPhone, phoneDigits, validPhone } from "../../../app/shared/phone";
import { koOrder } from "~/shared/messages/cart";
import { koBuyRefused, koProduct } from "~/shared/messages/shop/product";
import { BEAUTY, STUDIO_CUSTOM } from "../helpers/request";
import { ADDRESS, Shopper } from "../helpers/shopper";

describe("the phone rule", () => {
  it("takes Korean mobile and landline numbers however they are typed", () => {
    for (const typed of [
      "010-2222-3333",
      "010 2222 3333",
      "01022223333",
      "+82 10-2222-3333",
      "011-234-5678",
      "019-2345-6789",
      "02-123-4567",
      "02-1234-5678",
      "(031) 123-4567",
      "051-1234-5678",
      "064-712-3456",
      "070-1234-5678",
      "0505-123-4567",
    ]) {
      expect(validPhone(typed), typed).toBe(true);
    }
  });

  it("refuses what is no number anyone can be called at", () => {
    for (const typed of [
      "12345678",
      "1588-1234", // 대표번호: a shop's, not a shopper's
      "010-222-3333", // 010 always has four digits in the middle
      "010-2222-33333",
      "02-12-3456",
      "039-123-4567", // no such area code
      "080-123-4567",
      "전화",
      "010-2222-333a",
      "",
    ]) {
      expect(validPhone(typed), typed).toBe(false);
    }
  });

  it("takes 대표번호 from a shop", () => {
    expect(validPhone("1588-1234", { business: true })).toBe(true);
    expect(validPhone("1644 0000", { business: true })).toBe(true);
    expect(validPhone("12345678", { business: true })).toBe(false);
  });

  it("stores digits and shows hyphens; a row typed before the rule is shown as it was", () => {
    expect(phoneDigits(" 010 2222 3333 ")).toBe("01022223333");
    expect(phoneDigits("+82-2-123-4567")).toBe("021234567");
    expect(formatPhone("01022223333")).toBe("010-2222-3333");
    expect(formatPhone("0111234567")).toBe("011-123-4567");
    expect(formatPhone("021234567")).toBe("02-123-4567");
    expect(formatPhone("0212345678")).toBe("02-1234-5678");
    expect(formatPhone("0311234567")).toBe("031-123-4567");
    expect(formatPhone("07012345678")).toBe("070-1234-5678");
    expect(formatPhone("05051234567")).toBe("0505-123-4567");
    expect(formatPhone("15881234")).toBe("1588-1234");
    expect(formatPhone("010 2222 3333")).toBe("010-2222-3333");
    expect(formatPhone("+1 555 0100")).toBe("+1 555 0100");
    expect(formatPhone(null)).toBe("");
  });

  it("is the order sheet's rule, on the server and in the page", () => {
    const parsed = OrderSheetForm.safeParse({ ...ADDRESS, orderer_phone: "010 2222 3333", receiver_phone: "" });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({ orderer_phone: "01022223333", receiver_phone: "01022223333" });
    const refused = OrderSheetForm.safeParse({ ...ADDRESS, orderer_phone: "12345678" });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ["orderer_phone"],
      message: koOrder.fieldErrors.pattern.orderer_phone,
    });
    expect(meetsRule("orderer_phone", "12345678")).toBe(false);
    expect(meetsRule("orderer_phone", "010 2222 3333")).toBe(true);
    expect(meetsRule("orderer_name", " ")).toBe(false);
    expect(meetsRule("postcode", "0623")).toBe(false);
    expect(meetsRule("postcode", "06236")).toBe(true);
  });

  it("is the shop's contact number rule, 대표번호 included", () => {
    const ok = BusinessBody.safeParse({ section: "business", tel: "1588 1234" });
    expect(ok.data?.tel).toBe("15881234");
    expect(BusinessBody.safeParse({ section: "business", tel: "12345678" }).success).toBe(false);
  });
});

describe("a quantity out of range on the product page", () => {
  it("reads only whole numbers from 1 to 999", () => {
    expect(typedQty("1")).toBe(1);
    expect(typedQty(" 999 ")).toBe(999);
    expect(typedQty(null)).toBe(1);
    for (const typed of ["0", "9999", "-3", "", "1.5", "1e3", "abc"]) expect(typedQty(typed), typed).toBeNull();
  });

  it("is refused beside the field, without scripts and with them, and nothing is added", async () => {
    const shopper = new Shopper(BEAUTY);
    for (const qty of ["0", "9999"]) {
      const res = await shopper.form("/shop/view/b0002", { pid2: "2", option: "200", qty, intent: "cart" });
      expect(res.status, qty).toBe(400);
      const html = await res.text();
      expect(html).toContain(koBuyRefused.qtyRange(999));
      expect(html).toMatch(/id="buy-qty"[^>]*aria-invalid="true"[^>]*aria-describedby="buy-qty-error"/);
      // What was typed stays in the field: never silently changed.
      expect(html).toMatch(new RegExp(`id="buy-qty"[^>]*value="${qty}"`));
      const data = await shopper.form("/shop/view/b0002.data", { pid2: "2", option: "200", qty, js: "1" });
      expect(await data.text()).toContain(koBuyRefused.qtyRange(999));
      const buy = await shopper.form("/shop/view/b0002", { pid2: "2", option: "200", qty, intent: "buy" });
      expect(buy.status).toBe(400);
    }
    expect((await shopper.cart()).data.count).toBe(0);
  });

  it("refuses a missing option with its own message beside the options", async () => {
    const shopper = new Shopper(BEAUTY);
    // 벨벳 틴트 (6색): options to choose from, none chosen.
    const res = await shopper.form("/shop/view/b0017", { pid2: "17", qty: "1", intent: "cart" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(`id="buy-option-error"`);
    expect(html).toContain(koProduct.chooseOption);
    expect((await shopper.cart()).data.count).toBe(0);
  });
});

describe("phones on the order sheet", () => {
  it("refuses 12345678 beside the field, stores 010 2222 3333 as digits and shows it with hyphens", async () => {
    const shopper = new Shopper(STUDIO_CUSTOM);
    await shopper.add([{ pid2: 408, pid3: 40800 }]);
    const { order_id } = (await shopper.order([{ pid2: 408, pid3: 40800, qty: 1 }])).data;
    const sheet = `/user/order?id=${order_id}`;
    let res = await shopper.form(sheet, { ...ADDRESS, orderer_phone: "12345678", pay_method: "bank" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/name="orderer_phone"[^>]*aria-invalid="true"/);
    expect(html).toContain(koOrder.fieldErrors.pattern.orderer_phone);
    res = await shopper.form(sheet, {
      ...ADDRESS,
      orderer_phone: "010 2222 3333",
      receiver_phone: "02 123 4567",
      pay_method: "bank",
    });
    expect(res.status).toBe(303);
    const row = await env.DB.prepare("SELECT orderer_phone, receiver_phone FROM orders WHERE id = ?")
      .bind(order_id)
      .first();
    expect(row).toEqual({ orderer_phone: "01022223333", receiver_phone: "021234567" });
    const done = await (await shopper.fetch(res.headers.get("location")!)).text();
    expect(done).toContain("02-123-4567");
  });
});
