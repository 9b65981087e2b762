import { readCookie } from "./cookies";

export { readCookie };
/**
 * The guest's device id (issue 4, docs/decisions/020). The server mints it on the first change a
 * shopper posts, as a cookie readable by scripts (so it works without JavaScript); once scripts
 * run it is also kept in local storage under the same fixed key, and put back into the cookie
 * from there if the cookie was lost. Navigations to the account area carry it as `uuid_value`.
 */

/** Cookie name, local-storage key and query parameter: one name everywhere. */
export const DEVICE_KEY = "uuid_value";

const DEVICE_ID = /^[0-9a-f]{32}$/;
const ONE_YEAR = 60 * 60 * 24 * 365;

export function isDeviceId(value: unknown): value is string {
  return typeof value === "string" && DEVICE_ID.test(value);
}

/** The device id a request carries, if it is a well-formed one. */
export function readDeviceId(cookieHeader: string | null | undefined): string | null {
  const value = readCookie(cookieHeader, DEVICE_KEY);
  return isDeviceId(value) ? value : null;
}

/** 128 random bits as 32 hex digits. */
export function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Host-only (no Domain), readable by scripts, sent on top-level navigations, Secure on https. */
export function deviceCookie(id: string, secure: boolean): string {
  return `${DEVICE_KEY}=${id}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * A first product view, kept by the visitor until they come back (decision 081): the view that
 * minted their device id came from the edge cache, and is written to their recently viewed on
 * their next request, so a visitor who never returns costs no write. Host-only, not for scripts.
 */
export const FIRST_VIEW_COOKIE = "first_view";
const ONE_MONTH = 60 * 60 * 24 * 30;

export function firstViewCookie(productId: number, secure: boolean): string {
  return `${FIRST_VIEW_COOKIE}=${productId}; Path=/; Max-Age=${ONE_MONTH}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export const clearedFirstViewCookie = (secure: boolean) =>
  `${FIRST_VIEW_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;

/** The product id of a first view a request carries, if well-formed. */
export function readFirstView(cookieHeader: string | null | undefined): number | null {
  const value = readCookie(cookieHeader, FIRST_VIEW_COOKIE);
  return value && /^[1-9]\d{0,11}$/.test(value) ? Number(value) : null;
}

/** Adds `uuid_value` to an in-shop address (account area, order pages) for a guest. */
export function withDevice(path: string, deviceId: string | null): string {
  if (!deviceId) return path;
  const [base, hash] = path.split("#", 2);
  const sep = base!.includes("?") ? "&" : "?";
  return `${base}${sep}${DEVICE_KEY}=${deviceId}${hash !== undefined ? `#${hash}` : ""}`;
}

/**
 * In the browser: copy the cookie into local storage, or restore a lost cookie from it.
 * Returns the device id, if any.
 */
export function syncDeviceStorage(doc: Document = document, storage: Storage = localStorage): string | null {
  const fromCookie = readDeviceId(doc.cookie);
  let stored: string | null = null;
  try {
    stored = storage.getItem(DEVICE_KEY);
  } catch {
    return fromCookie; // storage blocked (private mode): the cookie alone carries on
  }
  if (fromCookie) {
    if (stored !== fromCookie) storage.setItem(DEVICE_KEY, fromCookie);
    return fromCookie;
  }
  if (isDeviceId(stored)) {
    doc.cookie = deviceCookie(stored, location.protocol === "https:");
    return stored;
  }
  return null;
}
