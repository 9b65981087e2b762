import { formatCount } from "../../format";
export const koSearch = {
  title: "상품 검색",
  label: "검색어",
  placeholder: "상품명, 옵션, 카테고리 (예: 선크림, ㅅㅋ)",
  submit: "검색",
  results: (q: string, n: number) => `'${q}' 검색 결과 ${formatCount(n)}개`,
  none: (q: string) => `'${q}'에 맞는 상품이 없습니다. 다른 검색어나 초성(예: ㅅㅋ)으로 찾아보세요.`,
  hint: "찾는 상품의 이름이나 초성을 입력해 주세요.",
  loose: (q: string, n: number) => `'${q}'와(과) 똑같은 상품이 없어 비슷한 상품 ${formatCount(n)}개를 찾았습니다`,
  recent: "최근 검색어",
  recentClear: "전체 삭제",
  recentRemove: (q: string) => `${q} 삭제`,
  popular: "인기 검색어",
} as const;
