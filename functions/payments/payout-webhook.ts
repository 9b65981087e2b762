import { z } from "zod";
import type { ApiContext } from "../api/context";
import type { Door } from "../api/door-type";
import { json } from "../api/http";
import { webhookSigned } from "./jwe";
import { TossPayout, TossSeller } from "./toss-payouts";

/**
 * Toss's 지급대행 webhooks (issue 52 item 1, decision 178): `payout.changed` and `seller.changed`,
 * registered once for the platform's contract, at this path on any host. Unlike payment events
 * they are signed: the HMAC-SHA256 of `{raw body}:{transmission time}` under the platform's
 * security key, checked over the raw bytes before anything is parsed. A payout's state only moves
 * forward (functions/db/payouts.ts advance), so a repeated, late or out-of-order delivery changes
 * nothing it should not; an unknown payout or seller is answered 200 so Toss stops.
 */
export const PAYOUT_WEBHOOK_PATH = "/api/payouts/toss/webhook";

const MAX_BODY = 32 * 1024;
/** A delivery signed longer ago than this is refused (a replay); Toss's retries are signed anew. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

const Event = z.object({
  eventType: z.enum(["payout.changed", "seller.changed"]),
  entityBody: z.unknown(),
});

const answer = (status: number, result: string) => json({ result }, { status });

async function payoutWebhook(ctx: ApiContext): Promise<Response> {
  const key = ctx.config.PLATFORM_TOSS_SECURITY_KEY;
  if (!key) return answer(404, "NOT_FOUND");
  const raw = await ctx.request.text();
  if (raw.length > MAX_BODY) return answer(413, "TOO_LARGE");
  const signature = ctx.request.headers.get("tosspayments-webhook-signature") ?? "";
  const sentAt = ctx.request.headers.get("tosspayments-webhook-transmission-time") ?? "";
  if (!signature || !sentAt || !(await webhookSigned(key, raw, sentAt, signature))) {
    ctx.log.info("payout webhook with a bad signature");
    return answer(401, "BAD_SIGNATURE");
  }
  const sent = Date.parse(sentAt);
  if (!Number.isFinite(sent) || Math.abs(Date.now() - sent) > MAX_AGE_MS) return answer(401, "STALE");
  let parsed;
  try {
    parsed = Event.safeParse(JSON.parse(raw));
  } catch {
    return answer(400, "BAD_JSON");
  }
  if (!parsed.success) return answer(400, "BAD_BODY");
  const now = Date.now();
  if (parsed.data.eventType === "payout.changed") {
    const payout = TossPayout.safeParse(parsed.data.entityBody);
    if (!payout.success) return answer(400, "BAD_BODY");
    const p = payout.data;
    const row = await ctx.db.payouts.advance(p.refPayoutId, p.status, {
      payoutId: p.id,
      code: p.error?.code,
      message: p.error?.message,
      now,
    });
    return answer(200, row ? "OK" : "IGNORED");
  }
  const seller = TossSeller.safeParse(parsed.data.entityBody);
  if (!seller.success) return answer(400, "BAD_BODY");
  const known = await ctx.db.payouts.setSellerStatus(seller.data.id, seller.data.status, now);
  return answer(200, known ? "OK" : "IGNORED");
}

export const payoutWebhookDoor: Door = { kind: "callback", methods: ["POST"], handle: payoutWebhook };
