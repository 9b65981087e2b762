/**
 * Limits that keep stock from being held hostage by unpaid orders (docs/decisions/047).
 * An order sheet holds no stock; a bank-transfer order holds it until paid or past its deadline,
 * so these count orders that hold stock and wait for payment.
 */

// Shared with the storefront's texts: one owner's unpaid orders, and units in one order.
export { MAX_ORDER_UNITS, MAX_UNPAID_PER_OWNER } from "~/shared/limits";

/** The same per client address (mobile carriers put many shoppers behind one, so more room). */
export const MAX_UNPAID_PER_CLIENT = 10;

/** Order sheets one owner, or one client address, may create in the window below. */
export const MAX_SHEETS_PER_WINDOW = 20;
export const SHEET_WINDOW_MS = 10 * 60 * 1000;

/**
 * The client address the per-address limits count, or null for none. Loopback is a developer's
 * own machine (`wrangler dev`, the browser tests, the benchmarks): every browser there shares it,
 * and Cloudflare never reports it for a real client.
 */
export function countedAddress(ip: string | null | undefined): string | null {
  const value = ip?.trim().toLowerCase();
  if (!value || value === "::1" || value.startsWith("127.") || value.startsWith("::ffff:127.")) return null;
  return value;
}
