/** 은행 코드 → short name. */
export const BANKS: Readonly<Record<string, string>> = {
  "02": "산업",
  "03": "IBK기업",
  "06": "KB국민",
  "07": "수협",
  "11": "NH농협",
  "12": "단위농협",
  "20": "우리",
  "23": "SC제일",
  "27": "씨티",
  "31": "대구",
  "32": "부산",
  "34": "광주",
  "35": "제주",
  "37": "전북",
  "39": "경남",
  "45": "새마을",
  "48": "신협",
  "50": "저축은행",
  "54": "홍콩상하이",
  "64": "산림조합",
  "71": "우체국",
  "81": "하나",
  "88": "신한",
  "89": "케이뱅크",
  "90": "카카오뱅크",
  "92": "토스뱅크",
};

/** The banks an owner picks a settlement account from (decision 178): code and name, in Toss's order. */
export const BANK_CHOICES: readonly (readonly [string, string])[] = Object.entries(BANKS);
