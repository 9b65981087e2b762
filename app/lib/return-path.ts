/**
 * Return addresses (`url` on /user/login and friends) are honoured only as paths on the same
 * host. Anything that a browser could read as another origin — an absolute URL, `//evil`,
 * `/\evil`, `javascript:`, an encoded slash or backslash, a tab or newline the URL parser would
 * drop, dot segments that collapse into `//` — gives the fallback instead. Used by the server
 * (redirects) and the client (session storage) alike.
 */
const BASE = "http://return-path.invalid";

function looksDangerous(text: string): boolean {
  return (
    !text.startsWith("/") ||
    text.startsWith("//") ||
    text.includes("\\") ||
    /[\u0000-\u001f\u007f]/.test(text) ||
    /%(2f|5c|09|0a|0d|00)/i.test(text)
  );
}

export function safeReturnPath(raw: unknown, fallback = "/"): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2000) return fallback;
  // Look at the value as it is and as it is after up to two more rounds of decoding.
  let text = raw;
  for (let round = 0; round < 3; round++) {
    if (looksDangerous(text)) return fallback;
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      return fallback;
    }
    if (decoded === text) break;
    text = decoded;
  }
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  return looksDangerous(path) ? fallback : path;
}

/** The login page for a protected address on this shop: /user/login?url=…&dom=…. */
export function loginPath(returnTo: string, dom?: string): string {
  const params = new URLSearchParams({ url: safeReturnPath(returnTo) });
  if (dom) params.set("dom", dom);
  return `/user/login?${params}`;
}
