/**
 * The order sheet's fields as data, without zod: the page renders its inputs' limits from here
 * (maxLength, pattern, required) and `forms/order.ts` builds the schema the action and the API
 * check with. One place for each rule.
 */

/** A phone number as shoppers type it: digits, spaces, +, - and brackets. Also an HTML pattern. */
export const PHONE_PATTERN = String.raw`[0-9+\-\(\) ]{8,20}`;
/** An e-mail address, loosely: something@domain.tld. Also an HTML pattern. */
export const EMAIL_PATTERN = String.raw`[^\s@]+@[^\s@]+\.[^\s@]+`;
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

type FieldRule = { max: number; required: boolean; pattern?: string };

/**
 * Limits in characters. The page asks for the receiver too; a form that leaves the receiver out
 * gets the orderer's name and phone (the action fills them in), and the API always gets them.
 */
export const ORDER_FIELDS: Record<OrderFieldName, FieldRule> = {
  orderer_name: { max: 40, required: true },
  orderer_phone: { max: 20, required: true, pattern: PHONE_PATTERN },
  receiver_name: { max: 40, required: true },
  receiver_phone: { max: 20, required: true, pattern: PHONE_PATTERN },
  postcode: { max: 6, required: true, pattern: POSTCODE_PATTERN },
  address: { max: 200, required: true },
  detail: { max: 200, required: false },
  memo: { max: 200, required: false },
  depositor: { max: 40, required: false },
  // Where a guest gets the order's mail (a member's goes to their account's address).
  email: { max: 254, required: false, pattern: EMAIL_PATTERN },
};

export const ORDER_FIELD_NAMES = Object.keys(ORDER_FIELDS) as OrderFieldName[];
