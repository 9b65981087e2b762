import { describe, expect, it } from "vitest";
import { footerHidden } from "~/components/layouts/ShopLayout";
import { prefetchAllowed } from "~/components/SmartLink";
import { isChunkLoadError, reloadForStaleChunk } from "~/lib/chunk-reload.client";
import { formatCount, formatDate, formatKRW } from "~/shared/format";
import { headerHeight } from "~/lib/header";
import { themeStyle, tint } from "~/lib/theme";
import { isInternetExplorer } from "~/shared/ie";
import { daumAddress } from "~/lib/postcode.client";
import type { ShopInfo } from "~/shared/contracts";
import { SKIN_DEFAULTS } from "../../../functions/views/shop";

const shop = (over: Partial<ShopInfo> = {}): ShopInfo =>
  ({
    mcolor: "#3C91E6",
    mcolor2: null,
    scolor: "#ffffff",
    scolor2: null,
    btn_color: null,
    font_name: "NanumBarunGothic",
    font_size: 12,
    header_height: 56,
    logo_height: 32,
    show_link: false,
    youtube: null,
    instagram: null,
    naver: null,
    link1: null,
    design: { skin: "prod1", value: SKIN_DEFAULTS },
    ...over,
  }) as ShopInfo;

describe("small pieces", () => {
  it("formats won", () => {
    expect(formatKRW(12900)).toBe("12,900원");
    expect(formatKRW(0)).toBe("0원");
    expect(formatKRW(1234567)).toBe("1,234,567원");
    // Whole won is grouped without Intl, exactly as ko-KR's number format groups it.
    const intl = new Intl.NumberFormat("ko-KR");
    for (const n of [1, 12, 999, 1000, -1000, -12345, 100000, 999999, 1000000, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
      expect(formatKRW(n)).toBe(`${intl.format(n)}원`);
    }
    expect(formatKRW(1234.5)).toBe("1,234.5원");
    expect(formatCount(12345)).toBe("12,345");
  });

  it("prints dates in Korea's time zone as ko-KR does, without Intl", () => {
    const intl = new Intl.DateTimeFormat("ko-KR", {
      timeZone: "Asia/Seoul",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    // Midnight and the hours around it in Seoul, month and year ends, a leap day, 1990 to 2100.
    const samples = [0, 1, 54_000, 53_999, 1_795_622_399, 1_795_622_400, 1_709_136_000, 4_102_444_800, 631_152_000];
    for (let t = 631_152_000; t < 4_102_444_800; t += 86_400 * 37 + 3_607) samples.push(t);
    for (const t of samples) expect(formatDate(t), String(t)).toBe(intl.format(new Date(t * 1000)));
  });

  it("reloads on a stale chunk at most once a minute", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    let reloads = 0;
    const reload = () => void reloads++;
    expect(reloadForStaleChunk(storage, 1_000_000, reload)).toBe(true);
    expect(reloadForStaleChunk(storage, 1_030_000, reload)).toBe(false);
    expect(reloadForStaleChunk(storage, 1_060_001, reload)).toBe(true);
    expect(reloads).toBe(2);
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /build/x.js"))).toBe(true);
    expect(isChunkLoadError(new Error("boom"))).toBe(false);
  });

  it("skips link prefetch on 2g and data saver", () => {
    expect(prefetchAllowed(undefined)).toBe(true);
    expect(prefetchAllowed({ effectiveType: "4g" })).toBe(true);
    expect(prefetchAllowed({ effectiveType: "2g" })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "slow-2g" })).toBe(false);
    expect(prefetchAllowed({ effectiveType: "4g", saveData: true })).toBe(false);
  });

  it("hides the footer on the login-type pages", () => {
    for (const p of ["/user/login", "/user/join", "/user/forget", "/my/login", "/user/login/"])
      expect(footerHidden(p), p).toBe(true);
    for (const p of ["/", "/shop/list", "/user/info"]) expect(footerHidden(p), p).toBe(false);
  });

  it("knows Internet Explorer", () => {
    expect(isInternetExplorer("Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko")).toBe(true);
    expect(isInternetExplorer("Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1)")).toBe(true);
    expect(isInternetExplorer("Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36")).toBe(false);
    expect(isInternetExplorer(null)).toBe(false);
  });

  it("header height: default 56, never below, at least 120 with social links", () => {
    expect(headerHeight(shop())).toBe(56);
    expect(headerHeight(shop({ header_height: 30 }))).toBe(56);
    expect(headerHeight(shop({ header_height: 80 }))).toBe(80);
    expect(headerHeight(shop({ show_link: true }))).toBe(56); // no links set
    expect(headerHeight(shop({ show_link: true, youtube: "https://youtube.com/x" }))).toBe(120);
  });

  it("theme: owner colours pass only as hex, the second colour defaults to a tint", () => {
    const style = Object.values(themeStyle(shop({ mcolor: "red;} body{display:none", mcolor2: null })));
    expect(style).toContain("#3C91E6");
    expect(style.join(" ")).not.toContain("display:none");
    expect(tint("#000000", 0.5)).toBe("#808080");
    expect(Object.values(themeStyle(shop({ font_name: "Evil</style>" }))).join(" ")).not.toContain("</style>");
  });
});

describe("우편번호 찾기: the address line from Kakao's answer", () => {
  const base = {
    zonecode: "06236",
    roadAddress: "서울 강남구 테헤란로 152",
    jibunAddress: "서울 강남구 역삼동 737",
    bname: "역삼동",
    buildingName: "강남파이낸스센터",
  };
  it("a road address gets its dong, and an apartment's name, in parentheses", () => {
    expect(daumAddress({ ...base, userSelectedType: "R", apartment: "N" })).toEqual({
      postcode: "06236",
      address: "서울 강남구 테헤란로 152 (역삼동)",
    });
    expect(daumAddress({ ...base, userSelectedType: "R", apartment: "Y" }).address).toBe(
      "서울 강남구 테헤란로 152 (역삼동, 강남파이낸스센터)",
    );
    // A 리 or 면 is part of the address already: no parentheses.
    expect(
      daumAddress({ ...base, bname: "봉평면", buildingName: "", userSelectedType: "R", apartment: "N" }).address,
    ).toBe("서울 강남구 테헤란로 152");
  });
  it("a lot address as chosen", () => {
    expect(daumAddress({ ...base, userSelectedType: "J", apartment: "Y" }).address).toBe("서울 강남구 역삼동 737");
  });
});
