import { safeReturnPath } from "~/shared/return-path";

/**
 * The spec keeps the login return address and the shop id in session storage, so the address
 * survives a detour through sign-up or password reset. Entries expire after 30 minutes and are
 * only used on the shop that stored them, and always re-checked with safeReturnPath.
 */
export const LOGIN_RETURN_KEY = "myshop.login.return";
const MAX_AGE_MS = 30 * 60 * 1000;

type Stored = { url: string; shopid: number; at: number };

export function rememberReturn(url: string, shopid: number, storage: Storage = sessionStorage): void {
  const safe = safeReturnPath(url, "");
  if (!safe) return;
  try {
    storage.setItem(LOGIN_RETURN_KEY, JSON.stringify({ url: safe, shopid, at: Date.now() } satisfies Stored));
  } catch {
    // Storage can be full or disabled (private mode): the query parameter still carries the address.
  }
}

export function recallReturn(shopid: number, storage: Storage = sessionStorage): string | null {
  try {
    const stored = JSON.parse(storage.getItem(LOGIN_RETURN_KEY) ?? "null") as Stored | null;
    if (!stored || stored.shopid !== shopid || Date.now() - stored.at > MAX_AGE_MS) return null;
    return safeReturnPath(stored.url, "") || null;
  } catch {
    return null;
  }
}

export function forgetReturn(storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(LOGIN_RETURN_KEY);
  } catch {
    // nothing to do
  }
}
