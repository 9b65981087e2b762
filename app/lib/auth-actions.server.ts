import { data, redirect, redirectDocument, type TypedResponse } from "@remix-run/cloudflare";
import { isShopApiError } from "~/shared/api-client.server";
import { DEVICE_KEY } from "~/shared/device";

/**
 * A guest's address (the cart, an order page) carries `uuid_value` (spec §2); once logged in it
 * is a member's, and member links do not carry the device id (docs/decisions/033).
 */
export function withoutDeviceId(path: string): string {
  const url = new URL(path, "http://return.invalid");
  if (!url.searchParams.has(DEVICE_KEY)) return path;
  url.searchParams.delete(DEVICE_KEY);
  return url.pathname + url.search + url.hash;
}

/** After login or sign-up: to the return address, by a full page load when the Worker answers it. */
export function redirectAfterLogin(returnTo: string, headers: Headers): TypedResponse<never> {
  const to = withoutDeviceId(returnTo);
  return to.startsWith("/api/") ? redirectDocument(to, { headers }) : redirect(to, { headers });
}

/** /user/succ, the welcome after sign-up, with the address to go on to. */
export function welcomePath(returnTo: string): string {
  return `/user/succ?${new URLSearchParams({ url: withoutDeviceId(returnTo) })}`;
}

/**
 * /auth/join, the one-tap question of decision 180 (this shop may receive the account's details),
 * which goes on to `returnTo` whatever the answer.
 */
export function sharePath(returnTo: string): string {
  return `/auth/join?${new URLSearchParams({ url: withoutDeviceId(returnTo) })}`;
}

/**
 * An API refusal the form shows (wrong password, too many attempts, address taken…) as data with
 * the API's status and Korean message; anything else is rethrown to the error boundary.
 */
export function formFailure<V extends Record<string, string>>(error: unknown, values: V, statuses: number[]) {
  if (isShopApiError(error) && statuses.includes(error.status)) {
    return data({ formError: error.message, code: error.code, values }, { status: error.status });
  }
  throw error;
}
