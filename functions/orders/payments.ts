import type { PayMethod } from "~/shared/contracts/cart";
import type { Config } from "../env";

/**
 * Card and wallet payments go through a provider (a PG). None is configured on this platform
 * yet, so those methods are shown as unavailable and refused by the API; nothing is ever marked
 * paid without a provider saying so. Bank transfer needs no provider: the shop's account is shown
 * and the order waits for the deposit until its deadline.
 */
export interface PaymentProvider {
  readonly id: string;
  readonly method: Exclude<PayMethod, "bank">;
  /** Starts a payment; the shopper is sent to the returned address to finish it. */
  start(order: { id: number; amount: number; name: string; returnUrl: string }): Promise<{ redirectUrl: string }>;
}

/** Providers configured for this Worker. A real one is added here, its secrets read into Config (functions/env.ts). */
export function paymentProviders(_config: Config): PaymentProvider[] {
  return [];
}

export { BANK_DEADLINE_DAYS } from "~/shared/contracts/cart";
/** An order sheet left without a payment choice is closed after this (it holds no stock: decision 046). */
export const ORDER_SHEET_TTL_MS = 60 * 60 * 1000;
