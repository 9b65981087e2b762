import { discountRate } from "./format";
import { optionPrice } from "./money";

/** Stock at or under this is shown as "N left". */
export const LOW_STOCK = 5;

type Priced = { price: number; list_price?: number | null };
type Option = { extra_price: number };

/**
 * An option's figures as the product page shows them (none chosen: the product's own): its price,
 * list price and 할인율. The page renders them; the quote before the scripts
 * (decision 159) carries them for every option.
 */
export function optionQuote(product: Priced, o: Option | null) {
  const extra = o?.extra_price ?? 0;
  const price = optionPrice(product.price, extra);
  const list = product.list_price && product.list_price > product.price ? optionPrice(product.list_price, extra) : null;
  const rate = list ? `${discountRate(price, list)}%` : "";
  return { price, list, rate };
}
