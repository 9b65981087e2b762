import { Link } from "@remix-run/react";
import { useState } from "react";
import * as css from "~/components/cart/cart.css";
import type { SavedAddress } from "~/shared/contracts/settings";
import { koOrder } from "~/shared/messages/cart";
import * as page from "./page.css";
import { receiverOf } from "./receiver";
import { formatPhone } from "~/shared/phone";

/**
 * 배송지 선택: the member's saved addresses. Each is a link that reloads the sheet filled with it
 * (without scripts); with scripts it fills the receiver's fields in place, keeping what was typed.
 */
export function AddressPicker({
  orderId,
  addresses,
  picked,
}: {
  orderId: number;
  addresses: SavedAddress[];
  picked: number | null;
}) {
  const [current, setCurrent] = useState(picked);
  const pick = (event: React.MouseEvent<HTMLAnchorElement>, a: SavedAddress) => {
    const form = event.currentTarget.closest("form");
    if (!form) return;
    event.preventDefault();
    for (const [name, value] of Object.entries(receiverOf(a))) {
      const input = form.elements.namedItem(name);
      if (input instanceof HTMLInputElement) {
        input.value = value ?? "";
        // The sheet follows the postcode for its 제주/도서산간 extra.
        if (name === "postcode") input.dispatchEvent(new Event("input", { bubbles: true }));
      }
    }
    const same = form.elements.namedItem("same_as_orderer");
    if (same instanceof HTMLInputElement) same.checked = false;
    setCurrent(a.id);
  };
  return (
    <details className={css.picker} open={addresses.length <= 3}>
      <summary>{koOrder.savedAddresses(addresses.length)}</summary>
      <ul className={css.pickerList}>
        {addresses.map((a) => (
          <li key={a.id}>
            <a
              className={css.pickerItem}
              href={`?${new URLSearchParams({ id: String(orderId), addr: String(a.id) })}`}
              data-picked={a.id === current ? "" : undefined}
              aria-current={a.id === current ? "true" : undefined}
              onClick={(e) => pick(e, a)}
            >
              <strong>
                {a.receiver_name}
                {a.is_default ? <span className={css.pickerTag}>{koOrder.defaultAddress}</span> : null}
              </strong>
              <span>
                ({a.postcode}) {a.address} {a.detail}
              </span>
              <span className={css.muted}>{formatPhone(a.receiver_phone)}</span>
            </a>
          </li>
        ))}
      </ul>
      <p className={`${css.muted} ${page.pickerManage}`}>
        <Link to="/user/info#addresses">{koOrder.manageAddresses}</Link>
      </p>
    </details>
  );
}
