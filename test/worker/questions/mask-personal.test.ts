import { describe, expect, it } from "vitest";
import { maskPersonal } from "~/shared/mask-personal";

describe("maskPersonal", () => {
  it("keeps a phone number's first and last groups", () => {
    expect(maskPersonal("010-1234-5678로 연락 주세요")).toBe("010-****-5678로 연락 주세요");
    expect(maskPersonal("01012345678")).toBe("010-****-5678");
    expect(maskPersonal("02 123 4567")).toBe("02 *** 4567");
    expect(maskPersonal("010.987.6543")).toBe("010.***.6543");
  });

  it("hides a road address's numbers and a flat's", () => {
    expect(maskPersonal("서울 강남구 테헤란로 123 101동 1203호로 보내 주세요")).toBe(
      "서울 강남구 테헤란로 *** ***동 ****호로 보내 주세요",
    );
    expect(maskPersonal("세종대로12길 34-5")).toBe("세종대로12길 **-*");
  });

  it("leaves the rest of a question alone", () => {
    const text = "50ml 용량은 언제 재입고되나요? 2개 사고 싶어요.";
    expect(maskPersonal(text)).toBe(text);
  });
});
