import type { SavedAddress } from "~/shared/contracts/settings";
import type { OrderFieldName } from "~/shared/forms/order-fields";

/** The receiver fields an address of the book fills in (the server's prefill and the picker's click). */
export function receiverOf(a: SavedAddress): Partial<Record<OrderFieldName, string>> {
  return {
    receiver_name: a.receiver_name,
    receiver_phone: a.receiver_phone,
    postcode: a.postcode,
    address: a.address,
    detail: a.detail,
  };
}
