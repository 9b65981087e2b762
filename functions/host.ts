/**
 * Host names as the tenant resolver sees them. Only the Host of the request counts: forwarding
 * headers (X-Forwarded-Host, Forwarded, X-Original-Host …) are set by clients at will and are
 * never read.
 */

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** 'Beauty.LocalHost.:3333' → 'beauty.localhost'. Returns null for anything that is not a host name. */
export function normaliseHost(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let host = raw.trim().toLowerCase();
  if (host.startsWith("[")) return null; // IP literals never name a shop
  host = host.replace(/:\d*$/, "").replace(/\.+$/, "");
  if (host.length === 0 || host.length > 253) return null;
  const labels = host.split(".");
  if (!labels.every((l) => LABEL.test(l))) return null;
  return host;
}

export type HostKind =
  | { kind: "platform" } // the bare platform domain: no shop lives there
  | { kind: "subdomain"; dom: string }
  | { kind: "custom"; host: string }
  | { kind: "invalid" };

/** Decides whether a host is a shop's sub-domain of the platform or a custom domain. */
export function classifyHost(host: string | null, platformDomain: string): HostKind {
  if (!host) return { kind: "invalid" };
  if (host === platformDomain || host === `www.${platformDomain}`) return { kind: "platform" };
  const suffix = `.${platformDomain}`;
  if (host.endsWith(suffix)) {
    const dom = host.slice(0, -suffix.length);
    // one label only: a.b.platform is nobody's shop
    return dom.includes(".") ? { kind: "invalid" } : { kind: "subdomain", dom };
  }
  // A custom domain always has a dot; a bare word (an intranet name) is never a shop.
  return host.includes(".") ? { kind: "custom", host } : { kind: "invalid" };
}

/** The request's own host: the Host header, as workerd puts it in the URL. */
export function requestHost(request: Request): string | null {
  return normaliseHost(request.headers.get("host") ?? new URL(request.url).host);
}

/** Absolute address of a shop, built from the shop record (never from the request). */
export function shopOrigin(
  shop: { dom: string; dom3: string | null },
  platformDomain: string,
  requestUrl?: URL,
): string {
  // Locally the platform runs on http and a port; in production on https with the default port.
  const local = platformDomain === "localhost" || platformDomain.endsWith(".localhost");
  const protocol = local ? "http:" : "https:";
  const port = local && requestUrl?.port ? `:${requestUrl.port}` : "";
  if (shop.dom3) return `${protocol}//${shop.dom3}${port}`;
  return `${protocol}//${shop.dom}.${platformDomain}${port}`;
}
