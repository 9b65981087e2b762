/**
 * 우편번호 찾기 providers (issue 11, point 3). The Worker picks one from configuration
 * (POSTCODE_PROVIDER); the page loads its script only when the shopper presses the button, and
 * typing the address by hand always works. The Content-Security-Policy allows exactly these origins.
 */
export const POSTCODE_PROVIDERS = {
  /** Kakao's (formerly Daum's) free postcode service: no key, embedded as an iframe. */
  daum: {
    script: "https://t1.kakaocdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js",
    scriptOrigins: ["https://t1.kakaocdn.net", "https://t1.daumcdn.net"],
    frameOrigins: ["https://postcode.map.kakao.com", "https://postcode.map.daum.net"],
  },
} as const;

export type PostcodeProviderName = keyof typeof POSTCODE_PROVIDERS;

/** What a search hands back to the form: 우편번호 and the address line (road address preferred). */
export type PostcodePick = { postcode: string; address: string };
