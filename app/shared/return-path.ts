/**
 * Return addresses (`url` on /user/login and friends) are honoured only as paths on the same
 * host. Anything that a browser could read as another origin — an absolute URL, `//evil`,
 * `/\evil`, `javascript:`, an encoded slash or backslash, a tab or newline the URL parser would
 * drop, dot segments that collapse into `//` — gives the fallback instead. Used by the server
 * (redirects) and the client (session storage) alike.
 */
const BASE = "http://return-path.invalid";

function looksDangerous(text: string): boolean {
  // The query and fragment cannot change the origin; the path part must stay a plain path.
  const path = text.split(/[?#]/, 1)[0]!;
  return (
    !path.startsWith("/") ||
    path.startsWith("//") ||
    path.includes("\\") ||
    /%(2f|5c)/i.test(path) ||
    /[\u0000-\u001f\u007f]|%(0[0-9a-f]|1[0-9a-f]|7f)/i.test(text)
  );
}

export function safeReturnPath(raw: unknown, fallback = "/"): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2000) return fallback;
  if (looksDangerous(raw)) return fallback;
  // The path as it is and after up to two more rounds of decoding (double-encoded tricks).
  let path = raw.split(/[?#]/, 1)[0]!;
  for (let round = 0; round < 2; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return fallback;
    }
    if (decoded === path) break;
    if (looksDangerous(decoded)) return fallback;
    path = decoded;
  }
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const result = url.pathname + url.search + url.hash;
  return looksDangerous(result) ? fallback : result;
}

/** The login page for a protected address on this shop: /user/login?url=…&dom=…. */
export function loginPath(returnTo: string, dom?: string): string {
  const params = new URLSearchParams({ url: safeReturnPath(returnTo) });
  if (dom) params.set("dom", dom);
  return `/user/login?${params}`;
}

/** A return address inside a purchase (cart, order sheet): "주문 계속하기" rather than "쇼핑 계속하기". */
export function isPurchasePath(path: string): boolean {
  return /^\/(user|myorder)\/(checkout|order)(\?|$)/.test(path);
}
