import { PostcodeSearch } from "~/components/PostcodeSearch";
import * as css from "~/components/cart/cart.css";
import type { SavedAddress } from "~/shared/contracts/settings";
import { koOrder } from "~/shared/messages/cart";
import { AddressPicker } from "./AddressPicker";
import { Field, type FieldOf } from "./Field";
import type { OrderSheetValues } from "./page.server";

/** 배송지: the member's saved addresses, 주문자 정보와 동일, and the receiver's fields. */
export function DeliverySection({
  orderId,
  addresses,
  picked,
  values,
  field,
  member,
}: {
  /** A member may keep this address for the next order (their address book). */
  member: boolean;
  orderId: number;
  addresses: SavedAddress[];
  picked: number | null;
  values: OrderSheetValues;
  field: FieldOf;
}) {
  return (
    <section className={css.section} aria-labelledby="delivery">
      <h2 id="delivery" className={css.sectionTitle}>
        {koOrder.delivery}
      </h2>
      <div className={css.fields}>
        {addresses.length > 0 ? <AddressPicker orderId={orderId} addresses={addresses} picked={picked} /> : null}
        <label className={css.check}>
          <input
            type="checkbox"
            name="same_as_orderer"
            defaultChecked={values.same_as_orderer === "on"}
            onChange={(e) => copyOrderer(e.currentTarget.form, e.currentTarget.checked)}
          />
          <span>{koOrder.sameAsOrderer}</span>
        </label>
        <div className={css.fieldRow}>
          <Field {...field("receiver_name")} label={koOrder.receiver} autoComplete="shipping name" />
          <Field {...field("receiver_phone")} label={koOrder.phone} type="tel" autoComplete="shipping tel" />
        </div>
        <PostcodeSearch>
          <Field
            {...field("postcode")}
            label={koOrder.postcode}
            inputMode="numeric"
            autoComplete="shipping postal-code"
          />
        </PostcodeSearch>
        <Field {...field("address")} label={koOrder.address} autoComplete="shipping address-line1" />
        <Field {...field("detail")} label={koOrder.addressDetail} autoComplete="shipping address-line2" />
        {member ? (
          <label className={css.check}>
            <input type="checkbox" name="save_address" defaultChecked={values.save_address === "on"} />
            <span>{koOrder.saveAddress}</span>
          </label>
        ) : null}
        <Field {...field("memo")} label={koOrder.memo} placeholder={koOrder.memoPlaceholder} />
      </div>
    </section>
  );
}

/** 주문자 정보와 동일: the receiver's name and phone become the orderer's (the server does the same). */
function copyOrderer(form: HTMLFormElement | null, on: boolean) {
  if (!form || !on) return;
  const input = (name: string) => {
    const element = form.elements.namedItem(name);
    return element instanceof HTMLInputElement ? element : null;
  };
  for (const [to, from] of [
    ["receiver_name", "orderer_name"],
    ["receiver_phone", "orderer_phone"],
  ] as const) {
    const target = input(to);
    if (target) target.value = input(from)?.value ?? "";
  }
}
