/** Server-side commerce events and the owner's tag settings (issue 14, decision 070). */
import { z } from "zod";
import { TrackingIdsBody } from "../forms/admin";
import { EVENT_ID_PATTERN } from "../tracking";
import { endpoint, id } from "./core";

export const ServerEventStatus = z.enum(["pending", "sent", "logged", "failed"]);

export const ServerEventItem = z.object({
  event_id: z.string(),
  event: z.enum(["purchase", "add_to_cart"]),
  order_id: z.number().int().nullable(),
  value: z.number().int().nullable(),
  status: ServerEventStatus,
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.number(),
});
export type ServerEventItem = z.infer<typeof ServerEventItem>;

export const trackingApi = {
  /**
   * spec §7: a commerce event sent from the server. `client_id` is the Google Analytics client id
   * of the shopper's _ga cookie (empty when there is none). A purchase is the caller's own placed
   * order of this shop, its id `purchase-{order_id}`; an add-to-cart names the lines and the id the
   * browser's event carries. Only with the shopper's marketing consent, and only for a shop with tags.
   */
  syncEvent: endpoint({
    method: "POST",
    path: "/api/ext/dom/sync/event",
    query: z.object({
      client_id: z
        .string()
        .trim()
        .max(100)
        .regex(/^[\w.-]*$/)
        .default(""),
      event: z.enum(["purchase", "add_to_cart"]),
      order_id: id.optional(),
    }),
    body: z
      .object({
        event_id: z.string().regex(EVENT_ID_PATTERN).optional(),
        source_url: z
          .url({ protocol: /^https?$/ })
          .max(1000)
          .optional(),
        items: z
          .array(z.object({ pid2: id, pid3: id, qty: z.coerce.number().int().min(1).max(999).default(1) }))
          .min(1)
          .max(20)
          .optional(),
      })
      .default({}),
    response: z.object({ event_id: z.string(), status: ServerEventStatus, duplicate: z.boolean() }),
  }),
  adminTracking: endpoint({
    method: "POST",
    path: "/api/myshp/admin/tracking",
    query: z.object({}),
    body: TrackingIdsBody,
    response: TrackingIdsBody,
  }),
  /** The tag ids as stored, the newest server events, and whether an endpoint takes them. */
  adminServerEvents: endpoint({
    method: "GET",
    path: "/api/myshp/admin/events",
    query: z.object({}),
    response: z.object({ ids: TrackingIdsBody, items: z.array(ServerEventItem), endpoint: z.boolean() }),
  }),
};
