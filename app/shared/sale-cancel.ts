/**
 * The shop's 판매취소 of a paid order (decision 126): its short list of reasons and the words the
 * buyer, the timeline and Toss read. No dependencies: the console's form ships it to browsers.
 */
import { koLifecycle } from "./messages/lifecycle";

export const SALE_CANCEL_REASONS = ["stock", "discontinued", "area", "buyer", "other"] as const;
export type SaleCancelReason = (typeof SALE_CANCEL_REASONS)[number];

/** The reason's label, and the owner's words after it when there are any. */
export function saleCancelNote(reason: SaleCancelReason, detail: string): string {
  const label = koLifecycle.saleCancel.reasons[reason];
  return detail ? `${label} · ${detail}` : label;
}
