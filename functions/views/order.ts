import type { OrderView } from "~/shared/contracts/cart";
import type { OrderRecord } from "../db/orders";

/** An order with its groups, lines and payment, as the order sheet and its page show it. */
export function toOrderView(r: OrderRecord, m: OrderView["methods"]): OrderView {
  const o = r.order;
  return {
    id: o.id,
    shopid: o.shop_id,
    status: o.status,
    refund_after_done: o.refund_after_done === 1,
    items_price: o.items_price,
    delivery_price: o.delivery_price,
    total_price: o.total_price,
    npay: o.npay === 1,
    pay_method: o.pay_method,
    created_at: o.created_at,
    deadline: o.deadline,
    cancel_reason: o.cancel_reason,
    groups: r.groups.map((g) => ({
      uid: g.uid,
      origin_uid: g.origin_uid,
      shop_name: g.shop_name,
      shop_name_origin: g.shop_name_origin,
      sub_price: g.sub_price,
      delivery_fee: g.delivery_fee,
      lines: r.lines
        .filter((l) => l.uid === g.uid && l.origin_uid === g.origin_uid)
        .map((l) => ({
          pid2: l.product_id,
          pid3: l.option_id,
          sid: l.sid,
          name: l.name,
          opt_name: l.opt_name,
          image: l.image,
          price: l.unit_price,
          qty: l.qty,
        })),
    })),
    orderer: o.orderer_name ? { name: o.orderer_name, phone: o.orderer_phone ?? "" } : null,
    delivery: o.receiver_name
      ? {
          name: o.receiver_name,
          postcode: o.postcode ?? "",
          address: o.address ?? "",
          detail: o.address_detail ?? "",
          phone: o.receiver_phone ?? "",
          memo: o.memo ?? "",
        }
      : null,
    payment: r.payment,
    methods: m,
  };
}
