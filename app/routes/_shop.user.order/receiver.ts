import type { SavedAddress } from "~/shared/contracts/settings";
import type { OrderFieldName } from "~/shared/forms/order-fields";
import { formatPhone } from "~/shared/phone";

/**
 * The receiver fields an address of the book fills in (the server's prefill and the picker's
 * click); its phone as people write it (the book keeps the digits).
 */
export function receiverOf(a: SavedAddress): Partial<Record<OrderFieldName, string>> {
  return {
    receiver_name: a.receiver_name,
    receiver_phone: formatPhone(a.receiver_phone),
    postcode: a.postcode,
    address: a.address,
    detail: a.detail,
  };
}
