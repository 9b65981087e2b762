import type { AdditionalInfo } from "~/shared/contracts";
import type { CatalogueStore } from "../db/catalogue";
import { sanitizeRichText } from "../catalogue/rich-text";
import { EMBEDDED_STORAGE_URL } from "../api/shops";

type Additional = NonNullable<Awaited<ReturnType<CatalogueStore["additional"]>>>;

/** A product's extra page: description, delivery terms and seller. */
export function toAdditionalInfo(a: Additional): AdditionalInfo {
  // Delivery terms and seller are those of the shop that owns the goods: it ships them.
  return {
    id: a.id,
    // Sanitised again as it leaves: rows written before the console (the seed's plain text, SQL)
    // never passed the console's sanitiser, and the page shows this as HTML (decision 106).
    description: sanitizeRichText(a.description ?? "", {
      imageAllowed: (src) => src.startsWith(`${EMBEDDED_STORAGE_URL}uploads/`),
    }),
    delivery: {
      fee: a.delivery_fee,
      free_threshold: a.free_delivery_threshold,
      shop_name: a.shop_name,
      rule: a.delivery_rule,
      own_fee: a.own_delivery_fee,
      per_qty: a.delivery_per_qty,
      jeju_fee: a.jeju_fee,
      island_fee: a.island_fee,
    },
    seller: { corpname: a.corpname, tel: a.tel },
  };
}
