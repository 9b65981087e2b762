/** 우편번호 찾기 on address forms. */
export const koPostcode = {
  search: "우편번호 찾기",
  close: "닫기",
  failed: "우편번호 찾기를 불러오지 못했습니다. 우편번호와 주소를 직접 입력해 주세요.",
} as const;
