/** Internet Explorer (MSIE up to 10, Trident for 11) gets a banner recommending desktop Chrome (spec §1). */
export function isInternetExplorer(userAgent: string | null): boolean {
  return /MSIE |Trident\//.test(userAgent ?? "");
}
