/**
 * Where a parcel costs more to deliver (decision 107): 제주 and the 도서산간 islands, by the five-digit
 * 우편번호 (국가기초구역번호) of the address. Couriers keep longer lists of their own; this is a small,
 * readable one of the areas every Korean courier charges extra for, to grow as owners ask.
 * No dependencies: the order sheet's script may import it.
 */

export type RemoteArea = "jeju" | "island";

/** Inclusive postcode ranges. 제주 is the whole of 제주특별자치도. */
export const REMOTE_POSTCODES: readonly { from: number; to: number; area: RemoteArea; name: string }[] = [
  { from: 63000, to: 63644, area: "jeju", name: "제주특별자치도" },
  { from: 22386, to: 22388, area: "island", name: "인천 중구 도서" },
  { from: 23004, to: 23010, area: "island", name: "인천 강화군 도서" },
  { from: 23100, to: 23136, area: "island", name: "인천 옹진군" },
  { from: 32133, to: 32133, area: "island", name: "충남 태안군 도서" },
  { from: 33411, to: 33411, area: "island", name: "충남 보령시 도서" },
  { from: 40200, to: 40240, area: "island", name: "경북 울릉군" },
  { from: 52570, to: 52571, area: "island", name: "경남 사천시 도서" },
  { from: 53031, to: 53033, area: "island", name: "경남 통영시 도서" },
  { from: 53089, to: 53104, area: "island", name: "경남 통영시 도서" },
  { from: 54000, to: 54000, area: "island", name: "전북 군산시 도서" },
  { from: 56347, to: 56349, area: "island", name: "전북 부안군 도서" },
  { from: 57068, to: 57069, area: "island", name: "전남 영광군 도서" },
  { from: 58760, to: 58762, area: "island", name: "전남 목포시 도서" },
  { from: 58800, to: 58866, area: "island", name: "전남 신안군" },
  { from: 59102, to: 59103, area: "island", name: "전남 완도군 도서" },
  { from: 59127, to: 59127, area: "island", name: "전남 완도군 도서" },
  { from: 59137, to: 59166, area: "island", name: "전남 완도군 도서" },
  { from: 59421, to: 59421, area: "island", name: "전남 보성군 도서" },
  { from: 59531, to: 59531, area: "island", name: "전남 고흥군 도서" },
  { from: 59551, to: 59551, area: "island", name: "전남 고흥군 도서" },
  { from: 59563, to: 59563, area: "island", name: "전남 고흥군 도서" },
  { from: 59568, to: 59568, area: "island", name: "전남 고흥군 도서" },
  { from: 59650, to: 59650, area: "island", name: "전남 여수시 도서" },
  { from: 59766, to: 59766, area: "island", name: "전남 여수시 도서" },
  { from: 59781, to: 59790, area: "island", name: "전남 여수시 도서" },
];

/** The remote area of a postcode, or null (an ordinary address, or not a five-digit postcode). */
export function remoteArea(postcode: string): RemoteArea | null {
  if (!/^\d{5}$/.test(postcode)) return null;
  const n = Number(postcode);
  return REMOTE_POSTCODES.find((r) => n >= r.from && n <= r.to)?.area ?? null;
}

/** The extra fee one shipping group pays to this postcode, in won. */
export function remoteFee(postcode: string, fees: { jeju: number; island: number }): number {
  const area = remoteArea(postcode);
  return area ? fees[area] : 0;
}
