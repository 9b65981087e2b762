/**
 * Forgery guard for every request that changes something (anything but GET and HEAD): Remix
 * actions and shop-API posts alike. SameSite=Lax cookies do not stop a sibling shop
 * (evil.{platform} is the same *site* as beauty.{platform}), so the browser's own word on where
 * the request comes from decides:
 *  - Sec-Fetch-Site, when sent, must be 'same-origin';
 *  - Origin, when sent, must be exactly this request's origin ('null' only passes with
 *    Sec-Fetch-Site: same-origin, see below);
 *  - with neither (old browsers, non-browser clients), a Referer from another origin is refused.
 * Requests with none of the three are let through: they do not come from a modern browser page
 * of another site, and browsers send Origin on every cross-origin POST.
 */
export function isUnsafeMethod(method: string): boolean {
  return method !== "GET" && method !== "HEAD";
}

/** scheme://host[:port] of the request as the browser addressed it. */
export function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = request.headers.get("host") ?? url.host;
  return `${url.protocol}//${host}`.toLowerCase();
}

/** Null when the request may go on; otherwise why it is refused. */
export function crossSiteReason(request: Request): string | null {
  if (!isUnsafeMethod(request.method)) return null;
  const own = requestOrigin(request);
  const site = request.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") return `sec-fetch-site: ${site}`;
  const origin = request.headers.get("origin");
  // Chromium sends 'Origin: null' on a same-origin form post from a page whose Referrer-Policy is
  // no-referrer; the browser's Sec-Fetch-Site then still says same-origin. Without it, refused.
  if (origin === "null") return site === "same-origin" ? null : "origin: null";
  if (origin !== null) return origin.toLowerCase() === own ? null : `origin: ${origin}`;
  if (site === null) {
    const referer = request.headers.get("referer");
    if (referer) {
      try {
        if (new URL(referer).origin.toLowerCase() !== own) return "referer from another origin";
      } catch {
        return "unreadable referer";
      }
    }
  }
  return null;
}
