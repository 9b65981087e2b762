import type { AdditionalInfo } from "~/shared/contracts";
import { formatKRW } from "~/shared/format";
import { deliveryFee } from "~/shared/money";
import { koDelivery } from "~/shared/messages/shop/delivery";

/**
 * The product page's delivery terms in words (decision 110): the goods' own rule first, then the
 * shop's extra for 제주 / 도서산간, which every box pays, free or not.
 */
export function deliveryTerms(d: AdditionalInfo["delivery"]): string[] {
  const terms = [fee(d)];
  const remote = [
    d.jeju_fee > 0 ? koDelivery.remoteJeju(formatKRW(d.jeju_fee)) : null,
    d.island_fee > 0 ? koDelivery.remoteIsland(formatKRW(d.island_fee)) : null,
  ].filter((p): p is string => p !== null);
  if (remote.length > 0) terms.push(koDelivery.deliveryRemote(remote.join(", ")));
  return terms;
}

function fee(d: AdditionalInfo["delivery"]): string {
  if (d.rule === "free") return koDelivery.deliveryFree;
  if (d.rule === "fixed") {
    if (d.own_fee === 0) return koDelivery.deliveryFree;
    return d.per_qty > 0
      ? koDelivery.deliveryPerQty(formatKRW(d.own_fee), d.per_qty)
      : koDelivery.deliveryOwn(formatKRW(d.own_fee));
  }
  // The shop's rule, asked of the money module for the smallest order: free from the first won.
  if (deliveryFee(1, d.fee, d.free_threshold) === 0) return koDelivery.deliveryFree;
  return koDelivery.deliveryText(formatKRW(d.fee), formatKRW(d.free_threshold));
}
