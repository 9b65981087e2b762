/** The console's daily work (issue 36 item 5, decision 109): order export, tracking upload, dashboard. */
import { z } from "zod";
import { ORDER_STATUSES } from "../order-status";
import { TrackingUploadBody } from "../forms/tracking";
import { endpoint } from "./core";
import { LEGAL_FIELDS } from "../seller";

/** One order as a courier's bulk upload wants it; the page writes these as CSV. */
export const ExportRow = z.object({
  id: z.number().int(),
  receiver_name: z.string().nullable(),
  receiver_phone: z.string().nullable(),
  postcode: z.string().nullable(),
  address: z.string().nullable(),
  address_detail: z.string().nullable(),
  first_item: z.string().nullable(),
  item_count: z.number().int(),
  qty: z.number().int(),
  memo: z.string().nullable(),
  /** What the buyer pays after points (the money module's `amountDue`). */
  amount_due: z.number().int(),
  status: z.string(),
  pay_method: z.string().nullable(),
  refund_after_done: z.boolean(),
  smart: z.boolean(),
});
export type ExportRow = z.infer<typeof ExportRow>;

export const TrackingProblem = z.object({ line: z.number().int(), message: z.string() });
export type TrackingProblem = z.infer<typeof TrackingProblem>;

const StatusCount = z.object({ status: z.enum(ORDER_STATUSES), n: z.number().int() });

export const Dashboard = z.object({
  today: z.object({ orders: z.number().int(), sales: z.number().int() }),
  /** The last 30 days in Korea's calendar, oldest first, every day present. */
  days: z.array(z.object({ day: z.string(), orders: z.number().int(), sales: z.number().int() })),
  waiting: z.object({
    deposit: z.array(StatusCount),
    shipping: z.array(StatusCount),
    claims: z.array(StatusCount),
    /** Conversations with a member's message the shop has not read. */
    messages: z.number().int(),
  }),
  /** What a new shop still lacks before it can sell, and its 알림톡: shown until all are done. */
  setup: z.object({
    products: z.boolean(),
    payment: z.boolean(),
    /** The seller details the law asks for are all there (legalGaps empty, decision 175). */
    business: z.boolean(),
    /** The owner saved the 배송비 section once (a restaurant: always). */
    delivery: z.boolean(),
    notify: z.boolean(),
  }),
  /** Which seller details are still missing (app/shared/seller.ts): the business step names them. */
  legal_gaps: z.array(z.enum(LEGAL_FIELDS)),
  /** Reviews written in this shop's orders in the last 7 days; 상품문의 still waiting for an answer. */
  feedback: z.object({ reviews: z.number().int(), questions: z.number().int() }),
});
export type Dashboard = z.infer<typeof Dashboard>;

export const dailyApi = {
  adminOrderExport: endpoint({
    method: "GET",
    path: "/api/myshp/admin/orders/export",
    query: z.object({
      status: z.enum(ORDER_STATUSES).optional(),
      q: z.string().trim().max(40).optional(),
    }),
    response: z.object({ rows: z.array(ExportRow), capped: z.boolean() }),
  }),
  adminTrackingUpload: endpoint({
    method: "POST",
    path: "/api/myshp/admin/tracking/upload",
    query: z.object({}),
    body: TrackingUploadBody,
    response: z.object({ shipped: z.array(z.number().int()), problems: z.array(TrackingProblem) }),
  }),
  adminDashboard: endpoint({
    method: "GET",
    path: "/api/myshp/admin/dashboard",
    query: z.object({}),
    response: Dashboard,
  }),
};
