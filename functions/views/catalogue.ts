import type { AdditionalInfo } from "~/shared/contracts";
import type { CatalogueStore } from "../db/catalogue";

type Additional = NonNullable<Awaited<ReturnType<CatalogueStore["additional"]>>>;

/** A product's extra page: description, delivery terms and seller. */
export function toAdditionalInfo(a: Additional): AdditionalInfo {
  // Delivery terms and seller are those of the shop that owns the goods: it ships them.
  return {
    id: a.id,
    description: a.description ?? "",
    delivery: { fee: a.delivery_fee, free_threshold: a.free_delivery_threshold, shop_name: a.shop_name },
    seller: { corpname: a.corpname, tel: a.tel },
  };
}
