/**
 * What a buyer or a shop owner sends to move an order (decision 054): the action and what it
 * needs. One schema for the API contract and the pages' actions; messages in Korean, field by
 * field. Which action is allowed now is the machine's answer (app/shared/order-machine.ts), not
 * this schema's.
 */
import * as z from "zod";
import { COURIER_IDS, normaliseTrackingNo, TRACKING_NO } from "../couriers";
import { koLifecycle } from "../messages/lifecycle";
import { ORDER_ACTIONS } from "../order-machine";
import { charCount } from "./text";
import { MAX_LINE_QTY } from "../limits";
import { SALE_CANCEL_REASONS } from "../sale-cancel";

const t = koLifecycle.fieldErrors;

const text = (max: number) =>
  z
    .string()
    .default("")
    .transform((v) => v.trim().normalize("NFC"))
    .refine((v) => charCount(v) <= max, { error: t.tooLong(max) });

export const orderActionField = z.enum(ORDER_ACTIONS, { error: t.action });

/** Reasons and notes: what the other side reads on the timeline. */
export const reasonField = text(500);

export const BuyerActionBody = z.object({
  id: z.coerce.number().int().positive(),
  action: orderActionField,
  reason: reasonField,
  refund_bank: text(20),
  refund_account: text(30).refine((v) => v === "" || /^[0-9-]{8,30}$/.test(v), { error: t.refundAccount }),
  refund_holder: text(30),
});

export const OwnerActionBody = z
  .object({
    id: z.coerce.number().int().positive(),
    action: orderActionField,
    note: reasonField,
    /** 판매취소's reason from the short list; its note is the detail, required for 기타. */
    sale_reason: z.union([z.enum(SALE_CANCEL_REASONS), z.literal("")], { error: t.saleCancelReason }).default(""),
    courier: z.union([z.enum(COURIER_IDS), z.literal("")]).default(""),
    tracking_no: text(30)
      .transform(normaliseTrackingNo)
      .refine((v) => v === "" || TRACKING_NO.test(v), { error: t.trackingNo }),
    /**
     * A return's quantity per line, in the order's line order (accept_refund, refund_after_done;
     * decision 104). Empty: every line comes back whole.
     */
    return_qty: z
      .array(
        z.coerce
          .number({ error: t.returnQty })
          .int({ error: t.returnQty })
          .min(0, { error: t.returnQty })
          .max(MAX_LINE_QTY, { error: t.returnQty }),
      )
      .max(200)
      .default([]),
    /**
     * A line's 판매취소 (seller_cancel_line, decision 176) or its owed refund (line_refund_done,
     * decision 179): the line's place in the order's line order.
     */
    line: z.union([z.literal("").transform(() => undefined), z.coerce.number().int().min(0).max(199)]).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === "seller_cancel_line" && v.line === undefined) {
      ctx.addIssue({ code: "custom", path: ["line"], message: t.line });
    }
    if (v.action === "line_refund_done" && v.line === undefined) {
      ctx.addIssue({ code: "custom", path: ["line"], message: t.lineRefund });
    }
    // Only 판매취소 (of the order or of one line) takes a reason from the list: it must have one,
    // and 기타 its words.
    if (v.action !== "seller_cancel" && v.action !== "seller_cancel_line") return;
    if (!v.sale_reason) ctx.addIssue({ code: "custom", path: ["sale_reason"], message: t.saleCancelReason });
    else if (v.sale_reason === "other" && !v.note) {
      ctx.addIssue({ code: "custom", path: ["note"], message: t.saleCancelDetail });
    }
  });
