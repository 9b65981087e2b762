import { data, redirect, redirectDocument } from "@remix-run/cloudflare";
import { isShopApiError } from "./api/client.server";

/** After login or sign-up: to the return address, by a full page load when the Worker answers it. */
export function redirectAfterLogin(returnTo: string, headers: Headers): Response {
  return returnTo.startsWith("/api/") ? redirectDocument(returnTo, { headers }) : redirect(returnTo, { headers });
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
