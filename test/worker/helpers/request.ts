import { SELF } from "cloudflare:test";

/** A request through the whole Worker, as a browser on `host` would send it. */
export function get(host: string, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("host", host);
  return SELF.fetch(`http://${host}${path}`, { ...init, headers, redirect: "manual" });
}

export const BEAUTY = "beauty.localhost";
export const PICKS = "picks.localhost";
export const BISTRO = "bistro.localhost";
export const STUDIO_CUSTOM = "shop.example.test";
