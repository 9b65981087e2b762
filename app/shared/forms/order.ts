/**
 * The order sheet's schema (결제하기), from the rules in `order-fields.ts`: the page's action
 * parses the form with it and shows each message next to its field; the API contract's
 * PayOrderBody is built from the same field schemas. Server-side only on the storefront: the page
 * itself renders the same limits as HTML attributes, so zod stays out of its bundle.
 */
import * as z from "zod";
import { PAY_CHOICES } from "../limits";
import { koOrder } from "../messages/cart";
import { ORDER_FIELDS, type OrderFieldName } from "./order-fields";
import { checkbox, requiredBox } from "./checkbox";
import { charCount } from "./text";
import { phoneDigits, validPhone } from "../phone";

const t = koOrder.fieldErrors;

/** Trimmed NFC text within the field's limit; "" when left out. */
function field(name: OrderFieldName) {
  const rule = ORDER_FIELDS[name];
  let schema = z
    .string()
    .default("")
    .transform((v) => v.trim().normalize("NFC"))
    .refine((v) => charCount(v) <= rule.max, { error: t.tooLong(rule.max) });
  if (rule.pattern) {
    const pattern = new RegExp(`^(?:${rule.pattern})$`);
    schema = schema.refine((v) => v === "" || pattern.test(v), { error: t.pattern[name] ?? t.invalid });
  }
  // Phones: refused unless a Korean number, then kept as digits only (issue 40, decision 130);
  // every page shows them with hyphens (formatPhone).
  if (rule.phone) {
    return schema
      .refine((v) => v === "" || validPhone(v), { error: t.pattern[name] ?? t.invalid })
      .transform((v) => (v === "" ? "" : phoneDigits(v)));
  }
  return schema;
}

/** A field that must be filled in, with the message that names it. */
function filled(name: OrderFieldName, message: string) {
  return field(name).refine((v) => v.length > 0, { error: message });
}

/** The fields as the API takes them: every required one present. */
export const orderFields = {
  orderer_name: filled("orderer_name", t.ordererName),
  orderer_phone: filled("orderer_phone", t.phone),
  receiver_name: filled("receiver_name", t.receiverName),
  receiver_phone: filled("receiver_phone", t.phone),
  postcode: filled("postcode", t.postcode),
  address: filled("address", t.address),
  detail: field("detail"),
  memo: field("memo"),
  depositor: field("depositor"),
  email: field("email").transform((v) => v.toLowerCase()),
  /** Points used (a member of the shop): whole won, empty for none. */
  points: z
    .union([z.number(), z.string()])
    .default(0)
    .transform((v) => (typeof v === "string" ? v.replace(/[,\s]/g, "") : String(v)))
    .refine((v) => v === "" || /^\d{1,9}$/.test(v), { error: koOrder.points.invalid })
    .transform((v) => (v === "" ? 0 : Number(v))),
  /**
   * The total the sheet showed when 결제하기 was pressed (decision 110): the order is paid at it or
   * not at all, so an address that changes the 제주/도서산간 extra shows the sheet again. Absent: no check.
   */
  shown_total: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v) => (v === undefined || v === null || v === "" ? null : Number(String(v).replace(/[,\s]/g, ""))))
    .refine((v) => v === null || (Number.isSafeInteger(v) && v >= 0), { error: t.invalid }),
  /** [필수] 주문 내용 확인 및 결제 동의. */
  agree_order: requiredBox(koOrder.agreeOrderError),
  /**
   * 개인정보 제3자 제공 동의: required only when another shop ships part of the order, which the
   * API (and the sheet's action) know from the order itself.
   */
  agree_third_party: checkbox.default(false),
  /** 구매안전서비스(에스크로) asked for on a virtual account, where the shop offers it. */
  escrow: checkbox.default(false),
  /** [선택] 알림톡 to the orderer's phone (decision 131): unticked unless the buyer ticks it. */
  agree_notify: checkbox.default(false),
};

export const PayMethodField = z.enum(PAY_CHOICES, { error: t.payMethod });

/**
 * The sheet as a shopper fills it in: the receiver may be left empty (the orderer then), and the
 * depositor too (the orderer's name then, on the server). Output: the API's body minus the id.
 */
export const OrderSheetForm = z
  .object({
    // Bank transfer is the sheet's preselected choice: a form without one means it.
    pay_method: PayMethodField.default("bank"),
    orderer_name: orderFields.orderer_name,
    orderer_phone: orderFields.orderer_phone,
    receiver_name: field("receiver_name"),
    receiver_phone: field("receiver_phone"),
    postcode: orderFields.postcode,
    address: orderFields.address,
    detail: orderFields.detail,
    memo: orderFields.memo,
    depositor: orderFields.depositor,
    email: orderFields.email,
    points: orderFields.points,
    shown_total: orderFields.shown_total,
    agree_order: orderFields.agree_order,
    agree_third_party: orderFields.agree_third_party,
    escrow: orderFields.escrow,
    agree_notify: orderFields.agree_notify,
  })
  .transform(({ depositor, ...v }) => ({
    ...v,
    receiver_name: v.receiver_name || v.orderer_name,
    receiver_phone: v.receiver_phone || v.orderer_phone,
    depositor: depositor || undefined,
  }));
export type OrderSheetInput = z.output<typeof OrderSheetForm>;
