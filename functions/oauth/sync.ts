/**
 * Kakao Sync (decision 177): what a Kakao login brings beyond the person's id — their mobile
 * number and shipping addresses, when the platform's app has those consent items and the person
 * agreed — and how it fills an account's missing details. Personal data: never logged, kept in a
 * ticket only until the sign-up uses it.
 */
import { z } from "zod";
import type { ApiContext } from "../api/context";
import type { OAuthProfile, ProviderAddress } from "../auth/oauth-providers";

const Address = z.object({
  receiver_name: z.string().min(1).max(40),
  receiver_phone: z.string().regex(/^01\d{8,9}$/),
  postcode: z.string().regex(/^\d{5}$/),
  address: z.string().min(1).max(200),
  detail: z.string().max(200),
  is_default: z.boolean(),
});

/** What a ticket carries from the callback to the sign-up. */
export const SyncDetails = z.object({
  phone: z
    .string()
    .regex(/^01\d{8,9}$/)
    .nullable(),
  addresses: z.array(Address).max(10),
});
export type SyncDetails = z.infer<typeof SyncDetails>;

export function syncOf(profile: OAuthProfile, addresses: ProviderAddress[]): SyncDetails | null {
  const phone = profile.phone ?? null;
  return phone || addresses.length > 0 ? { phone, addresses } : null;
}

/** A ticket's column back to details; anything unreadable is nothing to fill. */
export function readSync(json: string | null): SyncDetails | null {
  if (!json) return null;
  try {
    const parsed = SyncDetails.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Fills the account's missing phone and addresses; only counts reach the log. */
export async function applySync(ctx: ApiContext, uid: number, details: SyncDetails | null): Promise<void> {
  if (!details) return;
  const filled = await ctx.db.settings.fillFromProvider(uid, details, Date.now());
  ctx.log.info("kakao sync filled", { phone: filled.phone, addresses: filled.addresses });
}
