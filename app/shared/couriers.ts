/**
 * Couriers a shop ships with (발송처리), and where a buyer follows a parcel. The tracking number
 * is digits only; each courier's page takes it in its address.
 */
export const COURIERS = [
  { id: "cj", name: "CJ대한통운", track: "https://www.cjlogistics.com/ko/tool/parcel/tracking?gnbInvcNo=" },
  { id: "epost", name: "우체국택배", track: "https://service.epost.go.kr/trace.RetrieveDomRigiTraceList.comm?sid1=" },
  {
    id: "hanjin",
    name: "한진택배",
    track: "https://www.hanjin.com/kor/CMS/DeliveryMgr/WaybillResult.do?mCode=MN038&schLang=KR&wblnumText2=",
  },
  { id: "lotte", name: "롯데택배", track: "https://www.lotteglogis.com/home/reservation/tracking/linkView?InvNo=" },
  { id: "logen", name: "로젠택배", track: "https://www.ilogen.com/web/personal/trace/" },
  { id: "kdexp", name: "경동택배", track: "https://kdexp.com/service/delivery/etc/delivery.do?barcode=" },
] as const;
export type CourierId = (typeof COURIERS)[number]["id"];
export const COURIER_IDS = COURIERS.map((c) => c.id) as [CourierId, ...CourierId[]];

export function courierOf(id: string | null | undefined) {
  return COURIERS.find((c) => c.id === id) ?? null;
}

/** The courier's tracking page for a parcel, or null for an unknown courier. */
export function trackingUrl(courier: string | null | undefined, trackingNo: string | null | undefined): string | null {
  const c = courierOf(courier);
  return c && trackingNo ? `${c.track}${encodeURIComponent(trackingNo)}` : null;
}

/** A tracking number as typed (spaces, hyphens) made digits only: 8 to 20 of them. */
export const TRACKING_NO = /^\d{8,20}$/;
export const normaliseTrackingNo = (v: string) => v.replace(/[\s-]/g, "");
