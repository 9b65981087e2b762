/**
 * The order sheet's fields as data, without zod: the page renders its inputs' limits from here
 * (maxLength, pattern, required) and `forms/order.ts` builds the schema the action and the API
 * check with. One place for each rule.
 */

import { validPhone } from "../phone";

/** An e-mail address, loosely: something@domain.tld. Also an HTML pattern. */
export const EMAIL_PATTERN = String.raw`[^\s@]+@[^\s@]+\.[^\s@]+`;
/** The longest address (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX = 254;
/** Five-digit road-name postcodes (and the old six). */
export const POSTCODE_PATTERN = "[0-9]{5,6}";

export type OrderFieldName =
  | "orderer_name"
  | "orderer_phone"
  | "receiver_name"
  | "receiver_phone"
  | "postcode"
  | "address"
  | "detail"
  | "memo"
  | "depositor"
  | "email";

/**
 * `phone`: the one phone rule of `../phone.ts` (issue 40), not an HTML pattern: a pattern can
 * neither tell 12345678 from a number nor store one normal form.
 */
type FieldRule = { max: number; required: boolean; pattern?: string; phone?: true };

/**
 * Limits in characters. The page asks for the receiver too; a form that leaves the receiver out
 * gets the orderer's name and phone (the action fills them in), and the API always gets them.
 */
export const ORDER_FIELDS: Record<OrderFieldName, FieldRule> = {
  orderer_name: { max: 40, required: true },
  orderer_phone: { max: 20, required: true, phone: true },
  receiver_name: { max: 40, required: true },
  receiver_phone: { max: 20, required: true, phone: true },
  postcode: { max: 6, required: true, pattern: POSTCODE_PATTERN },
  address: { max: 200, required: true },
  detail: { max: 200, required: false },
  memo: { max: 200, required: false },
  depositor: { max: 40, required: false },
  // Where a guest gets the order's mail (a member's goes to their account's address).
  email: { max: EMAIL_MAX, required: false, pattern: EMAIL_PATTERN },
};

export const ORDER_FIELD_NAMES = Object.keys(ORDER_FIELDS) as OrderFieldName[];

/**
 * Whether a typed value meets its field's rule, without zod: the page takes a field's message
 * away with it as soon as the value does (issue 40), by the same rules the schema refuses with.
 * `required` as the schema has it for the field (the receiver may be left empty on the sheet).
 */
export function meetsRule(name: OrderFieldName, value: string, required = ORDER_FIELDS[name].required): boolean {
  const rule = ORDER_FIELDS[name];
  const v = value.trim();
  if (v === "") return !required;
  if ([...v.normalize("NFC")].length > rule.max) return false;
  if (rule.phone) return validPhone(v);
  return !rule.pattern || new RegExp(`^(?:${rule.pattern})$`).test(v);
}
