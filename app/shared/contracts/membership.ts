/**
 * Shop membership and points (spec §3 Membership / points, §7 join, cancel, ismember), spread into
 * `api` by index.ts. Joining and cancelling change state, so they are POST here although the
 * spec lists GET; a GET answers 405 (docs/decisions/030).
 */
import { z } from "zod";
import { endpoint, id } from "./core";

const shopid = id;

/** One entry of the point history: earned (amount > 0) or used (amount < 0). */
export const PointEntry = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  /** 'join' for the sign-up bonus. */
  reason: z.string(),
  /** When it was recorded (ms since the epoch). */
  created_at: z.number(),
  /** When what is left of it lapses (ms), or null when it does not. */
  expiration: z.number().nullable(),
  /** What is left of it, lapsing at `expiration` (0 once it has lapsed). */
  rem_value: z.number().int(),
  expired: z.boolean(),
});
export type PointEntry = z.infer<typeof PointEntry>;

/** ismember's answer; `id` is null for someone who is not a member of the shop (or a guest). */
export const Membership = z.object({
  id: z.number().int().nullable(),
  joined_at: z.number().nullable(),
  /** Points usable now (default 0). */
  point: z.number().int(),
  list_history: z.array(PointEntry),
  /** What joining would grant now: the shop's join_point, or 0 (points off, or granted before). */
  join_point: z.number().int(),
});
export type Membership = z.infer<typeof Membership>;

/** Joining requires agreeing to the privacy policy (spec §5): JSON true, or a checked form box. */
const agreed = z.union([z.literal(true), z.enum(["on", "1", "true"])]).transform(() => true as const);

export const membershipApi = {
  isMember: endpoint({
    method: "GET",
    path: "/api/myshp/ismember",
    query: z.object({ shopid }),
    response: Membership,
  }),
  /** Joins the shop of this host; the first time ever also grants its join_point. */
  joinShop: endpoint({
    method: "POST",
    path: "/api/myshp/join",
    query: z.object({ shopid }),
    body: z.object({ agree: agreed }),
    response: Membership.extend({
      /** False when the caller was a member already (nothing changed). */
      joined: z.boolean(),
      /** Points this call granted. */
      granted: z.number().int(),
    }),
  }),
  /** Ends the membership of the shop of this host; its points are forfeited. */
  cancelShop: endpoint({
    method: "POST",
    path: "/api/myshp/cancel",
    query: z.object({ shopid }),
    body: z.object({}).optional(),
    response: Membership.extend({ canceled: z.boolean() }),
  }),
} as const;
