import type { Cart, CartGroup, CartItem, CartLine, FeeResult } from "~/shared/contracts/cart";
import { shopOrigin } from "../host";
import type { ResolvedLine } from "../db/cart";
import { groupDelivery, orderPrices } from "~/shared/money";

/** The group a line ships in (spec §3): by shop; a pick's key is origin_uid × uid. */
export function groupKey(line: { uid: number; origin_uid: number }): string {
  return line.uid === line.origin_uid ? String(line.uid) : `${line.origin_uid}x${line.uid}`;
}

export function toItem(line: ResolvedLine): CartItem {
  const available = line.discontinued ? 0 : line.stock;
  const error = line.discontinued ? "sold_out" : line.qty > available ? "qty" : null;
  return {
    pid2: line.pid2,
    pid3: line.pid3,
    sid: line.sid,
    uid: line.uid,
    origin_uid: line.origin_uid,
    name: line.name,
    opt_name: line.opt_name,
    image: line.image,
    price: line.price,
    list_price: line.list_price !== null && line.list_price > line.price ? line.list_price : null,
    qty: line.qty,
    requires: [
      ...(line.adult_only ? (["adult"] as const) : []),
      ...(line.auth_only ? (["auth"] as const) : []),
      ...(line.members_only ? (["members"] as const) : []),
    ],
    available_qty: available,
    default_option: line.default_option === 1,
    error,
    error_data: error ? { available_qty: available } : null,
  };
}

/** One shipping group: its lines, subtotal, delivery fee and the boxes it ships. */
export type ShippingGroup = {
  first: ResolvedLine;
  lines: ResolvedLine[];
  subTotal: number;
  deliveryFee: number;
  parcels: number;
};

/**
 * Lines grouped by shipping shop (in the order they come), each with its subtotal (every line at
 * the catalogue's price, except goods whose sales ended: they cannot be ordered, so they cost
 * nothing) and its fee: the shipping shop's, under each product's own rule (decision 110).
 */
export function shippingGroups(lines: ResolvedLine[]): ShippingGroup[] {
  const groups = new Map<string, { first: ResolvedLine; lines: ResolvedLine[] }>();
  for (const line of lines) {
    const key = groupKey(line);
    const group = groups.get(key);
    if (group) group.lines.push(line);
    else groups.set(key, { first: line, lines: [line] });
  }
  // The shop that owns the goods ships them, so its fee and free-delivery threshold apply.
  return [...groups.values()].map(({ first, lines }) => ({
    first,
    lines,
    ...groupDelivery(
      lines.map((l) => ({
        ...l,
        goods: l.goods_id,
        rule: l.delivery_rule,
        fee: l.delivery_fee,
        perQty: l.delivery_per_qty,
      })),
      { fee: first.origin_delivery_fee, freeFrom: first.origin_free_threshold },
    ),
  }));
}

const thresholdDecides = (lines: ResolvedLine[]) =>
  lines.every((l) => l.delivery_rule !== "fixed") && lines.some((l) => l.delivery_rule === "shop");

/** The cart view (spec §2, §3): groups with subtotal, fee and total, and the grand total. */
export function buildCart(lines: ResolvedLine[], platformDomain: string, requestUrl: URL, quickOrder: boolean): Cart {
  const groups: CartGroup[] = shippingGroups(lines).map(({ first, lines, subTotal, deliveryFee }) => ({
    key: groupKey(first),
    uid: first.uid,
    origin_uid: first.origin_uid,
    shop_name: first.shop_name,
    shop_name_origin: first.shop_name_origin,
    dom: first.origin_dom,
    url: shopOrigin({ dom: first.origin_dom, dom3: first.origin_dom3 }, platformDomain, requestUrl),
    data: lines.map(toItem),
    sub_total: subTotal,
    my_delivery_fee: deliveryFee,
    total: subTotal + deliveryFee,
    // The cart's "N원 더 담으면 무료배송" hint reads it: only where the threshold alone decides the
    // fee (decision 110), not beside a fixed-fee product's own box nor over free goods only.
    free_delivery_threshold: thresholdDecides(lines) ? first.origin_free_threshold : 0,
  }));
  const prices = orderPrices(groups.map((g) => ({ subTotal: g.sub_total, deliveryFee: g.my_delivery_fee })));
  return {
    groups,
    count: lines.length,
    sub_total: prices.itemsPrice,
    delivery_fee: prices.deliveryPrice,
    total: prices.totalPrice,
    has_error: groups.some((g) => g.data.some((i) => i.error !== null)),
    quick_order: quickOrder,
  };
}

/** get/delivery_fee/v3: per shipping group, its subtotal and fee. */
export function fees(lines: ResolvedLine[]): FeeResult[] {
  return shippingGroups(lines).map((g) => ({
    uid: g.first.uid,
    from_uid: g.first.origin_uid,
    sub_price: g.subTotal,
    delivery_fee: g.deliveryFee,
  }));
}

/** A line in the spec's local form, rebuilt from the catalogue. */
export function toLocalLine(line: ResolvedLine, newitem: boolean): CartLine {
  return {
    sid: line.sid,
    pid2: line.pid2,
    pid3: line.pid3,
    qty: line.qty,
    newitem,
    uid: line.uid,
    origin_uid: line.origin_uid,
    sort: line.sort,
    default_option: line.default_option === 1,
    shop_name: line.shop_name,
    shop_name_origin: line.shop_name_origin,
    dom: line.origin_dom,
    name: line.name,
    opt_name: line.opt_name,
    price: line.price,
    image: line.image,
  };
}
