import { describe, expect, it } from "vitest";
import { romanize } from "~/shared/romanize";
import { addressCandidates, addressFrom, validAddress } from "~/shared/forms/shop-address";

describe("romanize: the Revised Romanization of Korean, as shop addresses need it", () => {
  it("writes each letter by the table", () => {
    expect(romanize("서울")).toBe("seoul");
    expect(romanize("부산")).toBe("busan");
    expect(romanize("제주")).toBe("jeju");
    expect(romanize("떡볶이")).toBe("tteokbokki");
    expect(romanize("꽃집")).toBe("kkotjip");
    expect(romanize("의자")).toBe("uija");
    expect(romanize("왜")).toBe("wae");
    expect(romanize("라면")).toBe("ramyeon");
  });

  it("carries a final over to a following vowel, ㅇ staying and ㅎ falling silent", () => {
    expect(romanize("한국어")).toBe("hangugeo");
    expect(romanize("앉아")).toBe("anja");
    expect(romanize("닭을")).toBe("dalgeul");
    expect(romanize("종이")).toBe("jongi");
    expect(romanize("좋아")).toBe("joa");
    expect(romanize("옷이")).toBe("osi");
  });

  it("writes the sound changes between syllables", () => {
    expect(romanize("신라")).toBe("silla");
    expect(romanize("설날")).toBe("seollal");
    expect(romanize("종로")).toBe("jongno");
    expect(romanize("백리")).toBe("baengni");
    expect(romanize("국물")).toBe("gungmul");
    expect(romanize("입니다")).toBe("imnida");
    expect(romanize("좋고")).toBe("joko");
    expect(romanize("축하")).toBe("chuka");
    expect(romanize("실험")).toBe("silheom");
  });

  it("leaves what is not Hangul, and starts each word afresh", () => {
    expect(romanize("한끼 식당")).toBe("hankki sikdang");
    expect(romanize("ABC 마트 24")).toBe("ABC mateu 24");
    expect(romanize("")).toBe("");
  });
});

describe("addresses from what was typed", () => {
  it("makes a valid address of Korean, mixed and too long text", () => {
    expect(addressFrom("한끼 식당")).toBe("hankki-sikdang");
    expect(addressFrom("예쁜 꽃집!")).toBe("yeppeun-kkotjip");
    expect(addressFrom("ＡＢＣ 마트")).toBe("abc-mateu");
    expect(addressFrom("서울 종로 떡볶이 맛집 골목")).toBe("seoul-jongno");
    expect(addressFrom("★★★")).toBe("");
    for (const text of ["한끼 식당", "예쁜 꽃집!", "서울 종로 떡볶이 맛집 골목"]) {
      expect(validAddress(addressFrom(text)), text).toBe(true);
    }
  });

  it("offers only valid addresses, with words or numbers added to a short or reserved one", () => {
    expect(addressCandidates("한끼 식당")[0]).toBe("hankki-sikdang");
    expect(addressCandidates("숲")[0]).toBe("sup");
    const short = addressCandidates("아");
    expect(short).not.toContain("a");
    expect(short[0]).toBe("a-store");
    expect(addressCandidates("shop")).not.toContain("shop");
    expect(addressCandidates("샵").every(validAddress)).toBe(true);
    for (const d of addressCandidates("아주 아주 긴 이름의 가게입니다")) expect(d.length).toBeLessThanOrEqual(20);
  });
});
